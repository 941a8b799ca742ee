import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SourceRange } from '../../src/engine/language-features';
import { callTool, contextFor, copyFixture, hostFeatures, ids, removeDir } from './helpers';

describe('find_callers: confidence floor and language-server verification', () => {
  let root: string;
  let ctx: ReturnType<typeof contextFor>;

  before(async () => {
    root = copyFixture('polyglot');
    // A call the syntax cannot tie to a type: only the method's name links it.
    fs.writeFileSync(path.join(root, 'ts/src/loose.ts'), 'export function poke(thing: any): number {\n  return thing.total();\n}\n');
    ctx = contextFor(root, { storageDir: null });
    await ctx.engine.index();
  });
  after(() => {
    ctx.workspaces.dispose();
    removeDir(root);
  });

  it('leaves name-only matches out by default (min_confidence 0.5) and lists them at 0', async () => {
    const byDefault = await callTool(ctx, 'find_callers', { symbol: 'Calculator.total', depth: 1 });
    assert.deepEqual(ids(byDefault.callers), ['ts/src/calculator.ts#Calculator.report']);
    const all = await callTool(ctx, 'find_callers', { symbol: 'Calculator.total', depth: 1, min_confidence: 0 });
    assert.deepEqual(ids(all.callers), ['ts/src/calculator.ts#Calculator.report', 'ts/src/loose.ts#poke']);
    const guess = all.callers.find((c: { id: string }) => c.id === 'ts/src/loose.ts#poke');
    assert.equal(guess.resolution, 'name');
    assert.ok(guess.confidence < 0.5, `confidence ${guess.confidence}`);
  });

  it('says verification is unavailable without a language server, and still answers', async () => {
    const r = await callTool(ctx, 'find_callers', { symbol: 'ts/src/strings.ts#normalize', depth: 1, verify: true });
    assert.equal(r.verification.status, 'unavailable');
    assert.match(r.verification.reason, /VS Code/);
    assert.deepEqual(ids(r.callers), ['ts/src/calculator.ts#Calculator.report']);
    assert.equal(r.callers[0].verified, undefined);
  });

  it('marks direct callers the language server confirms, and adds the ones only it found', async () => {
    const site = (file: string, line: number, character: number): SourceRange => ({ file, start: { line, character }, end: { line, character: character + 1 } });
    const asked: unknown[] = [];
    const features = hostFeatures(ctx.workspaces, {
      async callHierarchy(at, direction) {
        asked.push({ ...at, direction });
        const symbol = { name: 'x', kind: 'function', range: site('ts/src/app.ts', 5, 1) };
        return [{ item: symbol, calls: [{ symbol, call_sites: [site('ts/src/calculator.ts', 17, 16), site('ts/src/app.ts', 9, 3)] }] }];
      },
    });
    const r = await callTool({ ...ctx, features }, 'find_callers', { symbol: 'ts/src/strings.ts#normalize', depth: 2, verify: true });
    assert.deepEqual(asked, [{ file: 'ts/src/strings.ts', line: 2, character: 17, direction: 'incoming' }]);
    assert.deepEqual(r.verification, { status: 'checked', confirmed: ['ts/src/calculator.ts#Calculator.report'], unconfirmed: [], added: ['ts/src/app.ts#main'] });
    const byId = Object.fromEntries(r.callers.map((c: { id: string; verified?: boolean }) => [c.id, c.verified]));
    assert.deepEqual(byId, { 'ts/src/calculator.ts#Calculator.report': true, 'ts/src/app.ts#main': undefined });
  });
});
