// Runs the integration tests inside a REAL VS Code extension host: code-server 4.139.1 (VS Code 1.139.1)
// driven by headless Debian Chromium through playwright-core. Every flag and trap is explained in
// shared/VSCODE-TESTS.md. Exit code 0 only when a complete results file reports tests and no failures.
//
// Environment:
//   SIGHTLINE_IT_FOLDERS   comma-separated fixture folders under test/fixtures (default: editor-ts,editor-js);
//                          more than one opens a multi-root workspace, in this order
//   SIGHTLINE_IT_GREP      mocha --grep for the suite inside the extension host
//   SIGHTLINE_IT_TIMEOUT   overall bound for one run in seconds (default 600)
//   SIGHTLINE_IT_KEEP=1    keep the temp folder (logs, user data, workspace copy) for inspection
//   SIGHTLINE_IT_WORKSPACE an absolute folder (your own code) to open instead of the fixtures: it is copied, like them
//   SIGHTLINE_IT_TESTS     an absolute folder holding a compiled test index (index.js exporting run(), as in
//                          out/integration/suite) to run instead of Sightline's own suite
//   SIGHTLINE_IT_VSIX      a packaged .vsix: install it into this run's extensions folder, as a user would, and
//                          run the tests of test/integration/packaged against it instead of the development
//                          folder (test/integration/packaged.mjs packages one and sets this)
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import * as util from 'node:util';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, ensureChromium, ensureTools } from './install.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const cacheDir = path.join(root, '.vscode-test');
const vsix = process.env.SIGHTLINE_IT_VSIX ? path.resolve(process.env.SIGHTLINE_IT_VSIX) : undefined;
// VS Code runs extensionTestsPath only beside an extensionDevelopmentPath: against an installed VSIX that is an
// empty probe extension, so the Sightline that loads is the installed one and nothing of this folder.
const developmentPath = vsix ? path.join(here, 'packaged', 'probe') : root;
const testIndexDir = process.env.SIGHTLINE_IT_TESTS ? path.resolve(process.env.SIGHTLINE_IT_TESTS) : path.join(root, 'out', 'integration', vsix ? 'packaged' : 'suite');
const outsideWorkspace = process.env.SIGHTLINE_IT_WORKSPACE ? path.resolve(process.env.SIGHTLINE_IT_WORKSPACE) : undefined;
const fixtures = (process.env.SIGHTLINE_IT_FOLDERS ?? 'editor-ts,editor-js').split(',').map((f) => f.trim()).filter(Boolean);
const overallMs = Number(process.env.SIGHTLINE_IT_TIMEOUT ?? 600) * 1000;
const keep = process.env.SIGHTLINE_IT_KEEP === '1';
const screenshotDir = path.join(root, 'out', 'screenshots');

const log = (line) => process.stdout.write(`[driver] ${line}\n`);

/** Everything torn down in `teardown`, in reverse order of creation. */
const state = { tmp: undefined, groupsFile: undefined, codeServer: undefined, watchdog: undefined, browserServer: undefined, browser: undefined };
let tearingDown;

function recordGroup(pid) {
  fs.appendFileSync(state.groupsFile, `${pid}\n`);
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

async function waitForExit(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function teardown() {
  tearingDown ??= (async () => {
    try {
      await Promise.race([state.browser?.close(), new Promise((r) => setTimeout(r, 5000))]);
    } catch {
      // The browser may already be gone.
    }
    try {
      await Promise.race([state.browserServer?.close(), new Promise((r) => setTimeout(r, 5000))]);
    } catch {
      // Fall through to killing its group.
    }
    const chromiumPid = state.browserServer?.process()?.pid;
    if (chromiumPid) killGroup(chromiumPid, 'SIGKILL');
    if (state.codeServer?.pid) {
      killGroup(state.codeServer.pid, 'SIGTERM');
      await waitForExit(state.codeServer, 3000);
      killGroup(state.codeServer.pid, 'SIGKILL');
    }
    state.watchdog?.kill('SIGTERM');
    if (state.tmp) {
      if (keep) log(`kept ${state.tmp}`);
      else fs.rmSync(state.tmp, { recursive: true, force: true });
    }
  })();
  return tearingDown;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    log(`${signal}: tearing down`);
    teardown().finally(() => process.exit(130));
  });
}

