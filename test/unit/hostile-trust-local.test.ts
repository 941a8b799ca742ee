import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RingLogger } from '../../src/common/log';
import { UnsafePathError } from '../../src/common/private-dir';
import { machineCacheKey } from '../../src/engine/cache-key';
import { Engine } from '../../src/engine/engine';
import { LoopbackMcpHttpServer } from '../../src/mcp/http';
import { findLockFor, readLocks, writeLock } from '../../src/mcp/lockfile';
import { removeDir, REPO_ROOT } from './helpers';

/**
 * Issue 10 items 9 and 12: other local users and runaway clients. The lock folder carries bearer tokens and
 * decides where `sightline bridge` sends an agent's traffic; the loopback server must not be exhausted.
 */
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;
const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('local users: the lock folder and lock files', () => {
  let base: string;
  let lockDir: string;
  const previous = process.env.SIGHTLINE_LOCK_DIR;
  beforeEach(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-locks-'));
    lockDir = path.join(base, 'windows');
    process.env.SIGHTLINE_LOCK_DIR = lockDir;
  });
  afterEach(() => {
    removeDir(base);
    if (previous === undefined) delete process.env.SIGHTLINE_LOCK_DIR;
    else process.env.SIGHTLINE_LOCK_DIR = previous;
  });
  const lock = (folders: string[], pid = process.pid) => ({ pid, port: 1234, token: 'secret-token', folders, version: 'test' });

  it('creates the folder 0700 and the lock file 0600', () => {
    const written = writeLock(lock([base]));
    assert.equal(mode(lockDir), 0o700);
    assert.equal(mode(written.file), 0o600);
    assert.equal(findLockFor(base)?.token, 'secret-token');
    written.dispose();
  });

  it('refuses a pre-existing world-writable folder, both when writing and when the bridge reads, and says how to fix it', () => {
    fs.mkdirSync(lockDir);
    fs.chmodSync(lockDir, 0o777);
    // What another user planted there: a lock pointing the bridge at their own port.
    fs.writeFileSync(path.join(lockDir, `${process.pid}-planted.json`), JSON.stringify(lock([base])));
    assert.throws(() => writeLock(lock([base])), (e: Error) => e instanceof UnsafePathError && /mode 777.*chmod 700/.test(e.message));
    assert.throws(() => findLockFor(base), (e: Error) => e instanceof UnsafePathError && /other users can read or change it/.test(e.message));
  });

  it('refuses a group-readable folder too (the tokens would be readable)', () => {
    fs.mkdirSync(lockDir, { mode: 0o750 });
    fs.chmodSync(lockDir, 0o750);
    assert.throws(() => writeLock(lock([base])), /mode 750/);
  });

  it('refuses a folder that is a symbolic link', () => {
    const elsewhere = path.join(base, 'elsewhere');
    fs.mkdirSync(elsewhere, { mode: 0o700 });
    fs.symlinkSync(elsewhere, lockDir);
    assert.throws(() => writeLock(lock([base])), /not a plain folder/);
  });

  it('ignores lock files that are not the user\'s own: group/other bits, links, FIFOs', () => {
    fs.mkdirSync(lockDir, { mode: 0o700 });
    const open = path.join(lockDir, `${process.pid}-open.json`);
    fs.writeFileSync(open, JSON.stringify(lock([base])), { mode: 0o644 });
    fs.chmodSync(open, 0o644);
    const target = path.join(base, 'target.json');
    fs.writeFileSync(target, JSON.stringify(lock([base])), { mode: 0o600 });
    fs.symlinkSync(target, path.join(lockDir, `${process.pid}-link.json`));
    spawnSync('mkfifo', [path.join(lockDir, `${process.pid}-fifo.json`)]);
    const skipped: string[] = [];
    assert.deepEqual(readLocks((why) => skipped.push(why)), []);
    assert.equal(skipped.length, 3, skipped.join('\n'));
    assert.ok(skipped.some((s) => /mode 644/.test(s)));
  });

  it('refuses a folder, and ignores a lock file, owned by another user', function () {
    if (!isRoot) this.skip(); // only root can make a file another user's
    fs.mkdirSync(lockDir, { mode: 0o700 });
    const planted = path.join(lockDir, `${process.pid}-planted.json`);
    fs.writeFileSync(planted, JSON.stringify(lock([base])), { mode: 0o600 });
    fs.chownSync(planted, NOBODY, NOBODY);
    const skipped: string[] = [];
    assert.deepEqual(readLocks((why) => skipped.push(why)), []);
    assert.match(skipped.join('\n'), new RegExp(`belongs to uid ${NOBODY}`));
    fs.chownSync(lockDir, NOBODY, NOBODY);
    assert.throws(() => writeLock(lock([base])), new RegExp(`belongs to uid ${NOBODY}, not to you`));
  });

  it('sightline bridge refuses an unsafe lock folder instead of relaying or falling back silently', () => {
    fs.mkdirSync(lockDir);
    fs.chmodSync(lockDir, 0o777);
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli.js'), 'bridge', '--root', base], {
      encoding: 'utf8',
      env: { ...process.env, SIGHTLINE_LOCK_DIR: lockDir, SIGHTLINE_CACHE_DIR: 'none' },
      input: '',
      timeout: 60_000,
    });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /mode 777.*will not use it/);
  });
});

