import * as assert from 'node:assert/strict';
import { isSightlineError } from '../../src/common/errors';
import { ENCLOSING_KINDS, symbolAt } from '../../src/graph/symbol-at';
import { parseSymbolId, symbolId } from '../../src/graph/symbol-id';
import { callTool, contextFor, copyFixture, removeDir } from './helpers';

/** How agents name symbols (issue 9 item 3), through the real tools over a real index. */
describe('symbol addressing', () => {
  let root: string;
  let ctx: ReturnType<typeof contextFor>;

  before(async () => {
    root = copyFixture('addressing');
    ctx = contextFor(root, { storageDir: null });
    await ctx.engine.index();
  });

  after(() => {
    ctx.workspaces.dispose();
    removeDir(root);
  });

  const callersOf = async (symbol: string) => {
    const r = await callTool(ctx, 'find_callers', { symbol, depth: 1 });
    return { id: r.symbol.id as string, callers: (r.callers as { id: string }[]).map((c) => c.id) };
  };

  describe('a bare name reaches a nested symbol when it is unique', () => {
    it('a namespace member: `is` for Position.is', async () => {
      assert.deepEqual(await callersOf('is'), { id: 'src/shapes.ts#Position.is', callers: ['src/shapes.ts#check'] });
    });

    it('a function inside a function: `inner`', async () => {
      const { id, callers } = await callersOf('inner');
      assert.equal(id, 'src/shapes.ts#outer.inner');
      assert.ok(callers.includes('src/shapes.ts#outer'), callers.join(', '));
    });

    it('an object-literal method: `create` for Range.create', async () => {
      const r = await callTool(ctx, 'blast_radius', { target: 'create' });
      assert.equal(r.target.symbol.id, 'src/shapes.ts#Range.create');
    });

    it('a Python function inside a function: `run_one`', async () => {
      const r = await callTool(ctx, 'go_to_definition', { symbol: 'run_one' });
      assert.equal(r.definitions[0].id, 'py/jobs.py#schedule.run_one');
    });

    it('a qualified name, also by its tail: `Point.norm` for Geo.Point.norm, Rust-style `::`', async () => {
      assert.equal((await callersOf('outer.inner')).id, 'src/shapes.ts#outer.inner');
      assert.equal((await callersOf('Geo.Point.norm')).id, 'src/shapes.ts#Geo.Point.norm');
      assert.equal((await callersOf('Point.norm')).id, 'src/shapes.ts#Geo.Point.norm');
      assert.equal((await callersOf('Point::norm')).id, 'src/shapes.ts#Geo.Point.norm');
    });

    it('an ambiguous name still lists the candidate ids instead of guessing', async () => {
      await assert.rejects(callersOf('area'), (e: unknown) => {
        assert.ok(isSightlineError(e) && e.kind === 'ambiguous');
        assert.deepEqual([...(e.data?.candidates as string[])].sort(), ['src/duplicates.ts#Circle.area', 'src/duplicates.ts#Square.area', 'src/shapes.ts#Shape.area']);
        return true;
      });
      assert.equal((await callersOf('Shape.area')).id, 'src/shapes.ts#Shape.area');
    });
  });

  describe('`path:line` names the innermost function, method or type enclosing the line', () => {
    it('a line in a nested function, its parent, a method, a class', async () => {
      assert.equal((await callersOf('src/shapes.ts:15')).id, 'src/shapes.ts#outer.inner');
      assert.equal((await callersOf('src/shapes.ts:17')).id, 'src/shapes.ts#outer');
      assert.equal((await callersOf('./src/shapes.ts:25')).id, 'src/shapes.ts#Shape.describe');
      assert.equal((await callersOf('py/jobs.py:3')).id, 'py/jobs.py#schedule.run_one');
    });

    it('works wherever a symbol is accepted: blast_radius, go_to_definition, read_node-style ids stay ids', async () => {
      const blast = await callTool(ctx, 'blast_radius', { target: 'src/shapes.ts:3' });
      assert.equal(blast.target.symbol.id, 'src/shapes.ts#Position.is');
      assert.deepEqual(blast.symbols.map((s: { id: string }) => s.id), ['src/shapes.ts#check']);
      const def = await callTool(ctx, 'go_to_definition', { symbol: 'src/duplicates.ts:9' });
      assert.equal(def.definitions[0].id, 'src/duplicates.ts#Square.area');
    });

    it('a line outside every function says so and lists what the file declares', async () => {
      await assert.rejects(callersOf('src/shapes.ts:6'), (e: unknown) => {
        assert.ok(isSightlineError(e) && e.kind === 'notFound');
        assert.match(e.message, /No function, method or type encloses line 6 of src\/shapes\.ts\. Its symbols: is \(2–4\)/);
        return true;
      });
    });

    it('a path that is not indexed is read as a name, and not found', async () => {
      await assert.rejects(callersOf('src/nope.ts:3'), /No symbol named "src\/nope\.ts:3"/);
    });
  });

  describe('the graph functions behind it', () => {
    it('symbolAt: innermost by span; by kind; by the name\'s character', () => {
      const graph = ctx.engine.graph;
      assert.equal(symbolAt(graph, 'src/shapes.ts', 15)?.id, 'src/shapes.ts#outer.inner');
      assert.equal(symbolAt(graph, 'src/shapes.ts', 9)?.id, 'src/shapes.ts#Range.create');
      // Range is a constant: with the enclosing kinds only, line 7 (its own line) has no enclosing symbol.
      assert.equal(symbolAt(graph, 'src/shapes.ts', 7, { kinds: ENCLOSING_KINDS }), undefined);
      assert.equal(symbolAt(graph, 'src/shapes.ts', 7)?.id, 'src/shapes.ts#Range');
      assert.equal(symbolAt(graph, 'src/shapes.ts', 21, { nameAt: 3 })?.id, 'src/shapes.ts#Shape.area');
      assert.equal(symbolAt(graph, 'src/shapes.ts', 21, { nameAt: 4 }), undefined);
      assert.equal(symbolAt(graph, 'not/indexed.ts', 1), undefined);
    });

    it('symbol ids are built and parsed in one module', () => {
      assert.equal(symbolId('src/a.ts', 'A.m'), 'src/a.ts#A.m');
      assert.equal(symbolId('src/a.ts', 'f', 2), 'src/a.ts#f~2');
      assert.equal(symbolId('src/a.rs', 'Thin.method', 'Display'), 'src/a.rs#Thin.method~Display');
      assert.deepEqual(parseSymbolId('src/a.ts#f~2'), { file: 'src/a.ts', qualifiedName: 'f', suffix: '2' });
      assert.deepEqual(parseSymbolId('src/a.rs#Thin.method~Display'), { file: 'src/a.rs', qualifiedName: 'Thin.method', suffix: 'Display' });
      assert.deepEqual(parseSymbolId('src/a.ts#A.m'), { file: 'src/a.ts', qualifiedName: 'A.m' });
      assert.equal(parseSymbolId('compute'), undefined);
      assert.equal(parseSymbolId('#x'), undefined);
      for (const s of ctx.engine.graph.table.all) {
        const parsed = parseSymbolId(s.id);
        assert.equal(parsed?.file, s.file, s.id);
        assert.equal(parsed?.qualifiedName, s.qualifiedName, s.id);
      }
    });
  });
});
