// Installs what the real-VS-Code test driver needs, once, into the git-ignored cache `.vscode-test/`:
// Debian Chromium (+ libkrb5-dev for code-server's gssapi module), Node 24 and code-server, pinned.
// Each step is skipped when its pinned result is already there. See shared/VSCODE-TESTS.md for why.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_MAJOR = '24';
export const CHROMIUM = '/usr/bin/chromium';

// Install progress goes to stderr, the installers' own output too: `npm start` keeps stdout for the URL alone.
function run(cmd, args, opts = {}) {
  process.stderr.write(`[install] ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { stdio: ['ignore', 2, 'inherit'], ...opts });
  if (r.error) throw new Error(`${cmd} could not start: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${r.status ?? r.signal}`);
}

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${CHROMIUM} is missing and this is not root: run "apt-get update && apt-get install -y chromium libkrb5-dev" first.`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update'], { env });
  run('apt-get', ['install', '-y', 'chromium', 'libkrb5-dev'], { env });
  if (!fs.existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} is still missing.`);
}

function readVersion(pkgJson) {
  try {
    return JSON.parse(fs.readFileSync(pkgJson, 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** npm's own script, so npm can be run by a chosen Node (npm puts the Node running it first on PATH for install scripts). */
function npmCli() {
  if (process.env.npm_execpath?.endsWith('.js')) return process.env.npm_execpath;
  const found = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  return fs.realpathSync(found);
}

function npmInstall(folder, spec, env = process.env, node = process.execPath) {
  // Each tool gets its own folder and package.json: one npm install must never prune the other tool.
  fs.mkdirSync(folder, { recursive: true });
  const pkg = path.join(folder, 'package.json');
  if (!fs.existsSync(pkg)) fs.writeFileSync(pkg, JSON.stringify({ name: `sightline-test-${path.basename(folder)}`, private: true }, null, 2) + '\n');
  // --prefix keeps npm from walking up into the project's package.json; install scripts are needed
  // (node's bin setup, code-server's native modules), and npm 11 blocks them by default.
  // Under `npm test` the outer npm's npm_* variables (npm_config_user_agent names Node 20, which
  // code-server's postinstall checks) would leak into this npm as config: start it clean.
  const cleanEnv = Object.fromEntries(Object.entries(env).filter(([k]) => !/^npm_/i.test(k)));
  run(node, [npmCli(), 'install', '--prefix', folder, '--no-audit', '--no-fund', '--loglevel', 'error', '--dangerously-allow-all-scripts', spec], { cwd: folder, env: cleanEnv });
}

/** Returns the Node 24 binary, its folder, and code-server's entry script, all inside `cacheDir`. */
export function ensureTools(cacheDir) {
  const nodeDir = path.join(cacheDir, `node${NODE_MAJOR}`);
  const nodeBinDir = path.join(nodeDir, 'node_modules', 'node', 'bin');
  const nodeBin = path.join(nodeBinDir, 'node');
  const nodeWorks = () => spawnSync(nodeBin, ['--version'], { encoding: 'utf8' }).stdout?.trim().startsWith(`v${NODE_MAJOR}.`);
  if (!fs.existsSync(nodeBin) || !nodeWorks()) npmInstall(nodeDir, `node@${NODE_MAJOR}`);
  if (!nodeWorks()) throw new Error(`${nodeBin} is not Node ${NODE_MAJOR} after installing node@${NODE_MAJOR}.`);

  const csDir = path.join(cacheDir, `code-server-${CODE_SERVER_VERSION}`);
  const csPackage = path.join(csDir, 'node_modules', 'code-server');
  const codeServer = path.join(csPackage, 'out', 'node', 'entry.js');
  if (readVersion(path.join(csPackage, 'package.json')) !== CODE_SERVER_VERSION || !fs.existsSync(codeServer)) {
    // code-server's postinstall builds native modules against the Node that runs it: npm itself runs on
    // Node 24 (under `npm test`, npm would otherwise put its own Node 20 first on the scripts' PATH).
    const env = { ...process.env, PATH: `${nodeBinDir}${path.delimiter}${process.env.PATH}` };
    npmInstall(csDir, `code-server@${CODE_SERVER_VERSION}`, env, nodeBin);
    if (readVersion(path.join(csPackage, 'package.json')) !== CODE_SERVER_VERSION || !fs.existsSync(codeServer)) {
      throw new Error(`code-server ${CODE_SERVER_VERSION} did not install into ${csDir}.`);
    }
  }
  return { nodeBin, nodeBinDir, codeServer };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cache = path.resolve(process.argv[2] ?? '.vscode-test');
  ensureChromium();
  console.log(ensureTools(cache));
}