/** Bounded poll: resolves with the first truthy value of `probe`, or fails naming what it waited for. */
async function poll(what, ms, probe) {
  const end = Date.now() + ms;
  let last;
  while (Date.now() < end) {
    try {
      last = await probe();
      if (last) return last;
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what} (last: ${JSON.stringify(last)})`);
}

function httpStatus(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', reject);
    req.setTimeout(2000, () => req.destroy(new Error('no answer in 2 s')));
  });
}

function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

/** Installs the .vsix with code-server's own `--install-extension`, into this run's extensions folder only. */
function installVsix(tools, env, userData, extensionsDir) {
  const args = [tools.codeServer, '--user-data-dir', userData, '--extensions-dir', extensionsDir, '--install-extension', vsix];
  const r = spawnSync(tools.nodeBin, args, { cwd: state.tmp, env, encoding: 'utf8', timeout: 120_000 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0 || !/successfully installed/i.test(output)) throw new Error(`code-server --install-extension ${vsix} failed (${r.status ?? r.signal ?? r.error?.message}):\n${output.slice(-4000)}`);
  log(`installed ${path.basename(vsix)} into ${extensionsDir}`);
}

async function startCodeServer(tools, env) {
  const tmp = state.tmp;
  const userData = path.join(tmp, 'ud');
  const extensionsDir = path.join(tmp, 'ext');
  writeJson(path.join(userData, 'User', 'settings.json'), {
    'telemetry.telemetryLevel': 'off',
    'workbench.startupEditor': 'none',
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'typescript.disableAutomaticTypeAcquisition': true,
    'git.enabled': false,
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'update.mode': 'none',
  });
  fs.writeFileSync(path.join(tmp, 'code-server.yaml'), 'auth: none\n');
  if (vsix) installVsix(tools, env, userData, extensionsDir);
  const args = [
    tools.codeServer,
    '--config', path.join(tmp, 'code-server.yaml'),
    '--auth', 'none',
    '--bind-addr', '127.0.0.1:0',
    '--user-data-dir', userData,
    '--extensions-dir', extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--idle-timeout-seconds', '61',
    '--vscode-option', 'enable-smoke-test-driver',
  ];
  const child = spawn(tools.nodeBin, args, { cwd: tmp, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  state.codeServer = child;
  recordGroup(child.pid);
  const logFile = fs.createWriteStream(path.join(tmp, 'code-server.log'));
  let output = '';
  const port = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      logFile.write(chunk);
      if (output.length < 1e6) output += chunk.toString();
      const m = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (m) resolve(Number(m[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`code-server exited early (${code ?? signal}):\n${output.slice(-4000)}`)));
  });
  port.catch(() => undefined);
  const listening = await Promise.race([
    port,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`code-server did not report its port within 60 s:\n${output.slice(-4000)}`)), 60000)),
  ]);
  await poll('code-server /healthz', 60000, async () => (await httpStatus(`http://127.0.0.1:${listening}/healthz`)) === 200);
  return listening;
}

function readResults(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Bounded wait for `selector` in any of the page's frames; returns the element. */
function elementInFrames(page, selector) {
  return poll(`${selector} in a frame`, 20000, async () => {
    for (const frame of page.frames()) {
      const element = await frame.$(selector).catch(() => null);
      if (element) return element;
    }
    return undefined;
  });
}

async function clickInFrame(page, name, selector, button = 'left') {
  try {
    await (await elementInFrames(page, selector)).click({ button });
    log(`${button}-clicked ${selector} (${name})`);
  } catch (e) {
    log(`click ${name} not done: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Waits (bounded) until `selector` is in one of the page's frames, then saves `<name>.png` in screenshotDir. */
async function saveScreenshot(page, name, selector) {
  try {
    await elementInFrames(page, selector);
    const file = path.join(screenshotDir, `${name}.png`);
    fs.mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: `${file}.tmp.png` });
    fs.renameSync(`${file}.tmp.png`, file);
    log(`saved ${file}`);
  } catch (e) {
    log(`screenshot ${name} not taken: ${e instanceof Error ? e.message : String(e)}`);
  }
}

async function main() {
  if (!fs.existsSync(path.join(testIndexDir, 'index.js'))) throw new Error(`${testIndexDir}/index.js is missing: run "npm run build" first.`);
  if (vsix && !fs.existsSync(vsix)) throw new Error(`SIGHTLINE_IT_VSIX names ${vsix}, which does not exist.`);
  if (!vsix && !fs.existsSync(path.join(root, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing: run "npm run build" first.');
  if (outsideWorkspace && !fs.statSync(outsideWorkspace, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`SIGHTLINE_IT_WORKSPACE names ${outsideWorkspace}, which is not a folder.`);
  if (!outsideWorkspace) for (const f of fixtures) if (!fs.existsSync(path.join(root, 'test', 'fixtures', f))) throw new Error(`fixture test/fixtures/${f} does not exist (SIGHTLINE_IT_FOLDERS).`);
  if (fixtures.length === 0) throw new Error('SIGHTLINE_IT_FOLDERS names no fixture folder.');
  ensureChromium();
  const tools = ensureTools(cacheDir);

  state.tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-it-'));
  state.groupsFile = path.join(state.tmp, 'process-groups');
  fs.writeFileSync(state.groupsFile, '');
  state.watchdog = spawn(process.execPath, [path.join(here, 'watchdog.mjs'), String(process.pid), state.groupsFile, keep ? '' : state.tmp], {
    detached: true,
    stdio: 'ignore',
  });
  state.watchdog.unref();

  // Tests edit files (rename with apply, index following an edit): they get copies, never the fixtures themselves.
  const workspace = path.join(state.tmp, 'workspace');
  let open;
  if (outsideWorkspace) {
    // node_modules and .git stay behind: the copy is for indexing and editing, not for building.
    const copy = path.join(workspace, path.basename(outsideWorkspace));
    fs.cpSync(outsideWorkspace, copy, { recursive: true, filter: (src) => !/[\\/](node_modules|\.git)$/.test(src) });
    open = `folder=${encodeURIComponent(copy)}`;
  } else if (fixtures.length === 1) {
    fs.cpSync(path.join(root, 'test', 'fixtures', fixtures[0]), path.join(workspace, fixtures[0]), { recursive: true });
    open = `folder=${encodeURIComponent(path.join(workspace, fixtures[0]))}`;
  } else {
    for (const f of fixtures) fs.cpSync(path.join(root, 'test', 'fixtures', f), path.join(workspace, f), { recursive: true });
    const file = path.join(workspace, 'sightline-tests.code-workspace');
    // TypeScript's inlay hints are off by default; the inlay_hints tests need parameter-name hints.
    const settings = { 'typescript.inlayHints.parameterNames.enabled': 'all', 'javascript.inlayHints.parameterNames.enabled': 'all' };
    writeJson(file, { folders: fixtures.map((f) => ({ path: f })), settings });
    open = `workspace=${encodeURIComponent(file)}`;
  }
  const resultsFile = path.join(state.tmp, 'results.json');
  const env = {
    ...process.env,
    PATH: `${tools.nodeBinDir}${path.delimiter}${process.env.PATH}`,
    EXTENSIONS_GALLERY: '{}',
    XDG_DATA_HOME: path.join(state.tmp, 'xdg-data'),
    XDG_CONFIG_HOME: path.join(state.tmp, 'xdg-config'),
    XDG_CACHE_HOME: path.join(state.tmp, 'xdg-cache'),
    SIGHTLINE_TEST_RESULTS: resultsFile,
    // Window lock files for `sightline bridge` go here, not into the home folder.
    SIGHTLINE_LOCK_DIR: path.join(state.tmp, 'locks'),
    SIGHTLINE_TEST_GREP: process.env.SIGHTLINE_IT_GREP ?? '',
    SIGHTLINE_SCREENSHOTS: screenshotDir,
    // Where the packaged tests expect to find the installed extension.
    SIGHTLINE_IT_EXTENSIONS_DIR: path.join(state.tmp, 'ext'),
  };
  const port = await startCodeServer(tools, env);
  log(`code-server ${port} ready; workspace ${workspace}`);

  state.browserServer = await chromium.launchServer({
    executablePath: CHROMIUM,
    headless: true,
    chromiumSandbox: false,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const chromiumPid = state.browserServer.process()?.pid;
  if (chromiumPid) recordGroup(chromiumPid);
  state.browser = await chromium.connect(state.browserServer.wsEndpoint());
  // The clipboard permissions let tests read what Copy MCP Configuration wrote (vscode.env.clipboard).
  const browserContext = await state.browser.newContext({ viewport: { width: 1400, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await browserContext.newPage();

  let exitCode;
  const exited = new Promise((resolve) => {
    page.exposeFunction('codeAutomationExit', (code) => {
      exitCode = code;
      resolve(code);
    });
  });
  await page.exposeFunction('codeAutomationLog', (_type, args) => {
    // The extension host's console and mocha's reporter, as console.log arguments.
    const line = Array.isArray(args) ? util.format(...args) : String(args);
    // The workbench's agent host retries a sign-in that cannot exist here, dozens of times a run.
    if (line.startsWith('[AgentHost]')) return;
    // Requests from a test for what only the browser can do: a picture of the workbench once `selector` shows
    // in some frame (webviews are nested iframes), or a real click (or right-click, for a context menu) on it.
    // The test waits for the effect.
    const request = /^\[sightline-driver\] (screenshot|click|rightclick) ([a-z0-9-]+) (.+)$/.exec(line);
    if (request?.[1] === 'screenshot') void saveScreenshot(page, request[2], request[3]);
    else if (request) void clickInFrame(page, request[2], request[3], request[1] === 'rightclick' ? 'right' : 'left');
  });
  page.on('crash', () => log('the page crashed'));

  const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
  const payload = [
    ['extensionDevelopmentPath', remote(developmentPath)],
    ['extensionTestsPath', remote(testIndexDir)],
    ['skipWelcome', 'true'],
    ['skipReleaseNotes', 'true'],
  ];
  const url = `http://127.0.0.1:${port}/?${open}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  await page.goto(url);
  log('workbench opened; tests run in the extension host');

  const bound = new Promise((resolve) => setTimeout(() => resolve('timeout'), overallMs));
  const outcome = await Promise.race([exited, bound]);
  if (outcome === 'timeout') {
    await page.screenshot({ path: path.join(state.tmp, 'timeout.png') }).catch(() => undefined);
    throw new Error(`the test run did not finish within ${overallMs / 1000} s (SIGHTLINE_IT_TIMEOUT)`);
  }

  const results = readResults(resultsFile);
  if (!results?.complete) {
    const seen = results ? `${results.passes} passed, ${results.failures.length} failed before it stopped` : 'no results file';
    throw new Error(`the extension host reported exit code ${exitCode} but the test run did not complete (${seen}); it probably crashed, see the log above`);
  }
  process.stdout.write(`\n  ${results.passes} passing\n`);
  if (results.pending) process.stdout.write(`  ${results.pending} pending\n`);
  if (results.failures.length) {
    process.stdout.write(`  ${results.failures.length} failing\n\n`);
    for (const [i, f] of results.failures.entries()) process.stdout.write(`  ${i + 1}) ${f.title}\n     ${f.error.split('\n').join('\n     ')}\n\n`);
  }
  process.stdout.write(`integration: ${results.passes} passed, ${results.failures.length} failed\n`);
  if (results.tests === 0) throw new Error('the extension host ran no test');
  if (results.failures.length || exitCode !== 0) return 1;
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  log(`FAILED: ${e instanceof Error ? e.message : String(e)}`);
  code = 1;
} finally {
  await teardown();
}
process.exit(code);
