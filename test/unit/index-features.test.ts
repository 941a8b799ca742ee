import * as assert from 'node:assert/strict';
import { isSightlineError } from '../../src/common/errors';
import { IndexLanguageFeatures, serverOrIndex } from '../../src/engine/index-features';
import type { Answer, ProviderSymbol, SourceRange } from '../../src/engine/language-features';
import { contextFor, copyFixture, removeDir } from './helpers';

/**
 * The index's own LanguageFeatures (the CLI's, and VS Code's where no language server answers), on
 * test/fixtures/editor-ts:
 *   src/main.ts:4:10   `add` in `return add(x, 1) + add(x, 2);`
 *   src/math.ts:1:17   `add` in `export function add(`
 */
describe('IndexLanguageFeatures', () => {
  let root: string;
  let ctx: ReturnType<typeof contextFor>;
  let features: IndexLanguageFeatures;
  const notFound = (e: unknown) => isSightlineError(e) && e.kind === 'notFound';
  const at = (r: SourceRange) => `${r.file}:${r.start.line}:${r.start.character}`;

  before(async () => {
    root = copyFixture('editor-ts');
    ctx = contextFor(root, { storageDir: null });
    features = new IndexLanguageFeatures(ctx.workspaces);
    await ctx.engine.index();
  });

  after(() => {
    ctx.workspaces.dispose();
    removeDir(root);
  });

  it('definition at a call names the imported function\'s name range, answered by the index', async () => {
    const r = await features.definition({ file: 'src/main.ts', line: 4, character: 11 }, root);
    assert.equal(r.source, 'index');
    assert.deepEqual(r.value, [{ file: 'src/math.ts', start: { line: 1, character: 17 }, end: { line: 1, character: 20 } }]);
  });

  it('definition at a declaration is that declaration; on whitespace it is a notFound error', async () => {
    const r = await features.definition({ file: 'src/math.ts', line: 15, character: 14 }, root);
    assert.deepEqual(r.value.map(at), ['src/math.ts:15:14']);
    await assert.rejects(features.definition({ file: 'src/main.ts', line: 2, character: 1 }, root), notFound);
  });

  it('references list the resolved call sites with their caller, and name the declaration', async () => {
    const r = await features.references({ file: 'src/math.ts', line: 1, character: 17 }, root);
    assert.equal(r.source, 'index');
    assert.equal(r.declaration && at(r.declaration), 'src/math.ts:1:17');
    const sites = r.value.map(at);
    for (const expected of ['src/main.ts:4:10', 'src/main.ts:4:22', 'src/math.ts:7:39']) assert.ok(sites.includes(expected), `${expected} in ${sites.join(' ')}`);
    const inMultiply = r.value.find((x) => at(x) === 'src/math.ts:7:39');
    assert.equal(inMultiply?.enclosing_symbol, 'src/math.ts#multiply');
    assert.equal(inMultiply?.resolution, 'scope');
    assert.deepEqual(inMultiply?.end, inMultiply?.start, 'a call site is a point');
  });

  it('a symbol nothing calls has no references, which is an answer, not an error', async () => {
    const r = await features.references({ file: 'src/main.ts', line: 7, character: 17 }, root);
    assert.deepEqual(r.value, []);
    assert.equal(r.declaration && at(r.declaration), 'src/main.ts:7:17');
  });

  it('hover gives the declared signature of what the position names, and where it is declared', async () => {
    const r = await features.hover({ file: 'src/main.ts', line: 4, character: 22 }, root);
    assert.deepEqual(r.value, [{ contents: ['function add(a: number, b: number): number'] }]);
    assert.equal(r.declaration && at(r.declaration), 'src/math.ts:1:17');
    await assert.rejects(features.hover({ file: 'src/main.ts', line: 2, character: 1 }, root), (e: unknown) => notFound(e) && /No hover for src\/main.ts:2:1.*Point at an identifier/.test(String(e)));
  });

  it('document symbols nest members under their type, in source order', async () => {
    const r = await features.documentSymbols('src/math.ts', root);
    const outline = (list: ProviderSymbol[]): unknown[] => list.map((s) => (s.children ? [s.name, outline(s.children)] : s.name));
    assert.deepEqual(outline(r.value), ['add', 'multiply', ['Shape', ['area']], ['Square', ['constructor', 'area']]]);
    const square = r.value.find((s) => s.name === 'Square')!;
    assert.deepEqual([square.kind, square.range.start.line, square.range.end.line, square.selection && at(square.selection)], ['class', 15, 21, 'src/math.ts:15:14']);
    assert.equal(square.children?.[1].container, 'Square');
    assert.deepEqual((await features.documentSymbols('src/nothing-here.ts', root)).value, []);
  });

  it('workspace symbols find a name by its letters, best first', async () => {
    const r = await features.workspaceSymbols('cmpt', root);
    assert.equal(r.source, 'index');
    assert.equal(r.value[0].name, 'compute');
    assert.equal(r.value[0].selection && at(r.value[0].selection), 'src/main.ts:3:17');
  });

  it('refuses a folder it does not index, naming the open ones', async () => {
    await assert.rejects(features.definition({ file: 'a.ts', line: 1, character: 1 }, '/no/such/folder'), /Unknown workspace/);
  });

  it('asks the folders again on every call (a host rebuilds them)', async () => {
    let asked = 0;
    const lazy = new IndexLanguageFeatures(() => {
      asked++;
      return ctx.workspaces;
    });
    await lazy.hover({ file: 'src/main.ts', line: 4, character: 10 }, root);
    await lazy.hover({ file: 'src/main.ts', line: 4, character: 10 }, root);
    assert.equal(asked, 2);
  });
});

describe('serverOrIndex', () => {
  const fromIndex = (calls: string[]) => async (): Promise<Answer<string[]>> => {
    calls.push('index');
    return { source: 'index', value: ['from the index'] };
  };

  it('keeps a language server\'s answer and never asks the index', async () => {
    const calls: string[] = [];
    assert.deepEqual(await serverOrIndex(['from the server'], (v) => v.length === 0, fromIndex(calls)), { source: 'language_server', value: ['from the server'] });
    assert.deepEqual(calls, []);
  });

  it('asks the index when the server had nothing', async () => {
    const calls: string[] = [];
    assert.deepEqual(await serverOrIndex([], (v) => v.length === 0, fromIndex(calls)), { source: 'index', value: ['from the index'] });
    assert.deepEqual(calls, ['index']);
  });
});
