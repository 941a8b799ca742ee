import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { callTool, contextFor, copyFixture, removeDir } from './helpers';

describe('retrieve tools: reading what was found', () => {
  let root: string;
  let slug: string;
  let outside: string;
  let ctx: ReturnType<typeof contextFor>;

  before(() => {
    root = copyFixture('docs-repo');
    slug = path.basename(root);
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.md'), '# Secret\n\nDo not read me.\n');
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'docs', 'leak.md'));
    fs.symlinkSync(outside, path.join(root, 'docs', 'linked-folder'));
    ctx = contextFor(root, { storageDir: null });
  });
  after(() => {
    ctx.workspaces.dispose();
    removeDir(root);
    removeDir(outside);
  });

  describe('outline', () => {
    it('refuses both repository and collection_id, and neither', async () => {
      await assert.rejects(callTool(ctx, 'outline', { repository: slug, collection_id: `${slug}:docs` }), /exactly one of `repository` or `collection_id`/);
      await assert.rejects(callTool(ctx, 'outline', {}), /exactly one of `repository` or `collection_id`/);
    });
    it('of a repository: top-level folders and wiki page titles', async () => {
      const r = await callTool(ctx, 'outline', { repository: slug });
      assert.deepEqual(r.folders.map((f: { path: string }) => f.path), ['.', 'docs/', 'src/']);
      assert.deepEqual(r.wiki_pages.map((p: { page: string }) => p.page), ['.', 'src/billing', 'src/shipping']);
      assert.equal(r.wiki_pages[1].purpose, 'Parses invoice files into line items and computes invoice totals in minor units.');
    });
    it('of a collection: documents with titles and a heading sketch; symlinks out are not documents', async () => {
      const r = await callTool(ctx, 'outline', { collection_id: `${slug}:docs` });
      assert.deepEqual(r.documents.map((d: { document_id: string }) => d.document_id), ['docs/export-format.md', 'docs/guide.md']);
      assert.equal(r.documents[1].title, 'Operator guide');
      assert.ok(r.documents[1].headings.includes('## Rotating the signing key'));
      assert.ok(r.documents[1].headings.includes('### Totals look wrong'));
    });
    it('holds at most 30 items per list and says how many more', async () => {
      const many = path.join(root, 'notes');
      fs.mkdirSync(many);
      for (let i = 0; i < 35; i++) fs.writeFileSync(path.join(many, `n${String(i).padStart(2, '0')}.md`), `# Note ${i}\n`);
      await ctx.engine.index();
      const r = await callTool(ctx, 'outline', { collection_id: `${slug}:notes` });
      assert.equal(r.documents.length, 30);
      assert.equal(r.more_documents, 5);
      removeDir(many);
      await ctx.engine.index();
    });
  });

  describe('repository_readme', () => {
    it('returns the README, or the generated overview when there is none', async () => {
      const r = await callTool(ctx, 'repository_readme', { repository: slug });
      assert.deepEqual([r.path, r.generated, r.truncated], ['README.md', false, false]);
      assert.match(r.text, /^# Ledgerly/);
      const bare = copyFixture('docs-repo');
      const bareCtx = contextFor(bare, { storageDir: null });
      try {
        fs.rmSync(path.join(bare, 'README.md'));
        const g = await callTool(bareCtx, 'repository_readme', { repository: path.basename(bare) });
        assert.equal(g.generated, true);
        assert.match(g.text, /## Modules\n\n- `src\/billing` — Parses invoice files/);
      } finally {
        bareCtx.workspaces.dispose();
        removeDir(bare);
      }
    });
    it('cuts a long README at a line within max_tokens', async () => {
      const r = await callTool(ctx, 'repository_readme', { repository: slug, max_tokens: 100 });
      assert.equal(r.truncated, true);
      assert.ok(r.text.length < 300);
      assert.ok(fs.readFileSync(path.join(root, 'README.md'), 'utf8').startsWith(`${r.text}\n`), 'cut at a line boundary');
    });
  });

  describe('read_node', () => {
    const id = 'src/billing/invoice.ts#parseInvoiceTotal';
    it("returns the symbol's body, whitespace collapsed, cut at snippet_chars", async () => {
      const full = await callTool(ctx, 'read_node', { node_id: id });
      assert.match(full.body, /^export function parseInvoiceTotal\(lines: InvoiceLine\[\], currency: string\): number \{ let total = 0;/);
      assert.equal(full.content_truncated, false);
      const cut = await callTool(ctx, 'read_node', { node_id: id, snippet_chars: 80 });
      assert.equal(cut.body.length, 80);
      assert.equal(cut.content_truncated, true);
      await assert.rejects(callTool(ctx, 'read_node', { node_id: id, snippet_chars: 79 }), /`snippet_chars`/);
    });
    it('adds callers and callees, a summary, and the markdown sections that mention it', async () => {
      const r = await callTool(ctx, 'read_node', { node_id: id, with_graph: true, with_summary: true, with_linked_docs: true });
      assert.deepEqual(r.graph.callers.map((c: { id: string }) => c.id).sort(), ['src/billing/invoice.ts#InvoiceReport.render', 'src/shipping/rates.ts#freeShippingApplies']);
      assert.equal(r.summary.doc, "Sums the lines of an invoice that are in the invoice's own currency, in minor units.");
      assert.equal(r.summary.callers, 2);
      assert.deepEqual(r.linked_docs.map((d: { chunk_id: string }) => d.chunk_id), ['docs/guide.md#totals-look-wrong']);
    });
    it('refuses an id that is not a node, suggesting near names', async () => {
      await assert.rejects(callTool(ctx, 'read_node', { node_id: 'src/billing/invoice.ts#parseInvoiceTotl' }), /No node .* Did you mean: src\/billing\/invoice.ts#parseInvoiceTotal/);
      await assert.rejects(callTool(ctx, 'read_node', { node_id: '../../etc/passwd#root' }), /No node/);
    });
  });

  describe('related', () => {
    it('gives the neighbourhood as nodes and edges, by direction and depth', async () => {
      const both = await callTool(ctx, 'related', { node_id: 'src/shipping/rates.ts#baseRate' });
      assert.deepEqual(both.nodes.map((n: { id: string }) => n.id).sort(), ['src/shipping/rates.ts#baseRate', 'src/shipping/rates.ts#quoteShipping', 'src/shipping/zones.ts#cheapestZoneRate']);
      assert.ok(both.edges.some((e: { from: string; to: string }) => e.from === 'src/shipping/rates.ts#quoteShipping' && e.to === 'src/shipping/rates.ts#baseRate'));
      const callees = await callTool(ctx, 'related', { node_id: 'src/shipping/rates.ts#quoteShipping', direction: 'callees' });
      assert.deepEqual(callees.nodes.map((n: { id: string }) => n.id).sort(), ['src/shipping/rates.ts#baseRate', 'src/shipping/rates.ts#quoteShipping', 'src/shipping/zones.ts#zoneOf']);
      const deep = await callTool(ctx, 'related', { node_id: 'src/billing/money.ts#formatCurrency', direction: 'callers', depth: 2 });
      assert.deepEqual(deep.nodes.map((n: { id: string; depth: number }) => [n.id, n.depth]), [['src/billing/money.ts#formatCurrency', 0], ['src/billing/invoice.ts#InvoiceReport.render', 1]]);
      await assert.rejects(callTool(ctx, 'related', { node_id: 'x', depth: 3 }), /`depth`/);
    });
    it('caps the neighbourhood at 50 nodes and says truncated', async () => {
      const file = path.join(root, 'src/hub.ts');
      fs.writeFileSync(file, `export function hub(): number {\n  return 1;\n}\n${Array.from({ length: 60 }, (_, i) => `export function spoke${i}(): number {\n  return hub();\n}\n`).join('')}`);
      await ctx.engine.index();
      const r = await callTool(ctx, 'related', { node_id: 'src/hub.ts#hub', direction: 'callers' });
      assert.equal(r.nodes.length, 50);
      assert.equal(r.total_nodes, 61);
      assert.equal(r.truncated, true);
      fs.rmSync(file);
      await ctx.engine.index();
    });
  });

  describe('read_file_range', () => {
    const read = (args: Record<string, unknown>) => callTool(ctx, 'read_file_range', { repository: slug, ...args });
    it('reads the lines asked for', async () => {
      const r = await read({ path: 'src/billing/money.ts', start_line: 5, end_line: 6 });
      assert.deepEqual([r.start_line, r.end_line, r.total_lines, r.content_truncated], [5, 6, 8, false]);
      assert.equal(r.text, '/** Formats minor units (cents) as text with two decimals and the currency code, rounding half to even. */\nexport function formatCurrency(cents: number, currency: string): string {');
    });
    it('clamps an end_line past the end and reports content_truncated', async () => {
      const r = await read({ path: 'src/billing/money.ts', start_line: 7, end_line: 1000 });
      assert.deepEqual([r.end_line, r.content_truncated], [8, true]);
    });
    it('refuses a span over 1000 lines, end_line before start_line, and line 0', async () => {
      await assert.rejects(read({ path: 'src/billing/money.ts', start_line: 1, end_line: 1001 }), /at most 1000 lines/);
      await assert.rejects(read({ path: 'src/billing/money.ts', start_line: 5, end_line: 4 }), /end_line must be ≥ start_line/);
      await assert.rejects(read({ path: 'src/billing/money.ts', start_line: 0, end_line: 4 }), /`start_line`/);
    });
    it('refuses ../ escapes, absolute paths elsewhere, and symlinks that lead out', async () => {
      await assert.rejects(read({ path: '../../etc/passwd', start_line: 1, end_line: 1 }), /outside the workspace/);
      await assert.rejects(read({ path: path.join(outside, 'secret.md'), start_line: 1, end_line: 1 }), /outside the workspace/);
      await assert.rejects(read({ path: 'docs/leak.md', start_line: 1, end_line: 1 }), /leads outside the workspace through a symbolic link/);
      await assert.rejects(read({ path: 'docs/linked-folder/secret.md', start_line: 1, end_line: 1 }), /leads outside the workspace through a symbolic link/);
    });
  });

  describe('wiki_page', () => {
    it('gives a module page with real sections: purpose, central symbols, dependencies, cycles', async () => {
      const r = await callTool(ctx, 'wiki_page', { repository: slug, page: 'src/shipping' });
      assert.deepEqual(r.sections, ['Purpose', 'Central symbols', 'Files', 'Depends on', 'Depended on by', 'Import cycles']);
      assert.match(r.markdown, /## Purpose\n\nShipping rates: quotes a price for a parcel/);
      assert.match(r.markdown, /## Depends on\n\n- `src\/billing` \(1 import\)/);
      assert.match(r.markdown, /## Import cycles\n\n- `src\/shipping\/rates.ts` → `src\/shipping\/zones.ts` → back/);
      const billing = await callTool(ctx, 'wiki_page', { repository: slug, page: 'src/billing/', section: 'depended-on-by' });
      assert.equal(billing.markdown, '## Depended on by\n\n- `src/shipping` (1 import)');
    });
    it('gives the overview page a section for source files in the root folder, without clashing with its own', async () => {
      fs.writeFileSync(path.join(root, 'cli.ts'), "import { quoteShipping } from './src/shipping/rates';\nexport function main(): number {\n  return quoteShipping(900, '90210');\n}\n");
      await ctx.engine.index();
      const r = await callTool(ctx, 'wiki_page', { repository: slug, page: '.' });
      assert.deepEqual(r.sections, ['Purpose', 'Modules', 'Central symbols', 'Import cycles', 'Files in the root folder']);
      assert.match(r.markdown, /## Files in the root folder\n\n- `cli.ts`: `main`/);
      const hits = await callTool(ctx, 'retrieve', { query: 'import cycles', repository: slug, mode: 'wiki' });
      assert.ok(hits.results.some((h: { wiki_page?: string; section?: string }) => h.wiki_page === '.' && h.section === 'import-cycles'));
      fs.rmSync(path.join(root, 'cli.ts'));
      await ctx.engine.index();
    });
    it('says which pages and sections exist when asked for another', async () => {
      await assert.rejects(callTool(ctx, 'wiki_page', { repository: slug, page: 'src/nothing' }), /Pages are folders with source files: \., src\/billing, src\/shipping/);
      await assert.rejects(callTool(ctx, 'wiki_page', { repository: slug, page: '.', section: 'Gossip' }), /Its sections: Purpose, Modules/);
    });
    it('cuts a page at a line boundary after 12000 characters', async () => {
      const file = path.join(root, 'src/many/generated-api.ts');
      fs.mkdirSync(path.dirname(file));
      fs.writeFileSync(file, Array.from({ length: 300 }, (_, i) => `/** Handler number ${i}. */\nexport function handleRequestNumber${i}(request: IncomingRequest, options: HandlerOptions): Response {\n  return respond(request, ${i});\n}\n`).join('\n'));
      await ctx.engine.index();
      const r = await callTool(ctx, 'wiki_page', { repository: slug, page: 'src/many' });
      assert.equal(r.content_truncated, true);
      assert.ok(r.markdown.length <= 12000 && r.markdown.length > 11000, `${r.markdown.length} characters`);
      assert.match(r.markdown.split('\n').at(-1), /^- `function handleRequestNumber\d+\(.*\): Response` \(`src\/many\/generated-api.ts#handleRequestNumber\d+`\)$/, 'the last line is whole');
      removeDir(path.dirname(file));
      await ctx.engine.index();
    });
  });

  describe('collection_document and read_chunk', () => {
    it('returns a whole document with headings, code blocks, tables and links parsed out', async () => {
      const r = await callTool(ctx, 'collection_document', { collection_id: `${slug}:docs`, document_id: 'docs/export-format.md' });
      assert.equal(r.truncated, false);
      assert.equal(r.text, fs.readFileSync(path.join(root, 'docs/export-format.md'), 'utf8'));
      assert.deepEqual(r.headings.map((h: { text: string }) => h.text), ['Export format', 'Columns', 'Encoding']);
      assert.deepEqual(r.code_blocks.map((c: { lang: string; text: string }) => [c.lang, c.text]), [['sh', 'ledgerly export --format csv']]);
      assert.deepEqual(r.tables[0].rows, [['total', 'decimal'], ['currency', 'ISO 4217 code']]);
      assert.deepEqual(r.links.map((l: { target: string }) => l.target), ['guide.md', 'https://example.com/spec']);
      assert.deepEqual(r.chunks.map((c: { chunk_id: string }) => c.chunk_id), ['docs/export-format.md#export-format', 'docs/export-format.md#columns', 'docs/export-format.md#columns@2', 'docs/export-format.md#encoding']);
    });
    it('reads one whole chunk with its neighbours', async () => {
      const r = await callTool(ctx, 'read_chunk', { collection_id: `${slug}:docs`, chunk_id: 'docs/guide.md#rotating-the-signing-key' });
      assert.deepEqual(r.heading_path, ['Operator guide', 'Rotating the signing key']);
      assert.match(r.text, /^## Rotating the signing key\n\n[\s\S]*for thirty days, so auditors can still verify last month's exports\.$/);
      assert.deepEqual([r.previous, r.next], ['docs/guide.md#installing', 'docs/guide.md#backups']);
    });
    it('refuses documents and chunks of another collection, and unknown chunks, saying what exists', async () => {
      await assert.rejects(callTool(ctx, 'collection_document', { collection_id: `${slug}:docs`, document_id: 'docs/adr/0001-use-decimal-money.md' }), /is not a document of collection .*:docs/);
      await assert.rejects(callTool(ctx, 'read_chunk', { collection_id: `${slug}:docs`, chunk_id: 'docs/guide.md#nothing' }), /Its chunks: docs\/guide.md#operator-guide/);
    });
    it('refuses ../ escapes, absolute paths and symlinks that lead out', async () => {
      const docs = `${slug}:docs`;
      await assert.rejects(callTool(ctx, 'collection_document', { collection_id: docs, document_id: '../../../etc/passwd' }), /outside the workspace/);
      await assert.rejects(callTool(ctx, 'collection_document', { collection_id: docs, document_id: path.join(outside, 'secret.md') }), /outside the workspace/);
      await assert.rejects(callTool(ctx, 'collection_document', { collection_id: docs, document_id: 'docs/leak.md' }), /symbolic link/);
      await assert.rejects(callTool(ctx, 'read_chunk', { collection_id: docs, chunk_id: 'docs/linked-folder/secret.md#secret' }), /symbolic link/);
      await assert.rejects(callTool(ctx, 'read_chunk', { collection_id: docs, chunk_id: '../outside.md#x' }), /outside the workspace/);
    });
  });
});