describe('local users: the machine-local cache key', () => {
  let state: string;
  beforeEach(() => {
    state = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-state-'));
  });
  afterEach(() => removeDir(state));

  it('is made once, 0600 in a 0700 folder, and is the same for every caller', () => {
    const dir = path.join(state, 'fresh');
    const key = machineCacheKey(dir);
    assert.equal(key.length, 32);
    assert.equal(mode(dir), 0o700);
    assert.equal(mode(path.join(dir, 'cache-key')), 0o600);
    assert.ok(key.equals(machineCacheKey(dir)));
  });

  it('is refused in a folder others can write, and the engine then keeps its index in memory, saying so', async () => {
    const dir = path.join(state, 'shared');
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o777);
    assert.throws(() => machineCacheKey(dir), /mode 777/);
    const previous = process.env.SIGHTLINE_STATE_DIR;
    process.env.SIGHTLINE_STATE_DIR = dir;
    try {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-keyless-'));
      fs.writeFileSync(path.join(root, 'a.ts'), 'export function a() {}\n');
      const logger = new RingLogger();
      const engine = new Engine({ root, logger, workers: 0, storageDir: path.join(root, 'cache') });
      assert.equal((await engine.index()).files_indexed, 1);
      assert.equal(fs.existsSync(path.join(root, 'cache')), false, 'nothing is saved without a trustworthy key');
      assert.ok(logger.recent(20).some((e) => e.level === 'warn' && /will not be saved between sessions.*mode 777/.test(e.message)));
      engine.dispose();
      removeDir(root);
    } finally {
      if (previous === undefined) delete process.env.SIGHTLINE_STATE_DIR;
      else process.env.SIGHTLINE_STATE_DIR = previous;
    }
  });
});

describe('runaway clients: HTTP session and connection caps', () => {
  let server: LoopbackMcpHttpServer;
  let port: number;
  const sockets: net.Socket[] = [];
  const echo = () => new McpServer({ name: 'test', version: '1.0.0' });
  const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
  const headers = (extra: Record<string, string> = {}) => ({
    host: `127.0.0.1:${port}`,
    authorization: `Bearer ${server.token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...extra,
  });
  function post(body: string, extra: Record<string, string> = {}, method = 'POST'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: '/mcp', method, headers: headers(extra), agent: false }, (res) => {
        let text = '';
        res.on('data', (c) => (text += String(c)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  afterEach(() => {
    for (const s of sockets.splice(0)) s.destroy();
    server.dispose();
  });

  it('refuses one session more than the cap with 503 and a message, and accepts again once one is closed', async () => {
    server = new LoopbackMcpHttpServer({ createServer: echo, maxSessions: 2 });
    ({ port } = await server.start());
    const first = await post(initialize);
    const second = await post(initialize);
    assert.deepEqual([first.status, second.status], [200, 200]);
    const third = await post(initialize);
    assert.equal(third.status, 503);
    assert.match(JSON.parse(third.body).error.message, /Too many MCP sessions.*at most 2/);
    assert.equal(third.headers['retry-after'], '30');
    assert.equal(server.sessionCount, 2);
    const closed = await post('', { 'mcp-session-id': String(first.headers['mcp-session-id']) }, 'DELETE');
    assert.equal(closed.status, 200);
    assert.equal((await post(initialize)).status, 200);
  });

  it('refuses a request on one connection more than the cap with 503', async () => {
    server = new LoopbackMcpHttpServer({ createServer: echo, maxConnections: 2 });
    ({ port } = await server.start());
    for (let i = 0; i < 2; i++) {
      const s = net.connect(port, '127.0.0.1');
      sockets.push(s);
      await new Promise((resolve) => s.once('connect', resolve));
    }
    // The server counts a connection when it accepts it: wait (bounded) until it has seen both.
    for (let i = 0; i < 100 && server.stats().connections < 2; i++) await new Promise((r) => setTimeout(r, 5));
    const refused = await post(initialize);
    assert.equal(refused.status, 503);
    assert.match(refused.body, /Too many connections.*at most 2/);
    for (const s of sockets.splice(0)) s.destroy();
    // Closed sockets are counted down as the server sees them close: retry (bounded) until a request passes.
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await post(initialize)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 10));
    }
    assert.equal(status, 200);
  });
});
