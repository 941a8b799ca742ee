import * as assert from 'node:assert/strict';
import { isSightlineError } from '../../src/common/errors';
import { callTool, contextFor, copyFixture, hostFeatures, removeDir } from './helpers';

/**
 * The language tools without VS Code (the CLI): they answer from the index where it can, and otherwise say
 * they need VS Code and what to use instead. Their VS Code answers are tested in test/integration.
 */
describe('language tools headless (index only)', () => {
  let root: string;
  let ctx: ReturnType<typeof contextFor>;

  before(async () => {
    root = copyFixture('editor-ts');
    ctx = contextFor(root, { storageDir: null });
    await ctx.engine.index();
  });

  after(() => {
    ctx.workspaces.dispose();
    removeDir(root);
  });

  it('hover answers with the indexed signature, at a position and by name', async () => {
    const byName = await callTool(ctx, 'hover', { symbol: 'compute' });
    assert.deepEqual(byName.contents, ['function compute(x: number): number']);
    assert.equal(byName.source, 'index');
    const atCall = await callTool(ctx, 'hover', { file: 'src/main.ts', line: 4, character: 10 });
    assert.equal(atCall.symbol.id, 'src/math.ts#add');
  });

  it('document_symbols lists the file\'s symbols from the index, or a class\'s members', async () => {
    const r = await callTool(ctx, 'document_symbols', { file: 'src/math.ts' });
    assert.equal(r.source, 'index');
    assert.deepEqual(r.symbols.map((s: any) => s.id), ['src/math.ts#add', 'src/math.ts#multiply', 'src/math.ts#Shape', 'src/math.ts#Shape.area', 'src/math.ts#Square', 'src/math.ts#Square.constructor', 'src/math.ts#Square.area']);
    const members = await callTool(ctx, 'document_symbols', { symbol: 'Square' });
    assert.deepEqual(members.symbols.map((s: any) => s.name), ['constructor', 'area']);
    await assert.rejects(callTool(ctx, 'document_symbols', {}), /exactly one of file or symbol/);
  });

  it('go_to_definition and find_references say who answered: a language server\'s answer keeps its source', async () => {
    const add = { file: 'src/math.ts', start: { line: 1, character: 17 }, end: { line: 1, character: 20 } };
    const features = hostFeatures(ctx.workspaces, {
      definition: async () => ({ source: 'language_server', value: [add] }),
      references: async () => ({ source: 'language_server', value: [{ ...add, file: 'src/report.ts' }] }),
    });
    const def = await callTool({ ...ctx, features }, 'go_to_definition', { file: 'src/main.ts', line: 4, character: 10 });
    assert.deepEqual([def.source, def.definitions[0].id, def.definitions[0].line, def.definitions[0].character], ['language_server', 'src/math.ts#add', 1, 17]);
    const refs = await callTool({ ...ctx, features }, 'find_references', { file: 'src/main.ts', line: 4, character: 10 });
    assert.deepEqual([refs.source, refs.references, refs.symbol], ['language_server', [{ file: 'src/report.ts', line: 1, character: 17 }], undefined]);
    const headless = await callTool(ctx, 'find_references', { file: 'src/main.ts', line: 4, character: 10 });
    assert.deepEqual([headless.source, headless.symbol.id], ['index', 'src/math.ts#add']);
  });

  it('search_symbols finds by fuzzy name from the index', async () => {
    const r = await callTool(ctx, 'search_symbols', { query: 'cmpt' });
    assert.equal(r.symbols[0].name, 'compute');
    assert.deepEqual(r.symbols[0].sources, ['index']);
    const classes = await callTool(ctx, 'search_symbols', { query: 'a', kind: 'class' });
    assert.deepEqual(classes.symbols.map((s: any) => s.name), ['Square']);
  });

  for (const [tool, args, instead] of [
    ['call_hierarchy', { symbol: 'add' }, 'find_callers'],
    ['diagnostics', {}, 'build or lint'],
    ['rename_symbol', { symbol: 'add', new_name: 'plus' }, 'find_references'],
    ['format_document', { file: 'src/messy.ts' }, 'formatter'],
    ['code_actions', { symbol: 'add' }, 'diagnostics'],
    ['go_to_implementation', { symbol: 'Shape' }, 'find_references'],
    ['go_to_type_definition', { symbol: 'unitSquare' }, 'go_to_definition'],
    ['signature_help', { symbol: 'add' }, 'hover'],
    ['completions', { symbol: 'add' }, 'search_symbols'],
    ['inlay_hints', { file: 'src/main.ts' }, 'hover'],
  ] as const) {
    it(`${tool} says it needs VS Code and what to use instead`, async () => {
      await assert.rejects(callTool(ctx, tool, args), (e: Error) => isSightlineError(e) && e.kind === 'unsupported' && e.message.includes('VS Code') && e.message.includes(instead));
    });
  }

  it('rename_symbol refuses a new name with whitespace before anything else', async () => {
    await assert.rejects(callTool(ctx, 'rename_symbol', { symbol: 'add', new_name: 'a b' }), /new_name.*whitespace/);
  });

  it('server_logs reports the index health and says no language servers run here', async () => {
    ctx.logger.log('warn', 'something to see');
    const r = await callTool(ctx, 'server_logs', { level: 'warn' });
    assert.equal(r.workspaces[0].status, 'ready');
    assert.ok(r.workspaces[0].symbols > 5);
    assert.deepEqual(r.providers, []);
    assert.match(r.note, /No language servers here/);
    assert.deepEqual(r.logs.map((l: any) => l.message), ['something to see']);
  });
});
