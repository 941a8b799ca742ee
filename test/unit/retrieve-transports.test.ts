import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { copyFixture, removeDir, REPO_ROOT } from './helpers';

const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');
const RETRIEVE_TOOLS = [
  'list_repositories', 'list_collections', 'route', 'outline', 'repository_readme', 'retrieve', 'collection_search',
  'read_node', 'read_file_range', 'wiki_page', 'collection_document', 'read_chunk', 'related', 'search_symbols',
];
/** search_symbols is of the navigate group (DESIGN.md); the other thirteen are the retrieve group. */

/** The retrieve group through both front doors of the built CLI (npm test builds dist/ first). */
describe('retrieve tools through sightline call and serve --stdio', () => {
  let root: string;
  let slug: string;
  before(() => {
    root = copyFixture('docs-repo');
    slug = path.basename(root);
  });
  after(() => removeDir(root));

  describe('sightline call', () => {
    const call = (tool: string, args: Record<string, unknown>) => spawnSync(process.execPath, [CLI, 'call', tool, JSON.stringify(args), '--root', root], { encoding: 'utf8' });

    it('retrieve answers a question with a citation', () => {
      const r = call('retrieve', { query: 'How do I rotate the signing key?', repository: slug, top_k: 3 });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).results[0].chunk_id, 'docs/guide.md#rotating-the-signing-key');
    });
    it('retrieve defaults to the only workspace folder when no repository is named', () => {
      const r = call('retrieve', { query: 'parseInvoiceTotal', mode: 'code', top_k: 1 });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).repository, slug);
    });
    it('search_symbols, read_chunk and wiki_page answer', () => {
      assert.equal(JSON.parse(call('search_symbols', { query: 'parseInvoceTotal' }).stdout).symbols[0].name, 'parseInvoiceTotal');
      assert.match(JSON.parse(call('read_chunk', { collection_id: `${slug}:docs`, chunk_id: 'docs/guide.md#backups' }).stdout).text, /ledgerly restore/);
      assert.equal(JSON.parse(call('wiki_page', { repository: slug, page: 'src/billing', section: 'Purpose' }).stdout).section, 'Purpose');
    });
    it('--doc-collection adds a collection from a glob', () => {
      const r = spawnSync(process.execPath, [CLI, 'call', 'list_collections', '{"search":"glob"}', '--root', root, '--doc-collection', '**/README.md'], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout).collections.map((c: { id: string; documents: number }) => [c.id, c.documents]), [[`${slug}:glob:**/README.md`, 2]]);
    });
    it('exits 2 on an out-of-bounds argument and 1 on a refused path, with the reason on stderr', () => {
      const bounds = call('collection_search', { collection_id: `${slug}:docs`, query: 'x', snippet_chars: 5000 });
      assert.equal(bounds.status, 2);
      assert.match(bounds.stderr, /`snippet_chars`: Too big/);
      const escape = call('read_file_range', { repository: slug, path: '../../etc/passwd', start_line: 1, end_line: 1 });
      assert.equal(escape.status, 1);
      assert.match(escape.stderr, /Error \(outsideWorkspace\)/);
      const outline = call('outline', {});
      assert.equal(outline.status, 1);
      assert.match(outline.stderr, /exactly one of `repository` or `collection_id`/);
    });
  });

  describe('serve --stdio with a real MCP client', () => {
    let client: Client;
    before(async () => {
      client = new Client({ name: 'sightline-test', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'serve', '--stdio', '--root', root], stderr: 'pipe' }));
    });
    after(async () => client?.close());

    it('lists the fourteen retrieve tools, read-only, with the bounds in their schemas', async () => {
      const { tools } = await client.listTools();
      for (const name of RETRIEVE_TOOLS) {
        const tool = tools.find((t) => t.name === name);
        assert.ok(tool, `${name} is listed`);
        assert.equal(tool.annotations?.readOnlyHint, true, `${name} is read-only`);
      }
      const props = (name: string) => tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, { minimum?: number; maximum?: number }>;
      assert.equal(props('retrieve').top_k.minimum, 1);
      assert.ok(!(props('retrieve').top_k.maximum! <= 25), 'top_k of retrieve above 25 is clamped, not refused');
      assert.deepEqual([props('retrieve').snippet_chars.minimum, props('retrieve').snippet_chars.maximum], [80, 4000]);
      assert.deepEqual([props('related').depth.minimum, props('related').depth.maximum], [1, 2]);
      assert.deepEqual([props('route').top_k.minimum, props('route').top_k.maximum], [1, 10]);
    });
    it('calls retrieve and read_node: JSON text and the same structuredContent', async () => {
      const r = await client.callTool({ name: 'retrieve', arguments: { query: 'invoice total', repository: slug, mode: 'code', top_k: 100 } });
      assert.notEqual(r.isError, true);
      const structured = r.structuredContent as { top_k: number; results: { symbol_id: string }[]; freshness: object };
      assert.equal(structured.top_k, 25);
      assert.equal(structured.results[0].symbol_id, 'src/billing/invoice.ts#parseInvoiceTotal');
      assert.ok(structured.freshness);
      assert.deepEqual(JSON.parse((r.content as { text: string }[])[0].text), structured);
      const node = await client.callTool({ name: 'read_node', arguments: { node_id: structured.results[0].symbol_id } });
      assert.match((node.structuredContent as { body: string }).body, /^export function parseInvoiceTotal/);
    });
    it('answers a refused span and an out-of-bounds argument as errors naming the bound', async () => {
      const span = await client.callTool({ name: 'read_file_range', arguments: { repository: slug, path: 'README.md', start_line: 1, end_line: 1001 } });
      assert.equal(span.isError, true);
      assert.match((span.content as { text: string }[])[0].text, /at most 1000 lines/);
      const bound = await client.callTool({ name: 'list_collections', arguments: { limit: 0 } });
      assert.equal(bound.isError, true);
      assert.match((bound.content as { text: string }[])[0].text, /limit/);
    });
  });
});
