// `npm start [-- /path/to/folder]`: VS Code (code-server, installed once into the git-ignored .vscode-test/ by the
// same installer the integration tests use) with Sightline loaded from this checkout as a development extension,
// on the folder given (default: the demo workspace in demo/). Prints the local URL and opens nothing else;
// Ctrl+C stops code-server and everything it started (its process group).
//
// Environment: SIGHTLINE_START_PORT (default 0: any free port), SIGHTLINE_START_NO_BUILD=1 (skip `npm run build`).
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTools } from '../test/integration/install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => process.stderr.write(`[sightline] ${line}\n`);

function fail(message) {
  say(message);
  process.exit(1);
}

const folderArg = process.argv[2];
const folder = path.resolve(folderArg ?? path.join(root, 'demo'));
if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) fail(`${folder} is not a folder. Usage: npm start -- /path/to/folder`);
const port = Number(process.env.SIGHTLINE_START_PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`SIGHTLINE_START_PORT must be a port number, got ${process.env.SIGHTLINE_START_PORT}`);

if (process.env.SIGHTLINE_START_NO_BUILD !== '1') {
  say('building dist/ …');
  const built = spawnSync(process.execPath, [path.join(root, 'esbuild.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) fail('the build failed (above).');
}
if (!fs.existsSync(path.join(root, 'dist', 'extension.js'))) fail('dist/extension.js is missing: run "npm run build".');

// code-server needs libkrb5-dev to build on first install (see test/integration/install.mjs); its output goes to stderr.
const tools = (() => {
  const saved = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => process.stderr.write(chunk, ...rest);
  try {
    return ensureTools(path.join(root, '.vscode-test'));
  } catch (e) {
    fail(`could not install code-server: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    process.stdout.write = saved;
  }
})();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-start-'));
const userData = path.join(tmp, 'user-data');
fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
fs.writeFileSync(
  path.join(userData, 'User', 'settings.json'),
  JSON.stringify({ 'telemetry.telemetryLevel': 'off', 'workbench.startupEditor': 'none', 'extensions.autoUpdate': false, 'update.mode': 'none' }, null, 2),
);
fs.writeFileSync(path.join(tmp, 'code-server.yaml'), 'auth: none\n');
const groupsFile = path.join(tmp, 'process-groups');
fs.writeFileSync(groupsFile, '');

const args = [
  tools.codeServer,
  '--config', path.join(tmp, 'code-server.yaml'),
  '--auth', 'none',
  '--bind-addr', `127.0.0.1:${port}`,
  '--user-data-dir', userData,
  '--extensions-dir', path.join(tmp, 'extensions'),
  '--disable-telemetry',
  '--disable-update-check',
  // The folder was named on the command line by the person who runs this: trust it, so language servers run.
  '--disable-workspace-trust',
  '--ignore-last-opened',
  // Required for the `payload` URL parameter that loads Sightline as a development extension (shared/VSCODE-TESTS.md).
  '--vscode-option', 'enable-smoke-test-driver',
];
const env = {
  ...process.env,
  PATH: `${tools.nodeBinDir}${path.delimiter}${process.env.PATH}`,
  EXTENSIONS_GALLERY: '{}',
  XDG_DATA_HOME: path.join(tmp, 'xdg-data'),
  XDG_CONFIG_HOME: path.join(tmp, 'xdg-config'),
  XDG_CACHE_HOME: path.join(tmp, 'xdg-cache'),
};
const server = spawn(tools.nodeBin, args, { cwd: tmp, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
fs.appendFileSync(groupsFile, `${server.pid}\n`);
// If this script is killed outright, the watchdog still stops code-server and removes the temp folder.
const watchdog = spawn(process.execPath, [path.join(root, 'test', 'integration', 'watchdog.mjs'), String(process.pid), groupsFile, tmp], { detached: true, stdio: 'ignore' });
watchdog.unref();

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const signal of ['SIGTERM', 'SIGKILL']) {
    try {
      process.kill(-server.pid, signal);
    } catch {
      break; // the group is gone
    }
    if (signal === 'SIGTERM') await new Promise((resolve) => (server.exitCode !== null || server.signalCode !== null ? resolve() : (server.once('exit', resolve), setTimeout(resolve, 3000))));
  }
  watchdog.kill('SIGTERM');
  fs.rmSync(tmp, { recursive: true, force: true });
  say('stopped.');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0));

const logFile = fs.createWriteStream(path.join(tmp, 'code-server.log'));
let output = '';
let announced = false;
const onData = (chunk) => {
  logFile.write(chunk);
  if (announced) return;
  output += chunk.toString();
  const m = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
  if (m) {
    announced = true;
    void announce(Number(m[1]));
  }
};
server.stdout.on('data', onData);
server.stderr.on('data', onData);
server.once('exit', (code, signal) => {
  if (stopping) return;
  say(`code-server exited (${code ?? signal}):\n${output.slice(-4000)}`);
  void stop(1);
});

function healthy(url) {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => req.destroy());
  });
}

async function announce(listening) {
  const base = `http://127.0.0.1:${listening}`;
  for (let i = 0; i < 120 && !(await healthy(`${base}/healthz`)); i++) await new Promise((r) => setTimeout(r, 250));
  const remote = (p) => `vscode-remote://127.0.0.1:${listening}${p}`;
  const payload = [['extensionDevelopmentPath', remote(root)], ['skipWelcome', 'true'], ['skipReleaseNotes', 'true']];
  const url = `${base}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  // The one line on stdout: scripts (and the browser test) read the URL from it.
  process.stdout.write(`${url}\n`);
  say(`VS Code with Sightline on ${folder} — open the URL above in a browser. Ctrl+C stops it.`);
}
