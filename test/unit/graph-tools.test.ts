import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { callTool, contextFor, copyFixture, ids, removeDir } from './helpers';

describe('graph tools', () => {
  let root: string;
  let ctx: ReturnType<typeof contextFor>;

  before(async () => {
    root = copyFixture('polyglot');
    ctx = contextFor(root, { storageDir: null });
  });
  after(() => {
    ctx.workspaces.dispose();
    removeDir(root);
  });

  describe('index_workspace', () => {
    it('reports what it indexed', async () => {
      const r = await callTool(ctx, 'index_workspace', {});
      assert.equal(r.files_indexed + r.files_unchanged, 15);
      assert.equal(typeof r.elapsed_ms, 'number');
      assert.ok(r.symbols >= 39 && r.edges >= 25, `symbols ${r.symbols}, edges ${r.edges}`);
    });
  });

  describe('structural_search', () => {
    const search = async (query: string, extra: Record<string, unknown> = {}) => callTool(ctx, 'structural_search', { query, ...extra });

    it('filters by kind and lang', async () => {
      assert.deepEqual(ids((await search('kind:method lang:go')).matches), ['go/store/store.go#Store.Name', 'go/store/store.go#Store.Save', 'go/store/store.go#Store.touch']);
    });
    it('filters by file prefix and name glob', async () => {
      assert.deepEqual(ids((await search('file:py/ name:n*')).matches), ['py/pkg/cli.py#normalize', 'py/pkg/service.py#normalize']);
    });
    it('filters by what a symbol calls', async () => {
      assert.deepEqual(ids((await search('calls:normalize')).matches), ['py/pkg/cli.py#main', 'ts/src/app.ts#main', 'ts/src/calculator.ts#Calculator.report']);
    });
    it('filters by declared return type', async () => {
      assert.deepEqual(ids((await search('returns:Vec lang:typescript')).matches), ['ts/src/vectors.ts#normalize']);
      assert.deepEqual(ids((await search('returns:f64 kind:method')).matches), ['rust/src/geometry.rs#Point.norm', 'rust/src/geometry.rs#Point.square']);
    });
    it('matches bare words against names and signatures', async () => {
      assert.deepEqual(ids((await search('kind:function item')).matches), []);
      assert.deepEqual(ids((await search('kind:method item')).matches), ['go/store/store.go#Store.Save']);
    });
    it('rejects an unknown filter key or kind, naming the allowed values', async () => {
      await assert.rejects(search('colour:red'), /Allowed filters: kind: lang: file: name: calls: returns:/);
      await assert.rejects(search('kind:widget'), /Allowed kinds: function, method, class/);
      await assert.rejects(search('lang:cobol'), /Allowed languages: typescript, tsx, javascript, python, go, rust/);
    });
    it('cuts to the token budget and says so', async () => {
      const full = await search('lang:typescript');
      const cut = await search('lang:typescript', { max_tokens: 100 });
      assert.equal(full.truncated, false);
      assert.equal(cut.truncated, true);
      assert.ok(cut.matches.length < full.matches.length);
      assert.equal(cut.total, full.total);
      assert.match(cut.hint, /raise max_tokens/);
    });
  });

  describe('find_callers budgets', () => {
    it('truncates callers to fit max_tokens', async () => {
      const full = await callTool(ctx, 'find_callers', { symbol: 'ts/src/strings.ts#normalize', depth: 3 });
      const cut = await callTool(ctx, 'find_callers', { symbol: 'ts/src/strings.ts#normalize', depth: 3, max_tokens: 250 });
      assert.equal(full.truncated, false);
      assert.equal(cut.truncated, true);
      assert.ok(cut.callers.length < full.callers.length);
      assert.equal(cut.callers[0].id, full.callers[0].id, 'the nearest callers are kept');
    });
    it('refuses out-of-bounds arguments, naming the argument', async () => {
      await assert.rejects(callTool(ctx, 'find_callers', { symbol: 'main', depth: 0 }), /`depth`/);
      await assert.rejects(callTool(ctx, 'find_callers', { symbol: 'x', max_tokens: 99 }), /`max_tokens`/);
      await assert.rejects(callTool(ctx, 'find_callers', { symbol: 'x', bogus: 1 }), /bogus/);
    });
  });

  describe('dependency_graph', () => {
    it('finds the import cycle', async () => {
      const r = await callTool(ctx, 'dependency_graph', {});
      assert.deepEqual(r.cycles, [['ts/src/cycle-a.ts', 'ts/src/cycle-b.ts']]);
      assert.ok(r.edges.some((e: { from: string; to: string }) => e.from === 'go/main.go' && e.to === 'go/store/store.go'));
    });
    it('narrows to a path prefix', async () => {
      const r = await callTool(ctx, 'dependency_graph', { path_prefix: 'py/' });
      assert.deepEqual(r.nodes, ['py/pkg/__init__.py', 'py/pkg/cli.py', 'py/pkg/service.py']);
      assert.deepEqual(r.edges, [{ from: 'py/pkg/cli.py', to: 'py/pkg/service.py' }]);
      assert.deepEqual(r.cycles, []);
    });
  });

  describe('blast_radius', () => {
    it('of a symbol: transitive callers, their files, and the tests among them', async () => {
      const r = await callTool(ctx, 'blast_radius', { target: 'ts/src/strings.ts#normalize' });
      assert.deepEqual(ids(r.symbols), ['ts/src/app.test.ts#testMain', 'ts/src/app.ts#main', 'ts/src/calculator.ts#Calculator.report']);
      assert.deepEqual(r.files, ['ts/src/app.test.ts', 'ts/src/app.ts', 'ts/src/calculator.ts']);
      assert.deepEqual(r.tests, ['ts/src/app.test.ts']);
    });
    it('of a file: its importers too', async () => {
      const r = await callTool(ctx, 'blast_radius', { target: 'go/store/store.go', depth: 1 });
      assert.deepEqual(r.files, ['go/describe.go', 'go/main.go', 'go/store/store.go']);
    });
    it('of the uncommitted changes in a git repository', async () => {
      const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { stdio: 'pipe' });
      git('init', '-q');
      git('-c', 'user.email=t@t', '-c', 'user.name=t', 'add', '-A');
      git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'base');
      const file = path.join(root, 'ts/src/vectors.ts');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('Math.sqrt(v.x * v.x + v.y * v.y)', 'Math.hypot(v.x, v.y)'));
      const r = await callTool(ctx, 'blast_radius', { target: 'changes' });
      assert.deepEqual(r.changed_symbols, ['ts/src/vectors.ts#length']);
      assert.deepEqual(ids(r.symbols), ['ts/src/app.test.ts#testMain', 'ts/src/app.ts#main', 'ts/src/vectors.ts#normalize']);
      assert.deepEqual(r.tests, ['ts/src/app.test.ts']);
    });
  });

  describe('repo_summary', () => {
    it('gives languages, modules with central symbols, entry points and cycles', async () => {
      const r = await callTool(ctx, 'repo_summary', {});
      assert.deepEqual(Object.keys(r.languages).sort(), ['go', 'python', 'rust', 'typescript']);
      assert.deepEqual(r.modules.map((m: { path: string }) => m.path).sort(), ['go', 'py', 'rust', 'ts']);
      assert.ok(r.entry_points.some((e: { id: string }) => e.id === 'go/main.go#main'));
      assert.deepEqual(r.cycles, [['ts/src/cycle-a.ts', 'ts/src/cycle-b.ts']]);
    });
    it('stays within a small budget by dropping the least central modules', async () => {
      const r = await callTool(ctx, 'repo_summary', { max_tokens: 300 });
      assert.equal(r.truncated, true);
      assert.ok(r.modules.length < 4);
    });
  });

  describe('go_to_definition and find_references (index)', () => {
    it('resolves the call at a position through the import alias', async () => {
      const r = await callTool(ctx, 'go_to_definition', { file: 'ts/src/calculator.ts', line: 17, character: 16 });
      assert.equal(r.source, 'index');
      assert.deepEqual(ids(r.definitions), ['ts/src/strings.ts#normalize']);
    });
    it('takes a symbol name instead of a position', async () => {
      const r = await callTool(ctx, 'go_to_definition', { symbol: 'Point.norm' });
      assert.deepEqual(r.definitions.map((d: { file: string; line_start: number }) => [d.file, d.line_start]), [['rust/src/geometry.rs', 12]]);
    });
    it('lists call sites with their enclosing symbol', async () => {
      const r = await callTool(ctx, 'find_references', { symbol: 'ts/src/cycle-a.ts#ping' });
      assert.deepEqual(r.references, [
        { file: 'ts/src/app.ts', line: 10, character: 3, enclosing_symbol: 'ts/src/app.ts#main', resolution: 'import' },
        { file: 'ts/src/cycle-b.ts', line: 4, character: 23, enclosing_symbol: 'ts/src/cycle-b.ts#pong', resolution: 'import' },
      ]);
    });
    it('refuses a position outside the file or the workspace', async () => {
      await assert.rejects(callTool(ctx, 'go_to_definition', { file: 'ts/src/app.ts', line: 999, character: 1 }), /past the end of ts\/src\/app.ts/);
      await assert.rejects(callTool(ctx, 'go_to_definition', { file: '../../etc/passwd', line: 1, character: 1 }), /outside the workspace/);
      await assert.rejects(callTool(ctx, 'go_to_definition', { file: 'ts/src/app.ts' }), /file, line and character/);
    });
  });
});
