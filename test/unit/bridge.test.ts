import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from '../../src/mcp/server';
import { findLockFor, writeLock } from '../../src/mcp/lockfile';
import { ALL_TOOLS } from '../../src/tools/registry';
import { contextFor, copyFixture, removeDir, REPO_ROOT } from './helpers';

/**
 * `sightline bridge` against a window-like endpoint: an MCP server on loopback HTTP that checks a bearer
 * token, announced by a lock file, as the extension does.
 */
describe('sightline bridge', () => {
  let root: string;
  let lockDir: string;
  let server: http.Server;
  let lock: { dispose(): void } | undefined;
  const token = randomUUID();
  const previousLockDir = process.env.SIGHTLINE_LOCK_DIR;

  before(async () => {
    root = copyFixture('polyglot');
    lockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-locks-'));
    process.env.SIGHTLINE_LOCK_DIR = lockDir;
    const ctx = contextFor(root, { storageDir: null });
    const sessions = new Map<string, StreamableHTTPServerTransport>();
    server = http.createServer(async (req, res) => {
      if (req.headers.authorization !== `Bearer ${token}`) {
        res.writeHead(401).end();
        return;
      }
      const sid = req.headers['mcp-session-id'] as string | undefined;
      let transport = sid ? sessions.get(sid) : undefined;
      if (!transport) {
        transport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (id) => void sessions.set(id, transport!) });
        await createMcpServer({ version: 'window-under-test', tools: ALL_TOOLS, context: ctx }).connect(transport);
      }
      await transport.handleRequest(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  after(() => {
    lock?.dispose();
    server.close();
    removeDir(root);
    removeDir(lockDir);
    if (previousLockDir === undefined) delete process.env.SIGHTLINE_LOCK_DIR;
    else process.env.SIGHTLINE_LOCK_DIR = previousLockDir;
  });

  const connect = async (cwd: string, extra: string[] = []) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(REPO_ROOT, 'dist', 'cli.js'), 'bridge', ...extra],
      cwd,
      env: { ...process.env, SIGHTLINE_LOCK_DIR: lockDir } as Record<string, string>,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d) => (stderr += String(d)));
    const client = new Client({ name: 'bridge-test', version: '1.0.0' });
    await client.connect(transport);
    return { client, stderr: () => stderr };
  };

  it('finds the window whose folder holds the working directory, and skips dead windows', () => {
    lock = writeLock({ pid: process.pid, port: (server.address() as AddressInfo).port, token, folders: [root], version: 'test' });
    writeLock({ pid: 2 ** 22 + 12345, port: 1, token: 'x', folders: [root], version: 'dead' });
    assert.equal(findLockFor(path.join(root, 'go'))?.token, token);
    assert.equal(findLockFor(os.tmpdir()), undefined);
    assert.equal(fs.readdirSync(lockDir).length, 1, 'the dead window\'s lock was removed');
    assert.equal(fs.statSync(path.join(lockDir, fs.readdirSync(lockDir)[0])).mode & 0o777, 0o600);
  });

  it('relays an agent\'s requests to that window unchanged', async () => {
    const { client } = await connect(path.join(root, 'ts'));
    try {
      assert.equal(client.getServerVersion()?.version, 'window-under-test');
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'find_callers'));
      const r = await client.callTool({ name: 'find_callees', arguments: { symbol: 'Point.norm', depth: 1 } });
      assert.deepEqual((r.structuredContent as { callees: { id: string }[] }).callees.map((c) => c.id), ['rust/src/geometry.rs#Point.square']);
    } finally {
      await client.close();
    }
  });

  it('serves headless when no window has the folder open', async () => {
    const elsewhere = copyFixture('polyglot');
    const { client, stderr } = await connect(elsewhere);
    try {
      assert.notEqual(client.getServerVersion()?.version, 'window-under-test');
      const r = await client.callTool({ name: 'find_callers', arguments: { symbol: 'Store.Name', depth: 1 } });
      assert.deepEqual((r.structuredContent as { callers: { id: string }[] }).callers.map((c) => c.id), ['go/describe.go#describe']);
      assert.match(stderr(), /serving headless/);
    } finally {
      await client.close();
      removeDir(elsewhere);
    }
  });

  it('with --no-fallback, exits 1 and says what to do', () => {
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli.js'), 'bridge', '--no-fallback', '--root', os.tmpdir()], {
      encoding: 'utf8',
      env: { ...process.env, SIGHTLINE_LOCK_DIR: lockDir },
      input: '',
    });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /No VS Code window with Sightline has .* open/);
  });
});
