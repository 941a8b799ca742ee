import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';
import { createMcpServer } from '../../src/mcp/server';
import { ALL_TOOLS } from '../../src/tools/registry';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../src/tools/shared/tool';
import { contextFor, copyFixture, removeDir } from './helpers';

/**
 * Every tool declares an outputSchema, and the MCP SDK's client validates every answer against it: a real
 * client calls each tool that answers headless, on a real index, and an answer that breaks its schema fails.
 */
describe('tool output schemas, validated by a real MCP client', () => {
  let root: string;
  let ctx: ReturnType<typeof contextFor>;
  let client: Client;

  async function connect(tools: readonly ToolDefinition[]): Promise<Client> {
    const server = createMcpServer({ version: '0.0.0', tools, context: ctx });
    const c = new Client({ name: 'unit', version: '0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(a), c.connect(b)]);
    return c;
  }

  before(async () => {
    root = copyFixture('docs-repo');
    ctx = contextFor(root, { storageDir: null, workers: 0 });
    client = await connect(ALL_TOOLS);
    await client.listTools(); // the client caches the output validators from tools/list
  });

  after(async () => {
    await client.close();
    ctx.workspaces.dispose();
    removeDir(root);
  });

  async function call(name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
    const r = await client.callTool({ name, arguments: args });
    assert.ok(!r.isError, `${name} answered an error: ${JSON.stringify(r.content)}`);
    assert.ok(r.structuredContent, `${name} returned structuredContent`);
    assert.equal(typeof (r.structuredContent as { freshness?: { indexed_at?: unknown } }).freshness?.indexed_at, 'string', `${name} says how fresh it is`);
    return r.structuredContent;
  }

  it('lists an open object outputSchema naming the keys every answer has, for every tool', async () => {
    const { tools } = await client.listTools();
    assert.equal(tools.length, ALL_TOOLS.length);
    for (const t of tools) {
      assert.equal(t.outputSchema?.type, 'object', `${t.name} has an outputSchema`);
      // outline answers two shapes (a repository's folders or a collection's documents): no key is always there.
      // The keys are listed, not marked required: a `required` list per tool costs every agent ~2 KB of context.
      if (t.name !== 'outline') assert.ok(Object.keys(t.outputSchema?.properties ?? {}).length, `${t.name} names the keys every answer has`);
      assert.equal(t.outputSchema?.required, undefined, `${t.name}: no required list`);
      assert.deepEqual(t.outputSchema?.additionalProperties, {}, `${t.name}: other keys (freshness, hints) are allowed`);
    }
  });

  it('answers every headless tool with a result its schema accepts', async () => {
    const slug = path.basename(root);
    const answered = new Set<string>();
    const ask = async (name: string, args: Record<string, unknown>) => {
      answered.add(name);
      return call(name, args);
    };
    await ask('index_workspace', {});
    const id = 'src/billing/invoice.ts#parseInvoiceTotal';
    await ask('find_callers', { symbol: 'parseInvoiceTotal' });
    await ask('find_callees', { symbol: 'parseInvoiceLines' });
    await ask('blast_radius', { target: 'src/billing/money.ts' });
    await ask('dependency_graph', {});
    await ask('structural_search', { query: 'kind:function' });
    await ask('repo_summary', {});
    await ask('go_to_definition', { symbol: 'parseInvoiceTotal' });
    await ask('go_to_definition', { file: 'src/billing/invoice.ts', line: 10, character: 17 });
    await ask('find_references', { symbol: 'formatCurrency' });
    await ask('hover', { symbol: 'parseInvoiceTotal' });
    await ask('document_symbols', { file: 'src/billing/invoice.ts' });
    await ask('search_symbols', { query: 'invoice' });
    await ask('server_logs', {});
    await ask('list_repositories', {});
    const { collections } = await ask('list_collections', {});
    const collection = collections[0].id;
    await ask('route', { query: 'money' });
    await ask('outline', { repository: slug });
    await ask('outline', { collection_id: collection });
    await ask('repository_readme', { repository: slug });
    await ask('retrieve', { query: 'invoice total', mode: 'mixed' });
    const { hits } = await ask('collection_search', { collection_id: collection, query: 'invoice' });
    await ask('read_node', { node_id: id, with_graph: true, with_summary: true, with_linked_docs: true });
    await ask('read_file_range', { repository: slug, path: 'src/billing/invoice.ts', start_line: 1, end_line: 5 });
    await ask('wiki_page', { repository: slug, page: '.' });
    await ask('collection_document', { collection_id: collection, document_id: hits[0].document_id });
    await ask('read_chunk', { collection_id: collection, chunk_id: hits[0].chunk_id });
    await ask('related', { node_id: id });
    // The rest need VS Code's language servers: headless they answer `unsupported` (errors carry no structuredContent).
    const needVsCode = ALL_TOOLS.map((t) => t.name).filter((n) => !answered.has(n));
    assert.deepEqual(needVsCode.sort(), ['call_hierarchy', 'code_actions', 'completions', 'diagnostics', 'format_document', 'go_to_implementation', 'go_to_type_definition', 'inlay_hints', 'rename_symbol', 'signature_help']);
  });

  it('fails a call whose answer breaks the declared schema', async () => {
    const liar = defineTool({
      name: 'liar',
      title: 'Liar',
      description: 'Says its total is a number and answers a string.',
      group: 'graph',
      inputSchema: {},
      outputSchema: { total: z.number() },
      annotations: READ_ONLY,
      handler: async () => ({ total: JSON.parse('"seven"') }),
    });
    const c = await connect([liar]);
    try {
      await c.listTools();
      // The SDK's server checks the answer against the schema before sending it; the client checks it again.
      const r = await c.callTool({ name: 'liar', arguments: {} });
      assert.equal(r.isError, true);
      assert.match(JSON.stringify(r.content), /Output validation error: Invalid structured content for tool liar.*total/);
    } finally {
      await c.close();
    }
  });
});
