import * as assert from 'node:assert/strict';
import { callTool, contextFor, copyFixture, ids, removeDir } from './helpers';

describe('call graph on the polyglot fixture', () => {
  let root: string;
  let ctx: ReturnType<typeof contextFor>;

  before(async () => {
    root = copyFixture('polyglot');
    ctx = contextFor(root, { storageDir: null });
    await ctx.engine.index();
  });
  after(() => {
    ctx.workspaces.dispose();
    removeDir(root);
  });

  const callers = async (symbol: string, depth = 1) => ids((await callTool(ctx, 'find_callers', { symbol, depth })).callers);
  const callees = async (symbol: string, depth = 1) => ids((await callTool(ctx, 'find_callees', { symbol, depth })).callees);

  it('follows an aliased import (import { normalize as normalizeText })', async () => {
    assert.deepEqual(await callers('ts/src/strings.ts#normalize'), ['ts/src/calculator.ts#Calculator.report']);
  });

  it('does not confuse two unrelated functions with the same name', async () => {
    assert.deepEqual(await callers('ts/src/vectors.ts#normalize'), ['ts/src/app.ts#main']);
    assert.deepEqual(await callers('py/pkg/service.py#normalize'), ['py/pkg/cli.py#main']);
    assert.deepEqual(await callers('py/pkg/cli.py#normalize'), []);
  });

  it('resolves this. and self. calls to members of the enclosing class', async () => {
    const report = await callTool(ctx, 'find_callees', { symbol: 'Calculator.report', depth: 1 });
    const total = report.callees.find((c: { id: string }) => c.id === 'ts/src/calculator.ts#Calculator.total');
    assert.equal(total.resolution, 'member');
    assert.deepEqual(await callees('py/pkg/service.py#Service.run'), ['py/pkg/service.py#Service.execute', 'py/pkg/service.py#Service.prepare']);
  });

  it('resolves method calls through a variable whose type the syntax shows', async () => {
    assert.deepEqual(await callers('Calculator.add'), ['ts/src/app.ts#main']);
    assert.deepEqual(await callers('Service.run'), ['py/pkg/cli.py#main']);
  });

  it('links a cross-package Go call and a same-package Go call', async () => {
    assert.deepEqual(await callees('go/main.go#main'), ['go/describe.go#describe', 'go/store/store.go#Open', 'go/store/store.go#Store.Save']);
    const r = await callTool(ctx, 'find_callees', { symbol: 'go/main.go#main', depth: 1 });
    const byId = Object.fromEntries(r.callees.map((c: { id: string; resolution: string }) => [c.id, c.resolution]));
    assert.equal(byId['go/store/store.go#Open'], 'import');
    assert.equal(byId['go/describe.go#describe'], 'package');
    assert.deepEqual(await callers('Store.Name'), ['go/describe.go#describe']);
  });

  it('links Rust associated functions and method calls through impl blocks', async () => {
    assert.deepEqual(await callees('rust/src/main.rs#main'), ['rust/src/geometry.rs#Point.new', 'rust/src/geometry.rs#Point.norm']);
    assert.deepEqual(await callers('Point::square'), ['rust/src/geometry.rs#Point.norm']);
  });

  it('walks transitively, nearest first, with depth on every caller', async () => {
    const r = await callTool(ctx, 'find_callers', { symbol: 'ts/src/strings.ts#normalize', depth: 3 });
    assert.deepEqual(
      r.callers.map((c: { id: string; depth: number }) => [c.id, c.depth]),
      [['ts/src/calculator.ts#Calculator.report', 1], ['ts/src/app.ts#main', 2], ['ts/src/app.test.ts#testMain', 3]],
    );
    assert.deepEqual(r.callers[0].call_sites, [{ file: 'ts/src/calculator.ts', line: 17 }]);
  });

  it('lists module-level callers separately', async () => {
    const r = await callTool(ctx, 'find_callers', { symbol: 'ts/src/app.ts#main', depth: 1 });
    assert.deepEqual(r.module_level_callers, [{ file: 'ts/src/app.ts', line: 13 }]);
  });

  it('answers an ambiguous name with the candidate ids instead of guessing', async () => {
    await assert.rejects(callTool(ctx, 'find_callers', { symbol: 'normalize' }), (e: Error & { kind?: string; data?: { candidates: string[] } }) => {
      assert.equal(e.kind, 'ambiguous');
      assert.deepEqual(e.data?.candidates.sort(), ['py/pkg/cli.py#normalize', 'py/pkg/service.py#normalize', 'ts/src/strings.ts#normalize', 'ts/src/vectors.ts#normalize']);
      return true;
    });
  });

  it('says when a symbol does not exist, with near names', async () => {
    await assert.rejects(callTool(ctx, 'find_callers', { symbol: 'Calculater' }), /No symbol named "Calculater"/);
  });
});
