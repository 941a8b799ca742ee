import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RingLogger } from '../../src/common/log';
import { Engine } from '../../src/engine/engine';
import { IndexLanguageFeatures } from '../../src/engine/index-features';
import { Workspaces } from '../../src/engine/workspaces';
import { callTool, contextFor, copyFixture, hostFeatures, removeDir } from './helpers';

const SIGNING_QUESTION = 'How do I rotate the signing key?';

describe('retrieve tools: finding things', () => {
  let root: string;
  let slug: string;
  let ctx: ReturnType<typeof contextFor>;

  before(() => {
    root = copyFixture('docs-repo');
    slug = path.basename(root);
    ctx = contextFor(root, { storageDir: null });
  });
  after(() => {
    ctx.workspaces.dispose();
    removeDir(root);
  });

  describe('list_repositories and list_collections', () => {
    it('lists the workspace folder with status and counts', async () => {
      const r = await callTool(ctx, 'list_repositories', {});
      assert.deepEqual(r.repositories, [{ slug, path: fs.realpathSync(root), status: 'ready', files: 4, symbols: r.repositories[0].symbols, documents: 6, collections: 4 }]);
      assert.ok(r.repositories[0].symbols >= 12);
      assert.equal((await callTool(ctx, 'list_repositories', { status: 'error' })).total, 0);
      assert.equal((await callTool(ctx, 'list_repositories', { search: 'no-such-repo' })).total, 0);
    });
    it('refuses a limit out of 1–100, naming it', async () => {
      await assert.rejects(callTool(ctx, 'list_repositories', { limit: 0 }), /`limit`/);
      await assert.rejects(callTool(ctx, 'list_collections', { limit: 101 }), /`limit`/);
    });
    it('lists one collection per docs folder, with stable ids and document counts', async () => {
      const r = await callTool(ctx, 'list_collections', {});
      assert.deepEqual(r.collections.map((c: { id: string; documents: number }) => [c.id, c.documents]), [[`${slug}:.`, 2], [`${slug}:docs`, 2], [`${slug}:docs/adr`, 1], [`${slug}:src/billing`, 1]]);
      assert.deepEqual((await callTool(ctx, 'list_collections', { search: 'adr' })).collections.map((c: { id: string }) => c.id), [`${slug}:docs/adr`]);
    });
  });

  describe('retrieve', () => {
    it('answers a question from the one markdown section that holds the answer', async () => {
      const r = await callTool(ctx, 'retrieve', { query: SIGNING_QUESTION, repository: slug, include_scores: true });
      assert.equal(r.results[0].chunk_id, 'docs/guide.md#rotating-the-signing-key');
      assert.equal(r.results[0].collection_id, `${slug}:docs`);
      assert.deepEqual([r.results[0].file, r.results[0].line_start, r.results[0].line_end], ['docs/guide.md', 9, 15]);
      assert.equal(r.results[0].score, 1);
      assert.match(r.results[0].snippet, /rotate the signing key/);
      assert.ok(r.total_tokens_estimate > 0);
    });
    it('finds code by the words of its identifiers, citing the symbol', async () => {
      const r = await callTool(ctx, 'retrieve', { query: 'invoice total', repository: slug, mode: 'code' });
      assert.equal(r.results[0].symbol_id, 'src/billing/invoice.ts#parseInvoiceTotal');
      assert.ok(r.results.every((h: { store: string }) => h.store === 'code' || h.store === 'ast_summary'));
    });
    it('searches the generated wiki and docs in wiki mode, and exactly the given stores', async () => {
      const wiki = await callTool(ctx, 'retrieve', { query: 'shipping depends on', repository: slug, mode: 'wiki' });
      assert.ok(wiki.results.some((h: { store: string; wiki_page?: string }) => h.store === 'wiki' && h.wiki_page === 'src/shipping'));
      const only = await callTool(ctx, 'retrieve', { query: 'formatCurrency', repository: slug, stores: ['ast_summary'] });
      assert.deepEqual(only.stores, ['ast_summary']);
      assert.equal(only.results[0].symbol_id, 'src/billing/money.ts#formatCurrency');
    });
    it('adds callers and callees with include_graph', async () => {
      const r = await callTool(ctx, 'retrieve', { query: 'parseInvoiceTotal', repository: slug, mode: 'code', include_graph: true, top_k: 1 });
      assert.deepEqual(r.results[0].graph.callers.sort(), ['src/billing/invoice.ts#InvoiceReport.render', 'src/shipping/rates.ts#freeShippingApplies']);
    });
    it('clamps top_k above 25 to 25 without an error, and refuses top_k below 1', async () => {
      fs.writeFileSync(path.join(root, 'src/widgets.ts'), Array.from({ length: 40 }, (_, i) => `export function widget${i}(): string {\n  return 'widget ${i}';\n}\n`).join('\n'));
      await ctx.engine.index();
      const r = await callTool(ctx, 'retrieve', { query: 'widget', repository: slug, top_k: 1000, snippet_chars: 80, max_tokens: 50000 });
      assert.equal(r.top_k, 25);
      assert.equal(r.results.length, 25);
      assert.ok(r.total_hits >= 40);
      await assert.rejects(callTool(ctx, 'retrieve', { query: 'widget', repository: slug, top_k: 0 }), /`top_k`/);
      fs.rmSync(path.join(root, 'src/widgets.ts'));
      await ctx.engine.index();
    });
    it('refuses an unknown repository, naming the open ones', async () => {
      await assert.rejects(callTool(ctx, 'retrieve', { query: 'x', repository: 'elsewhere' }), new RegExp(`Unknown workspace "elsewhere". Open folders: ${slug}`));
    });
    it('refuses snippet_chars outside 80–4000 and an empty or overlong query, naming them', async () => {
      await assert.rejects(callTool(ctx, 'retrieve', { query: 'x', repository: slug, snippet_chars: 79 }), /`snippet_chars`/);
      await assert.rejects(callTool(ctx, 'retrieve', { query: 'x', repository: slug, snippet_chars: 4001 }), /`snippet_chars`/);
      await assert.rejects(callTool(ctx, 'retrieve', { query: '  ', repository: slug }), /`query`/);
      await assert.rejects(callTool(ctx, 'retrieve', { query: 'x'.repeat(513), repository: slug }), /`query`/);
      await assert.rejects(callTool(ctx, 'retrieve', { query: 'x', repository: slug, stores: ['tea'] }), /`stores/);
    });
    it('cuts snippets to snippet_chars and says content_truncated', async () => {
      const r = await callTool(ctx, 'retrieve', { query: SIGNING_QUESTION, repository: slug, snippet_chars: 80, top_k: 1 });
      assert.ok(r.results[0].snippet.length <= 80);
      assert.equal(r.results[0].content_truncated, true);
    });
    it('refuses since after until, or after as_of', async () => {
      await assert.rejects(callTool(ctx, 'retrieve', { query: 'x', repository: slug, since: '2026-02-01T00:00:00Z', until: '2026-01-01T00:00:00Z' }), /since must be at or before until/);
      await assert.rejects(callTool(ctx, 'retrieve', { query: 'x', repository: slug, since: '2026-02-01T00:00:00Z', as_of: '2026-01-01T00:00:00Z' }), /since must be at or before as_of/);
      await assert.rejects(callTool(ctx, 'retrieve', { query: 'x', repository: slug, since: 'last tuesday' }), /`since`/);
    });
    it('filters by modification time outside git, and says so', async () => {
      const old = new Date('2020-01-01T00:00:00Z');
      fs.utimesSync(path.join(root, 'docs/guide.md'), old, old);
      await ctx.engine.index();
      const recent = await callTool(ctx, 'retrieve', { query: SIGNING_QUESTION, repository: slug, since: '2021-01-01T00:00:00Z' });
      assert.equal(recent.time_filter.basis, 'mtime');
      assert.ok(!recent.results.some((h: { file?: string }) => h.file === 'docs/guide.md'));
      const then = await callTool(ctx, 'retrieve', { query: SIGNING_QUESTION, repository: slug, as_of: '2020-06-01T00:00:00Z' });
      assert.equal(then.results[0].chunk_id, 'docs/guide.md#rotating-the-signing-key');
      assert.equal(then.results[0].changed_at, old.toISOString());
      assert.ok(then.results.every((h: { file?: string }) => !h.file || h.file === 'docs/guide.md'));
    });
  });

  describe('search_symbols', () => {
    const search = (query: string, extra: Record<string, unknown> = {}) => callTool(ctx, 'search_symbols', { query, ...extra });
    const first = async (query: string, extra: Record<string, unknown> = {}) => (await search(query, extra)).symbols[0];

    it('finds a symbol from a misspelling', async () => {
      assert.equal((await first('parseInvoceTotal')).symbol_id, 'src/billing/invoice.ts#parseInvoiceTotal');
      // One word, no camel-case parts to fall back on: only fuzzy matching can find it.
      const m = await first('parseinvoicetotl');
      assert.deepEqual([m.symbol_id, m.match], ['src/billing/invoice.ts#parseInvoiceTotal', 'fuzzy']);
    });
    it('finds a symbol from a camel-case fragment, a run of letters inside a name, and an abbreviation', async () => {
      const words = await first('invoiceTotal');
      assert.deepEqual([words.symbol_id, words.match], ['src/billing/invoice.ts#parseInvoiceTotal', 'words']);
      const inside = await first('hippingAppl');
      assert.deepEqual([inside.symbol_id, inside.match], ['src/shipping/rates.ts#freeShippingApplies', 'substring']);
      const letters = await first('chpznrt');
      assert.deepEqual([letters.symbol_id, letters.match], ['src/shipping/zones.ts#cheapestZoneRate', 'letters']);
    });
    it('puts exact names first, then prefixes; names and line ranges, no bodies', async () => {
      const exact = await search('zoneOf');
      assert.deepEqual([exact.symbols[0].symbol_id, exact.symbols[0].match, exact.symbols[0].score], ['src/shipping/zones.ts#zoneOf', 'exact', 1]);
      const prefix = await search('parseInv', { top_k: 2 });
      assert.deepEqual(prefix.symbols.map((m: { name: string; match: string }) => [m.name, m.match]).sort(), [['parseInvoiceLines', 'prefix'], ['parseInvoiceTotal', 'prefix']]);
      assert.equal(prefix.symbols[0].body, undefined);
      assert.deepEqual([prefix.symbols[0].line, prefix.symbols[0].line_end].map((n: unknown) => typeof n), ['number', 'number']);
    });
    it('ranks scores with the kind of match: a better kind always scores higher', async () => {
      const r = await search('rate', { top_k: 100 });
      for (let i = 1; i < r.symbols.length; i++) assert.ok(r.symbols[i - 1].score >= r.symbols[i].score, JSON.stringify(r.symbols.map((m: { name: string; score: number }) => [m.name, m.score])));
    });
    it('filters by kind and lang, and bounds top_k to 1–100', async () => {
      const classes = await search('invoice', { kind: 'class' });
      assert.deepEqual(classes.symbols.map((m: { symbol_id: string }) => m.symbol_id), ['src/billing/invoice.ts#InvoiceReport']);
      assert.equal((await search('invoice', { lang: 'python' })).symbols.length, 0);
      await assert.rejects(search('x', { top_k: 101 }), /`top_k`/);
      await assert.rejects(search('x', { top_k: 0 }), /`top_k`/);
      await assert.rejects(search('x', { lang: 'cobol' }), /`lang`/);
    });
    it('merges language-server workspace symbols when the host has them', async () => {
      const at = (file: string, line: number, character: number) => ({ file, start: { line, character }, end: { line: line + 6, character: 2 } });
      const features = hostFeatures(ctx.workspaces, {
        workspaceSymbols: async () => ({
          source: 'language_server',
          value: [
            { name: 'parseInvoiceTotal()', kind: 'function', range: at('src/billing/invoice.ts', 10, 1), selection: at('src/billing/invoice.ts', 10, 17) },
            { name: 'parseInvoiceFromPdf', kind: 'function', range: at('vendor/pdf.js', 3, 1) },
            // As VS Code's workspace-symbol provider answers: the declaration's range only, no name position.
            { name: 'parseInvoiceLines', kind: 'function', range: at('src/billing/invoice.ts', 19, 1) },
          ],
        }),
      });
      const r = await callTool({ ...ctx, features }, 'search_symbols', { query: 'parseInvoice', top_k: 20 });
      const total = r.symbols.filter((m: { name: string }) => m.name === 'parseInvoiceTotal');
      assert.equal(total.length, 1, 'a symbol both know is listed once');
      assert.deepEqual(total[0].sources, ['index', 'language_server']);
      const lines = r.symbols.filter((m: { name: string }) => m.name === 'parseInvoiceLines');
      assert.deepEqual(lines.map((m: { sources: string[] }) => m.sources), [['index', 'language_server']], 'placed by name and lines when the server gives no name position');
      assert.ok(r.symbols.some((m: { name: string; sources: string[] }) => m.name === 'parseInvoiceFromPdf' && m.sources.join() === 'language_server'));
      // With top_k 1 the index lists only its best; the servers' symbols it also matched are still counted once.
      const one = await callTool({ ...ctx, features }, 'search_symbols', { query: 'parseInvoice', top_k: 1 });
      assert.equal(one.total, r.total);
      assert.equal(r.total, r.symbols.length);
      assert.deepEqual(one.symbols.map((m: { name: string }) => m.name), [r.symbols[0].name]);
      const failing = hostFeatures(ctx.workspaces, { workspaceSymbols: async () => Promise.reject(new Error('server crashed')) });
      const fallback = await callTool({ ...ctx, features: failing }, 'search_symbols', { query: 'zoneOf' });
      assert.match(fallback.note, /server crashed/);
      assert.equal(fallback.symbols[0].symbol_id, 'src/shipping/zones.ts#zoneOf');
    });
  });

  describe('collection_search', () => {
    it('ranks the answering section of one collection first, with a snippet', async () => {
      const r = await callTool(ctx, 'collection_search', { collection_id: `${slug}:docs`, query: 'restore a backup', snippet_chars: 100 });
      assert.equal(r.hits[0].chunk_id, 'docs/guide.md#backups');
      assert.ok(r.hits.every((h: { document_id: string }) => h.document_id.startsWith('docs/') && !h.document_id.startsWith('docs/adr/')));
      assert.equal(typeof r.hits[0].content_truncated, 'boolean');
    });
    it('bounds top_k to 1–100 and refuses an unknown collection, listing what exists', async () => {
      await assert.rejects(callTool(ctx, 'collection_search', { collection_id: `${slug}:docs`, query: 'x', top_k: 101 }), /`top_k`/);
      await assert.rejects(callTool(ctx, 'collection_search', { collection_id: `${slug}:nope`, query: 'x' }), new RegExp(`Collections of that repository: ${slug}:\\.`));
    });
  });

  describe('route', () => {
    it('scores repositories and collections in [0,1] with a why, across workspace folders', async () => {
      const other = copyFixture('polyglot');
      const otherEngine = new Engine({ root: other, storageDir: null, workers: 0 });
      try {
        const workspaces = new Workspaces([otherEngine, ctx.engine]);
        const two = { workspaces, features: new IndexLanguageFeatures(workspaces), logger: new RingLogger() };
        const r = await callTool(two, 'route', { query: SIGNING_QUESTION });
        assert.equal(r.repositories[0].slug, slug);
        assert.equal(r.collections[0].id, `${slug}:docs`);
        for (const x of [...r.repositories, ...r.collections]) assert.ok(x.score >= 0 && x.score <= 1);
        assert.match(r.collections[0].why, /Rotating the signing key/);
        const adr = await callTool(two, 'route', { query: 'why is money decimal and never float', top_k: 1 });
        assert.deepEqual(adr.collections.map((c: { id: string }) => c.id), [`${slug}:docs/adr`]);
      } finally {
        otherEngine.dispose();
        removeDir(other);
      }
    });
    it('bounds top_k to 1–10 and query to 512 characters', async () => {
      await assert.rejects(callTool(ctx, 'route', { query: 'x', top_k: 11 }), /`top_k`/);
      await assert.rejects(callTool(ctx, 'route', { query: 'x'.repeat(513) }), /`query`/);
    });
  });

  describe('kept in step with the code index', () => {
    it('regenerates the wiki and re-reads a doc after an edit re-linked in place', async () => {
      const before = await callTool(ctx, 'wiki_page', { repository: slug, page: 'src/billing', section: 'Central symbols' });
      assert.match(before.markdown, /rounding half to even/);
      const money = path.join(root, 'src/billing/money.ts');
      fs.writeFileSync(money, fs.readFileSync(money, 'utf8').replace('rounding half to even', 'rounding half away from zero'));
      ctx.engine.markDirty('src/billing/money.ts');
      const page = await callTool(ctx, 'wiki_page', { repository: slug, page: 'src/billing', section: 'Central symbols' });
      assert.match(page.markdown, /rounding half away from zero/);
      const guide = path.join(root, 'docs/guide.md');
      fs.writeFileSync(guide, fs.readFileSync(guide, 'utf8').replace('cold storage', 'the tape library'));
      ctx.engine.markDirty('docs/guide.md');
      const doc = await callTool(ctx, 'collection_search', { collection_id: `${slug}:docs`, query: 'tape library' });
      assert.equal(doc.hits[0].chunk_id, 'docs/guide.md#backups');
    });
    it('finds new markdown and new symbols after re-indexing, and forgets deleted ones', async () => {
      fs.appendFileSync(path.join(root, 'docs/guide.md'), '\n## Archiving\n\nOld ledgers move to the glacier tier after seven years.\n');
      fs.writeFileSync(path.join(root, 'src/billing/refunds.ts'), 'export function issueRefund(cents: number): number {\n  return -cents;\n}\n');
      await ctx.engine.index();
      const doc = await callTool(ctx, 'collection_search', { collection_id: `${slug}:docs`, query: 'glacier' });
      assert.equal(doc.hits[0].chunk_id, 'docs/guide.md#archiving');
      assert.equal((await callTool(ctx, 'search_symbols', { query: 'issueRefund' })).symbols[0].match, 'exact');
      fs.rmSync(path.join(root, 'src/billing/refunds.ts'));
      await ctx.engine.index();
      assert.ok(!(await callTool(ctx, 'search_symbols', { query: 'issueRefund' })).symbols.some((m: { name: string }) => m.name === 'issueRefund'));
    });
  });
});

describe('retrieve tools: time filters in git', () => {
  let root: string;
  before(() => {
    root = copyFixture('docs-repo');
    const git = (date: string, ...args: string[]) => execFileSync('git', ['-C', root, '-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { stdio: 'pipe', env: { ...process.env, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date } });
    git('2025-01-01T00:00:00Z', 'init', '-q');
    git('2025-01-01T00:00:00Z', 'add', 'docs/guide.md');
    git('2025-01-01T00:00:00Z', 'commit', '-qm', 'guide');
    git('2026-06-01T00:00:00Z', 'add', '-A');
    git('2026-06-01T00:00:00Z', 'commit', '-qm', 'rest');
  });
  after(() => removeDir(root));

  it("uses each file's last commit time and says the basis is git", async () => {
    const ctx = contextFor(root, { storageDir: null });
    try {
      const slug = path.basename(root);
      const before2026 = await callTool(ctx, 'retrieve', { query: 'signing key invoice total', repository: slug, until: '2025-12-31T23:59:59Z' });
      assert.equal(before2026.time_filter.basis, 'git_commit');
      assert.ok(before2026.results.length > 0);
      assert.ok(before2026.results.every((h: { file?: string; changed_at?: string }) => h.file === 'docs/guide.md' && h.changed_at === '2025-01-01T00:00:00.000Z'));
      const since2026 = await callTool(ctx, 'retrieve', { query: 'signing key invoice total', repository: slug, since: '2026-01-01T00:00:00+01:00' });
      assert.ok(since2026.results.some((h: { symbol_id?: string }) => h.symbol_id === 'src/billing/invoice.ts#parseInvoiceTotal'));
      assert.ok(!since2026.results.some((h: { file?: string }) => h.file === 'docs/guide.md'));
    } finally {
      ctx.workspaces.dispose();
    }
  });
});
