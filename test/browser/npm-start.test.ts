// `npm start` as a person uses it: the launcher serves VS Code (code-server) with Sightline on a folder and
// prints the URL; headless Chromium opens it, waits for the workbench and Sightline's status bar item, runs
// Show Blast Radius from the Command Palette, screenshots the panel (out/screenshots/npm-start-blast-radius.png),
// then Ctrl+C (SIGINT) stops the launcher and everything it started.
import * as assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type Browser, chromium, type Frame, type Page } from 'playwright-core';
import { REPO_ROOT } from '../unit/helpers';

const SCREENSHOTS = path.join(REPO_ROOT, 'out', 'screenshots');

/** Bounded poll that fails with the last value seen. */
async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined | false | null>): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  while (Date.now() < end) {
    try {
      last = await probe();
      if (last) return last as T;
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The frame (webviews are nested iframes) that holds `selector`. */
async function frameWith(page: Page, selector: string): Promise<Frame | undefined> {
  for (const frame of page.frames()) if (await frame.$(selector).catch(() => null)) return frame;
  return undefined;
}

describe('npm start: VS Code with Sightline on a folder, in a browser', () => {
  let workspace: string;
  let launcher: ChildProcess;
  let browser: Browser | undefined;
  let stdout = '';
  let stderr = '';

  before(async () => {
    const install = (await import(path.join(REPO_ROOT, 'test', 'integration', 'install.mjs'))) as { ensureChromium(): void };
    install.ensureChromium();
    assert.ok(fs.existsSync(path.join(REPO_ROOT, 'dist', 'extension.js')), 'run "npm run build" first');
    // The demo workspace, copied: the test must not leave an index or edits in the repository.
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-start-test-'));
    fs.cpSync(path.join(REPO_ROOT, 'demo'), workspace, { recursive: true });
    // What `npm start -- <folder>` runs, minus the build `npm test` has just done; detached, so a failed test
    // can still kill the whole group.
    launcher = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts', 'start.mjs'), workspace], {
      cwd: REPO_ROOT,
      env: { ...process.env, SIGHTLINE_START_NO_BUILD: '1' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout!.on('data', (c) => (stdout += c));
    launcher.stderr!.on('data', (c) => (stderr += c));
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    if (launcher.pid && groupAlive(launcher.pid)) process.kill(-launcher.pid, 'SIGKILL');
    fs.rmSync(workspace, { recursive: true, force: true });
  });

  it('prints only the URL on stdout, serves the workbench with Sightline, shows the Blast Radius panel, and stops on Ctrl+C', async () => {
    // First run installs code-server (~1.5 min); later ones start in seconds.
    const url = await until('the URL on stdout', 300_000, async () => (launcher.exitCode === null ? /^http:\/\/127\.0\.0\.1:\d+\/\?folder=\S+$/m.exec(stdout)?.[0] : Promise.reject(new Error(`launcher exited: ${stderr}`))));
    assert.equal(stdout.trim(), url, 'stdout carries the URL and nothing else');

    const { CHROMIUM } = (await import(path.join(REPO_ROOT, 'test', 'integration', 'install.mjs'))) as { CHROMIUM: string };
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    await until('the workbench', 90_000, () => page.$('.monaco-workbench'));
    const status = await until('Sightline\'s status bar item with a symbol count', 120_000, async () => {
      const items = await page.$$eval('.statusbar-item', (els) => els.map((e) => e.textContent ?? ''));
      return items.find((t) => /Sightline: [\d,]+ symbols/.test(t));
    });
    assert.match(status, /Sightline: \d+ symbols/);

    // Command Palette → Show Blast Radius → "Another symbol or file…" → a symbol of the demo.
    await page.keyboard.press('F1');
    await until('the command palette', 20_000, () => page.$('.quick-input-widget:not([style*="display: none"]) input'));
    await page.keyboard.type('Sightline: Show Blast Radius');
    await until('the command in the palette', 20_000, () => page.$('.quick-input-list .monaco-list-row[aria-label*="Show Blast Radius"]'));
    await page.keyboard.press('Enter');
    await until('the target picker', 20_000, () => page.$('.quick-input-list .monaco-list-row[aria-label*="Another symbol"]'));
    await page.keyboard.type('Another symbol');
    await page.keyboard.press('Enter');
    await until('the input box', 20_000, async () => (await page.$('.quick-input-list .monaco-list-row[aria-label*="Another symbol"]')) === null);
    await page.keyboard.type('src/money.ts#add');
    await page.keyboard.press('Enter');

    const panel = await until('the panel with the blast radius of add', 60_000, async () => {
      const frame = await frameWith(page, '.target .name');
      return frame && (await frame.$eval('.target .name', (e) => e.textContent)) === 'add' ? frame : undefined;
    });
    const rows = await panel.$$eval('.symbol-row .symbol', (els) => els.map((e) => e.textContent));
    for (const name of ['Invoice.subtotal', 'Invoice.total', 'monthlyReport']) assert.ok(rows.includes(name), `${name} in ${JSON.stringify(rows)}`);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'npm-start-blast-radius.png') });

    // Ctrl+C: the launcher stops code-server's process group and exits 0.
    const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
    process.kill(launcher.pid!, 'SIGINT');
    assert.equal(await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r('still running after 30 s'), 30_000))]), 0);
    await until('code-server gone', 10_000, async () => !groupAlive(launcher.pid!));
  });
});
