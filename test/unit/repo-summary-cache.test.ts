import * as assert from 'node:assert/strict';
import { callTool, contextFor, copyFixture, removeDir } from './helpers';

describe('repo_summary is computed once per graph version and follows edits', () => {
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

  it('asked twice, the same answer; after an edit re-linked in place, the new one', async () => {
    const first = await callTool(ctx, 'repo_summary', {});
    const again = await callTool(ctx, 'repo_summary', {});
    assert.deepEqual(again.languages, first.languages);
    assert.deepEqual(again.modules, first.modules);
    const file = 'ts/src/calculator.ts';
    const graph = ctx.engine.graph;
    ctx.engine.setOverlay(file, `${ctx.engine.readText(file)}\n// one\n// two\n// three\n`);
    await ctx.engine.ready();
    assert.equal(ctx.engine.graph, graph, 're-linked in place: the same graph object, a new version');
    const edited = await callTool(ctx, 'repo_summary', {});
    assert.equal(edited.languages.typescript.lines, first.languages.typescript.lines + 4);
    ctx.engine.setOverlay(file, undefined);
    await ctx.engine.ready();
  });
});
