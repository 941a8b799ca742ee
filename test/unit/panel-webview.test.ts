// The Blast Radius webview in a real browser: headless Debian Chromium loads the built script and stylesheet
// through the same CSP'd HTML shell the extension serves, with `acquireVsCodeApi` stubbed to record what the
// page posts. The data is a real blast_radius answer on the polyglot fixture, computed by the panel's host code.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { computeBlastRadius } from '../../src/panel/compute';
import { blastRadiusHtml, newNonce } from '../../src/panel/html';
import type { BlastRadiusRequest, BlastRadiusResult, HostMessage, WebviewMessage } from '../../src/panel/protocol';
import { callTool, contextFor, copyFixture, REPO_ROOT, removeDir } from './helpers';

const ORIGIN = 'https://sightline-webview.test';
const MEDIA = path.join(REPO_ROOT, 'dist', 'media');
const SCREENSHOTS = path.join(REPO_ROOT, 'out', 'screenshots');
// A file name and a default value that are markup: real repositories can hold both, and they reach the page.
const HOSTILE_FILE = 'ts/src/<img src=x onerror=window.__pwned=1>.ts';
const HOSTILE_NAME = '<img src=x onerror="window.__pwned=3">';

/** A few of the variables VS Code's Dark Modern theme sets on the webview's <html>, so the screenshot looks real. */
const DARK_THEME: Record<string, string> = {
  '--vscode-foreground': '#cccccc',
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-descriptionForeground': '#9d9d9d',
  '--vscode-font-family': 'system-ui, sans-serif',
  '--vscode-font-size': '13px',
  '--vscode-editor-font-family': 'monospace',
  '--vscode-editor-font-size': '13px',
  '--vscode-textLink-foreground': '#4daafc',
  '--vscode-textLink-activeForeground': '#4daafc',
  '--vscode-button-background': '#0078d4',
  '--vscode-button-foreground': '#ffffff',
  '--vscode-badge-background': '#616161',
  '--vscode-badge-foreground': '#f8f8f8',
  '--vscode-panel-border': '#2b2b2b',
  '--vscode-editorWarning-foreground': '#cca700',
  '--vscode-editorInfo-foreground': '#3794ff',
  '--vscode-charts-green': '#89d185',
  '--vscode-charts-yellow': '#cca700',
  '--vscode-charts-red': '#f14c4c',
  '--vscode-dropdown-background': '#313131',
  '--vscode-dropdown-foreground': '#cccccc',
  '--vscode-dropdown-border': '#3c3c3c',
  '--vscode-errorForeground': '#f85149',
};

async function ensureChromium(): Promise<string> {
  // The integration driver's installer: apt-get installs Debian Chromium when it is missing (root only).
  const install = (await import(path.join(REPO_ROOT, 'test', 'integration', 'install.mjs'))) as { ensureChromium(): void; CHROMIUM: string };
  install.ensureChromium();
  return install.CHROMIUM;
}

/** Bounded poll that fails with the last value seen. */
async function until<T>(what: string, probe: () => Promise<T | undefined | false>, tries = 200): Promise<T> {
  let last: unknown;
  for (let i = 0; i < tries; i++) {
    last = await probe();
    if (last) return last as T;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`gave up waiting for ${what}; last value: ${JSON.stringify(last)}`);
}

