import * as assert from 'node:assert/strict';
import { Engine } from '../../src/engine/engine';
import { structuralCandidates } from '../../src/graph/symbol-postings';
import { callTool, contextFor, copyFixture, removeDir } from './helpers';

describe('structural_search narrows by postings and answers exactly as a scan of every symbol', () => {
  let root: string;
  let ctx: ReturnType<typeof contextFor>;
  before(async () => {
    root = copyFixture('polyglot');
    ctx = contextFor(root, { storageDir: null });
    await ctx.engine.index();
  });
  after(() => {
    ctx.engine.dispose();
    removeDir(root);
  });

  /** Brute force over every symbol, with the tool's own semantics for the indexable filters. */
  function scan(engine: Engine, f: { kind?: string; lang?: string; name?: string; file?: string; calls?: string }): string[] {
    const g = engine.graph;
    return g.table.all
      .filter((s) => !f.kind || s.kind === f.kind)
      .filter((s) => !f.lang || s.lang === f.lang)
      .filter((s) => !f.name || s.name.toLowerCase() === f.name.toLowerCase() || s.qualifiedName.toLowerCase() === f.name.toLowerCase())
      .filter((s) => !f.file || s.file.startsWith(f.file))
      .filter((s) => !f.calls || g.calls.outNeighbors(s.id).some((t) => [g.table.byId.get(t)!.name, g.table.byId.get(t)!.qualifiedName].some((n) => n.toLowerCase() === f.calls!.toLowerCase())))
      .map((s) => s.id)
      .sort();
  }

  const cases = [
    { kind: 'method' }, { lang: 'go' }, { kind: 'function', lang: 'python' }, { name: 'normalize' }, { name: 'NORMALIZE' },
    { name: 'Calculator.total' }, { file: 'ts/src/' }, { file: 'py/' }, { calls: 'normalize' }, { calls: 'Store.Save' },
    { kind: 'method', calls: 'normalize' }, { file: 'rust/', kind: 'method' }, { name: 'nothing-here' }, { calls: 'nothing-here' },
  ];
  for (const c of cases) {
    it(JSON.stringify(c), async () => {
      const query = Object.entries(c).map(([k, v]) => `${k}:${v}`).join(' ');
      const r = await callTool(ctx, 'structural_search', { query, max_tokens: 50000 });
      const expected = scan(ctx.engine, c);
      assert.deepEqual(r.matches.map((m: { id: string }) => m.id).sort(), expected);
      assert.equal(r.total, expected.length);
      const candidates = structuralCandidates(ctx.engine.graph, Object.fromEntries(Object.entries(c).map(([k, v]) => [k, [v]])));
      assert.ok(candidates.length < ctx.engine.graph.table.all.length, 'narrowed, not a scan');
    });
  }

  it('a glob cannot be looked up: that filter is left to the scan, the answer stays right', async () => {
    assert.equal(structuralCandidates(ctx.engine.graph, { name: ['n*'] }), ctx.engine.graph.table.all);
    const r = await callTool(ctx, 'structural_search', { query: 'name:n* kind:function' });
    assert.ok(r.matches.length > 0 && r.matches.every((m: { name: string }) => m.name.startsWith('n')));
  });

  it('postings follow an edit re-linked in place', async () => {
    const file = 'ts/src/calculator.ts';
    const text = ctx.engine.readText(file);
    ctx.engine.setOverlay(file, text.replace('  total(): number {\n', '  total(): number {\n    normalizeText("x");\n'));
    await ctx.engine.ready();
    const r = await callTool(ctx, 'structural_search', { query: 'calls:normalize kind:method' });
    assert.ok(r.matches.some((m: { id: string }) => m.id === `${file}#Calculator.total`));
    ctx.engine.setOverlay(file, undefined);
    await ctx.engine.ready();
  });
});
