import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { computeBlastRadius } from '../../src/panel/compute';
import { blastRadiusHtml, newNonce } from '../../src/panel/html';
import { locateFile, resolveOpenRequest, symbolAtLine } from '../../src/panel/targets';
import { parseSavedRequest, parseWebviewMessage } from '../../src/panel/webview-messages';
import { callTool, contextFor, copyFixture, removeDir } from './helpers';

describe('Blast Radius panel host (no VS Code needed)', () => {
  describe('parseWebviewMessage: the webview is untrusted', () => {
    it('accepts the three known messages, keeping only their fields', () => {
      assert.deepEqual(parseWebviewMessage({ type: 'ready', extra: 1 }), { type: 'ready' });
      assert.deepEqual(parseWebviewMessage({ type: 'open', file: 'ts/src/app.ts', line: 8, evil: true }), { type: 'open', file: 'ts/src/app.ts', line: 8 });
      assert.deepEqual(parseWebviewMessage({ type: 'rerun' }), { type: 'rerun' });
      assert.deepEqual(parseWebviewMessage({ type: 'rerun', depth: 10 }), { type: 'rerun', depth: 10 });
    });
    it('refuses anything else', () => {
      const bad: unknown[] = [
        null, undefined, 'open', 42, [], [{ type: 'ready' }], {}, { type: 'exec', command: 'rm -rf /' }, { type: '__proto__' },
        { type: 'open', file: 'a.ts' }, { type: 'open', file: 'a.ts', line: 0 }, { type: 'open', file: 'a.ts', line: 1.5 },
        { type: 'open', file: 'a.ts', line: '3' }, { type: 'open', file: 'a.ts', line: Number.NaN }, { type: 'open', file: 'a.ts', line: 1e9 },
        { type: 'open', file: '', line: 1 }, { type: 'open', file: 'a\0b', line: 1 }, { type: 'open', file: 'x'.repeat(5000), line: 1 },
        { type: 'open', file: { toString: () => 'a.ts' }, line: 1 }, { type: 'rerun', depth: 0 }, { type: 'rerun', depth: 11 }, { type: 'rerun', depth: '3' },
      ];
      for (const raw of bad) assert.equal(parseWebviewMessage(raw), undefined, JSON.stringify(raw));
    });
  });

  describe('parseSavedRequest: the state a restored panel comes back with', () => {
    const saved = (request: unknown) => ({ last: { type: 'result', request, result: {} } });
    it('reads the request the webview saved, keeping only its fields', () => {
      assert.deepEqual(parseSavedRequest(saved({ target: 'src/math.ts#add', depth: 2, workspace: 'editor-ts', extra: true })), { target: 'src/math.ts#add', depth: 2, workspace: 'editor-ts' });
      assert.deepEqual(parseSavedRequest({ last: { type: 'loading', indexing: true, request: { target: 'changes', depth: 3, workspace: 'w' } } }), { target: 'changes', depth: 3, workspace: 'w' });
    });
    it('gives nothing for a state without a usable request', () => {
      const bad: unknown[] = [
        undefined, null, 'state', {}, { last: null }, { last: { type: 'error', error: { kind: 'notReady', message: 'x' } } },
        saved({ depth: 2, workspace: 'w' }), saved({ target: '', depth: 2, workspace: 'w' }), saved({ target: '  ', depth: 2, workspace: 'w' }),
        saved({ target: 'a\0b', depth: 2, workspace: 'w' }), saved({ target: 'x'.repeat(5000), depth: 2, workspace: 'w' }), saved({ target: 7, depth: 2, workspace: 'w' }),
        saved({ target: 'add', depth: 0, workspace: 'w' }), saved({ target: 'add', depth: 11, workspace: 'w' }), saved({ target: 'add', depth: 2.5, workspace: 'w' }),
        saved({ target: 'add', depth: 2 }), saved({ target: 'add', depth: 2, workspace: ['w'] }),
      ];
      for (const state of bad) assert.equal(parseSavedRequest(state), undefined, JSON.stringify(state));
    });
  });

  describe('with the polyglot fixture', () => {
    let root: string;
    let outside: string;
    let ctx: ReturnType<typeof contextFor>;

    before(() => {
      root = copyFixture('polyglot');
      outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-outside-'));
      fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret\n');
      fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'leak.txt'));
      ctx = contextFor(root, { storageDir: null });
    });
    after(() => {
      removeDir(root);
      removeDir(outside);
    });

    it('answers exactly what the blast_radius tool answers an agent, plus freshness', async () => {
      const outcome = await computeBlastRadius(ctx, { target: 'ts/src/strings.ts#normalize', depth: 3 });
      assert.ok(outcome.ok);
      const agent = await callTool(ctx, 'blast_radius', { target: 'ts/src/strings.ts#normalize', depth: 3 });
      assert.deepEqual(outcome.result, agent);
      assert.equal(typeof outcome.result.freshness.indexed_at, 'string');
      assert.deepEqual(outcome.result.symbols.map((s) => [s.depth, s.id]), [
        [1, 'ts/src/calculator.ts#Calculator.report'],
        [2, 'ts/src/app.ts#main'],
        [3, 'ts/src/app.test.ts#testMain'],
      ]);
    });

    it('asks with the budget agents get by default, and says when it cut', async () => {
      const cut = await computeBlastRadius(ctx, { target: 'ts/src/strings.ts#normalize', depth: 3, maxTokens: 300 });
      assert.ok(cut.ok);
      const agent = await callTool(ctx, 'blast_radius', { target: 'ts/src/strings.ts#normalize', depth: 3, max_tokens: 300 });
      assert.deepEqual(cut.result, agent);
      assert.equal(cut.result.truncated, true);
    });

    it('passes the tool\'s own errors through as kind + sentence', async () => {
      const unknown = await computeBlastRadius(ctx, { target: 'noSuchThing', depth: 3 });
      assert.ok(!unknown.ok);
      assert.equal(unknown.error.kind, 'notFound');
      assert.match(unknown.error.message, /No symbol named "noSuchThing"/);
      const ambiguous = await computeBlastRadius(ctx, { target: 'normalize', depth: 3 });
      assert.ok(!ambiguous.ok);
      assert.equal(ambiguous.error.kind, 'ambiguous');
      assert.match(ambiguous.error.message, /ts\/src\/strings\.ts#normalize/);
      const deep = await computeBlastRadius(ctx, { target: 'main', depth: 11 });
      assert.ok(!deep.ok);
      assert.equal(deep.error.kind, 'invalidArgument');
      assert.match(deep.error.message, /`depth`/);
    });

    it('finds the innermost callable or type at a line', async () => {
      const { engine } = ctx;
      await engine.ready();
      assert.equal(symbolAtLine(engine, 'ts/src/calculator.ts', 17)?.id, 'ts/src/calculator.ts#Calculator.report');
      assert.equal(symbolAtLine(engine, 'ts/src/strings.ts', 3)?.id, 'ts/src/strings.ts#normalize');
      assert.equal(symbolAtLine(engine, 'ts/src/strings.ts', 1), undefined);
      assert.equal(symbolAtLine(engine, 'not/indexed.ts', 1), undefined);
    });

    it('locates an absolute editor path in its folder', () => {
      assert.deepEqual(locateFile(ctx.workspaces, path.join(root, 'ts', 'src', 'app.ts'))?.rel, 'ts/src/app.ts');
      assert.equal(locateFile(ctx.workspaces, path.join(outside, 'secret.txt')), undefined);
    });

    it('opens only regular files inside the workspace', () => {
      const ok = resolveOpenRequest(root, 'ts/src/app.ts');
      assert.ok('abs' in ok && ok.abs === path.join(fs.realpathSync(root), 'ts', 'src', 'app.ts'));
      const refused: [string, string][] = [
        ['../../etc/passwd', 'outsideWorkspace'],
        ['/etc/passwd', 'outsideWorkspace'],
        [path.join(outside, 'secret.txt'), 'outsideWorkspace'],
        ['leak.txt', 'outsideWorkspace'],
        ['ts/src', 'invalidArgument'],
        ['ts/src/missing.ts', 'notFound'],
      ];
      for (const [file, kind] of refused) {
        const r = resolveOpenRequest(root, file);
        assert.ok('error' in r, file);
        assert.equal(r.error.kind, kind, file);
      }
    });
  });

  describe('blastRadiusHtml', () => {
    it('is an empty shell with a strict CSP and one nonce\'d script', () => {
      const nonce = newNonce();
      const html = blastRadiusHtml({ cspSource: 'https://x.vscode-cdn.net', scriptUri: 'https://x.vscode-cdn.net/m/blast-radius.js', styleUri: 'https://x.vscode-cdn.net/m/blast-radius.css' }, nonce);
      assert.match(html, new RegExp(`content="default-src 'none'; style-src https://x.vscode-cdn.net; script-src 'nonce-${nonce.replace(/[+/]/g, '\\$&')}'"`));
      assert.equal(html.match(/<script/g)?.length, 1);
      assert.ok(html.includes(`<script nonce="${nonce}" src="https://x.vscode-cdn.net/m/blast-radius.js"></script>`));
      assert.ok(!/onerror|onclick|style=/.test(html));
    });
    it('makes a different nonce each time, with at least 128 bits', () => {
      const nonces = new Set(Array.from({ length: 50 }, () => newNonce()));
      assert.equal(nonces.size, 50);
      assert.ok(Buffer.from(newNonce(), 'base64').length >= 16);
    });
  });
});