describe('Blast Radius webview in headless Chromium', () => {
  let root: string;
  let gitRoot: string;
  let changes: BlastRadiusResult;
  let browser: Browser;
  let page: Page;
  let full: BlastRadiusResult;
  let truncated: BlastRadiusResult;
  const problems: string[] = [];
  const blockedRequests: string[] = [];
  const request: BlastRadiusRequest = { target: 'ts/src/strings.ts#normalize', depth: 3, workspace: 'polyglot' };

  const posted = (): Promise<WebviewMessage[]> => page.evaluate(() => (globalThis as unknown as { __posted: WebviewMessage[] }).__posted);
  const send = (message: HostMessage) => page.evaluate((m) => (globalThis as unknown as { postMessage(m: unknown, origin: string): void }).postMessage(m, '*'), message);
  const text = (selector: string) => page.locator(selector).innerText();
  /** The row of the affected symbol with exactly this qualified name. */
  const row = (name: string) => page.locator('.symbol-row', { has: page.locator('button.symbol', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });

  before(async () => {
    for (const file of ['blast-radius.js', 'blast-radius.css']) {
      assert.ok(fs.existsSync(path.join(MEDIA, file)), `${path.join(MEDIA, file)} is missing: run "npm run build" first (npm test does).`);
    }
    root = copyFixture('polyglot');
    // Markup in a file name and in a signature: the real tool passes both through, the page must show them as text.
    fs.writeFileSync(
      path.join(root, HOSTILE_FILE),
      'import { normalize } from \'./strings\';\n\nexport function shout(text = "<img src=x onerror=window.__pwned=2>"): string {\n  return normalize(text).toUpperCase();\n}\n',
    );
    const ctx = contextFor(root, { storageDir: null });
    const answer = await computeBlastRadius(ctx, { target: request.target, depth: request.depth });
    assert.ok(answer.ok, 'the fixture answers');
    full = answer.result;
    // The same question under a small budget, as an agent passing max_tokens gets it.
    truncated = await callTool(ctx, 'blast_radius', { target: request.target, depth: request.depth, max_tokens: 300 });
    assert.equal(truncated.truncated, true, 'a 300-token budget cuts this answer');
    changes = await uncommittedChangesAnswer();

    browser = await chromium.launch({
      executablePath: await ensureChromium(),
      headless: true,
      chromiumSandbox: false,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    });
    page = await browser.newPage({ viewport: { width: 900, height: 1000 } });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    // The only origin is ours: the shell, the script and the stylesheet. Anything else (an injected image) is recorded and refused.
    const html = blastRadiusHtml({ cspSource: ORIGIN, scriptUri: `${ORIGIN}/media/blast-radius.js`, styleUri: `${ORIGIN}/media/blast-radius.css` }, newNonce());
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url === `${ORIGIN}/panel.html`) return route.fulfill({ contentType: 'text/html', body: html });
      const asset = /^https:\/\/sightline-webview\.test\/media\/(blast-radius\.(js|css))$/.exec(url);
      if (asset) return route.fulfill({ contentType: asset[2] === 'js' ? 'text/javascript' : 'text/css', body: fs.readFileSync(path.join(MEDIA, asset[1])) });
      blockedRequests.push(url);
      return route.abort();
    });
    // VS Code's webview API, stubbed: postMessage records, state survives a reload (as VS Code keeps it).
    // A string, not a function: tsx compiles test functions with helpers (__name) that do not exist in the page.
    await page.addInitScript(`
      window.__posted = [];
      window.acquireVsCodeApi = () => ({
        postMessage: (m) => window.__posted.push(m),
        getState: () => JSON.parse(sessionStorage.getItem('state') ?? 'null') ?? undefined,
        setState: (s) => sessionStorage.setItem('state', JSON.stringify(s)),
      });
      document.addEventListener('DOMContentLoaded', () => {
        for (const [name, value] of Object.entries(${JSON.stringify(DARK_THEME)})) document.documentElement.style.setProperty(name, value);
      });
    `);
    await page.goto(`${ORIGIN}/panel.html`);
  });

  after(async () => {
    await browser?.close();
    if (root) removeDir(root);
    if (gitRoot) removeDir(gitRoot);
  });

  /** `changes` in a git repository where one function body was edited and one file added. */
  async function uncommittedChangesAnswer(): Promise<BlastRadiusResult> {
    gitRoot = copyFixture('polyglot');
    const git = (...args: string[]) => execFileSync('git', ['-C', gitRoot, '-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { stdio: 'pipe' });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'base');
    const file = path.join(gitRoot, 'ts/src/vectors.ts');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('Math.sqrt(v.x * v.x + v.y * v.y)', 'Math.hypot(v.x, v.y)'));
    const answer = await computeBlastRadius(contextFor(gitRoot, { storageDir: null }), { target: 'changes', depth: 3 });
    assert.ok(answer.ok, 'the changes answer');
    return answer.result;
  }

  it('loads under the CSP and says it is ready', async () => {
    await until('the ready message', async () => (await posted()).some((m) => m.type === 'ready'));
    assert.deepEqual(problems, []);
  });

  it('shows a loading line, then the affected symbols grouped by depth', async () => {
    await send({ type: 'loading', request, indexing: true });
    assert.match(await text('.status.loading'), /Indexing the workspace first/);
    await send({ type: 'result', request, result: full });
    await page.waitForSelector('.depth-group');
    const groups = await page.$$eval('.depth-group', (sections) =>
      sections.map((s) => ({ depth: s.getAttribute('data-depth'), heading: s.querySelector('h3')!.textContent, names: [...s.querySelectorAll('button.symbol')].map((b) => b.textContent) })),
    );
    assert.deepEqual(groups, [
      { depth: '1', heading: 'Depth 1 · direct callers (2)', names: ['shout', 'Calculator.report'] },
      { depth: '2', heading: 'Depth 2 · callers 2 calls away (1)', names: ['main'] },
      { depth: '3', heading: 'Depth 3 · callers 3 calls away (1)', names: ['testMain'] },
    ]);
    assert.match(await text('.target h1'), /^Blast radius of normalize$/);
    assert.equal(await text('.target .signature'), 'function normalize(text: string): string');
    const report = row('Calculator.report');
    assert.equal(await report.locator('.badge.resolution').innerText(), 'import');
    assert.equal(await report.locator('.badge.confidence').innerText(), '100%');
    assert.match(await row('main').locator('.badge.confidence').innerText(), /^95%$/);
  });

  it('lists the tests to run and every affected file', async () => {
    assert.deepEqual(await page.$$eval('.tests li', (items) => items.map((i) => i.textContent)), ['ts/src/app.test.ts']);
    assert.deepEqual(await page.$$eval('.files li', (items) => items.map((i) => i.textContent)), full.files);
    assert.ok(full.files.includes(HOSTILE_FILE));
    assert.equal(await page.locator('.notice.truncated').count(), 0);
  });

  it('renders markup from the repository as text and runs none of it', async () => {
    const shout = row('shout');
    assert.ok((await shout.locator('.where').innerText()).startsWith(HOSTILE_FILE));
    assert.ok((await page.locator('.files').innerText()).includes(HOSTILE_FILE));
    // Markup straight in a symbol name too, which no parser yields but the page must survive.
    const hostile = { ...full, symbols: [{ ...full.symbols[0], qualified_name: HOSTILE_NAME, signature: HOSTILE_NAME }, ...full.symbols.slice(1)] };
    await send({ type: 'result', request, result: hostile });
    await until('the hostile name', async () => (await page.locator('button.symbol').first().innerText()) === HOSTILE_NAME);
    assert.equal(await page.locator('img').count(), 0);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned), undefined);
    assert.deepEqual(blockedRequests, [], 'no markup made the page fetch anything');
    await send({ type: 'result', request, result: full });
  });

  it('posts an open message with the file and line of a clicked entry', async () => {
    const before = (await posted()).length;
    await page.locator('button.symbol', { hasText: 'Calculator.report' }).click();
    await row('main').locator('.call-sites button').first().click();
    await page.locator('.tests button').first().click();
    assert.deepEqual((await posted()).slice(before), [
      { type: 'open', file: 'ts/src/calculator.ts', line: 16 },
      { type: 'open', file: 'ts/src/app.ts', line: 8 },
      { type: 'open', file: 'ts/src/app.test.ts', line: 1 },
    ]);
  });

  it('asks the host to re-run, at the chosen depth', async () => {
    const before = (await posted()).length;
    await page.locator('button.rerun').click();
    await page.locator('select.depth').selectOption('5');
    assert.deepEqual((await posted()).slice(before), [
      { type: 'rerun', depth: 3 },
      { type: 'rerun', depth: 5 },
    ]);
  });

  it('says so when the answer was cut to the token budget', async () => {
    await send({ type: 'result', request, result: truncated });
    const notice = await until('the truncated notice', async () => (await page.locator('.notice.truncated').count()) > 0 && text('.notice.truncated'));
    assert.match(notice, new RegExp(`^Truncated: showing ${truncated.symbols.length} of ${truncated.total_symbols} affected symbols`));
    assert.match(notice, /raise max_tokens/);
    assert.equal(await page.locator('button.symbol').count(), truncated.symbols.length);
  });

  it('keeps the last answer with setState and redraws it after a reload', async () => {
    await send({ type: 'result', request, result: full });
    await until('the full answer', async () => (await page.locator('button.symbol').count()) === full.symbols.length);
    await page.reload();
    await page.waitForSelector('.depth-group');
    assert.equal(await page.locator('button.symbol').count(), full.symbols.length);
    await until('ready after the reload', async () => (await posted()).some((m) => m.type === 'ready'));
  });

  it('ignores messages that are not the host\'s', async () => {
    const shown = await page.locator('#app').innerHTML();
    for (const junk of ['<img src=x onerror=window.__pwned=4>', null, 42, { type: 'evil', html: '<b>x</b>' }, { type: '__proto__' }]) {
      await page.evaluate((m) => (globalThis as unknown as { postMessage(m: unknown, origin: string): void }).postMessage(m, '*'), junk);
    }
    // Messages are delivered in order: once a marker posted after the junk arrives, the page has seen all of it.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const w = globalThis as unknown as { addEventListener(t: string, f: (e: { data: unknown }) => void): void; postMessage(m: unknown, o: string): void };
          w.addEventListener('message', (e) => e.data === 'junk-delivered' && resolve());
          w.postMessage('junk-delivered', '*');
        }),
    );
    assert.equal(await page.locator('#app').innerHTML(), shown);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned), undefined);
  });

  it('says plainly when the index is not ready', async () => {
    await send({ type: 'error', error: { kind: 'notReady', message: 'Sightline is still starting and has no index yet. Try again in a moment.' } });
    await page.waitForSelector('.error.kind-notReady');
    assert.equal(await text('.error h1'), 'The index is not ready yet');
    assert.match(await text('.error .message'), /still starting/);
    await page.locator('.error button.rerun').click();
    assert.deepEqual((await posted()).at(-1), { type: 'rerun', depth: 3 });
  });

  it('shows the uncommitted changes: changed files with their status, and the changed symbols', async () => {
    await send({ type: 'result', request: { ...request, target: 'changes' }, result: changes });
    await until('the changes heading', async () => (await text('.target h1')) === 'Blast radius of uncommitted changes');
    assert.deepEqual(await page.$$eval('.target li', (items) => items.map((i) => i.textContent)), ['ts/src/vectors.ts (modified)']);
    assert.deepEqual(await page.$$eval('.changed li', (items) => items.map((i) => i.textContent)), ['ts/src/vectors.ts#length']);
    assert.deepEqual(await page.$$eval('button.symbol', (b) => b.map((x) => x.textContent)), changes.symbols.map((s) => s.qualified_name));
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'blast-radius-changes.png'), fullPage: true });
  });

  it('takes a screenshot of the full answer', async () => {
    await send({ type: 'result', request, result: full });
    await page.waitForSelector('.depth-group');
    const file = path.join(SCREENSHOTS, 'blast-radius-panel.png');
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: file, fullPage: true });
    assert.ok(fs.statSync(file).size > 10_000);
    assert.deepEqual(problems, []);
  });
});
