import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { RingLogger } from '../../src/common/log';
import { LoopbackMcpHttpServer } from '../../src/mcp/http';

/** A real MCP server with one tool, so the transport is tested with what it carries in production. */
function echoServer(): McpServer {
  const server = new McpServer({ name: 'test', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes text.', inputSchema: { text: z.string() } }, async ({ text }) => ({
    content: [{ type: 'text', text: `echo: ${text}` }],
  }));
  return server;
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** node:http, not fetch: fetch silently drops a custom Host header. */
function raw(port: number, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/mcp', method: options.method ?? 'POST', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

describe('LoopbackMcpHttpServer', () => {
  let server: LoopbackMcpHttpServer;
  let port: number;
  let url: string;
  let logger: RingLogger;
  const clients: Client[] = [];

  function goodHeaders(extra: Record<string, string> = {}): Record<string, string> {
    return {
      host: `127.0.0.1:${port}`,
      authorization: `Bearer ${server.token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...extra,
    };
  }

  /** Bounded poll: the SDK client opens its standalone GET stream in the background after initialize. */
  async function untilOpenStreams(n: number): Promise<void> {
    let last = server.stats();
    for (let i = 0; i < 200 && last.openRequests < n; i++) {
      await new Promise((r) => setTimeout(r, 10));
      last = server.stats();
    }
    assert.ok(last.openRequests >= n, `expected ${n} open streams, last seen ${JSON.stringify(last)}`);
  }

  async function connectClient(token = server.token): Promise<Client> {
    const client = new Client({ name: 'unit', version: '0' });
    const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  beforeEach(async () => {
    logger = new RingLogger();
    server = new LoopbackMcpHttpServer({ createServer: echoServer, logger, maxBodyBytes: 64 * 1024 });
    ({ port, url } = await server.start());
  });

  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close().catch(() => undefined);
    server.dispose();
  });

  it('binds 127.0.0.1 on an OS-assigned port and uses a 64-hex-digit token', () => {
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.notEqual(port, 0);
    assert.match(server.token, /^[0-9a-f]{64}$/);
    assert.notEqual(new LoopbackMcpHttpServer({ createServer: echoServer }).token, server.token);
  });

  it('serves a real MCP client that sends the token: initialize, tools/list, tools/call', async () => {
    const client = await connectClient();
    const tools = await client.listTools();
    assert.deepEqual(tools.tools.map((t) => t.name), ['echo']);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    assert.deepEqual(result.content, [{ type: 'text', text: 'echo: hi' }]);
    assert.equal(server.sessionCount, 1);
  });

  it('refuses a client without the token, or with a wrong one, with 401', async () => {
    await assert.rejects(connectClient('0'.repeat(64)), /valid bearer token is required/);
    const missing = await raw(port, { headers: { ...goodHeaders(), authorization: '' }, body: initialize });
    assert.equal(missing.status, 401);
    assert.equal(missing.headers['www-authenticate'], 'Bearer');
    const wrongScheme = await raw(port, { headers: goodHeaders({ authorization: `Basic ${server.token}` }), body: initialize });
    assert.equal(wrongScheme.status, 401);
    const prefix = await raw(port, { headers: goodHeaders({ authorization: `Bearer ${server.token.slice(0, 63)}` }), body: initialize });
    assert.equal(prefix.status, 401);
    assert.equal(server.sessionCount, 0);
    assert.ok(logger.recent(10, 'warn').some((e) => e.message.includes('refused (401)')), 'refusals are logged');
  });

  it('refuses a foreign Host with 403 even with the right token', async () => {
    for (const host of ['localhost:' + port, `127.0.0.1:${port + 1}`, 'evil.example', `127.0.0.1`]) {
      const res = await raw(port, { headers: goodHeaders({ host }), body: initialize });
      assert.equal(res.status, 403, `Host ${host}`);
    }
    assert.equal(server.sessionCount, 0);
  });

  it('refuses a foreign Origin with 403 and sends no CORS headers; its own Origin is accepted', async () => {
    const foreign = await raw(port, { headers: goodHeaders({ origin: 'https://evil.example' }), body: initialize });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.headers['access-control-allow-origin'], undefined);
    const preflight = await raw(port, { method: 'OPTIONS', headers: { host: `127.0.0.1:${port}`, origin: 'https://evil.example' } });
    assert.equal(preflight.status, 403);
    assert.equal(preflight.headers['access-control-allow-origin'], undefined);
    const own = await raw(port, { headers: goodHeaders({ origin: `http://127.0.0.1:${port}` }), body: initialize });
    assert.equal(own.status, 200);
    assert.ok(own.headers['mcp-session-id']);
  });

  it('refuses a body over the limit with 413, and bad JSON with 400', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { pad: 'x'.repeat(70 * 1024) } });
    assert.equal((await raw(port, { headers: goodHeaders(), body: big })).status, 413);
    const chunked = await raw(port, { headers: goodHeaders({ 'transfer-encoding': 'chunked' }), body: big });
    assert.equal(chunked.status, 413);
    assert.equal((await raw(port, { headers: goodHeaders(), body: '{not json' })).status, 400);
    assert.equal(server.sessionCount, 0);
  });

  it('answers 404 outside /mcp, 400 without a session, 404 for an unknown session', async () => {
    const other = await new Promise<number>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/other', headers: goodHeaders() }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject);
    });
    assert.equal(other, 404);
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    assert.equal((await raw(port, { headers: goodHeaders(), body: list })).status, 400);
    const unknown = await raw(port, { headers: goodHeaders({ 'mcp-session-id': 'no-such-session' }), body: list });
    assert.equal(unknown.status, 404);
    assert.match(unknown.body, /Session not found/);
  });

  it('keeps one session per client and drops it on DELETE', async () => {
    const a = await connectClient();
    await connectClient();
    assert.equal(server.sessionCount, 2);
    await (a.transport as StreamableHTTPClientTransport).terminateSession();
    assert.equal(server.sessionCount, 1);
  });

  it('expires sessions idle past the limit and keeps those with an open stream', async () => {
    server.dispose();
    server = new LoopbackMcpHttpServer({ createServer: echoServer, logger, sessionIdleMs: 60_000 });
    ({ port, url } = await server.start());
    const init = await raw(port, { headers: goodHeaders(), body: initialize });
    const sessionId = String(init.headers['mcp-session-id']);
    await connectClient();
    await untilOpenStreams(1); // the SDK client keeps its standalone GET stream open
    assert.equal(server.sessionCount, 2);
    assert.equal(server.expireIdle(Date.now() + 30_000), 0, 'nothing is idle yet');
    assert.equal(server.expireIdle(Date.now() + 61_000), 1, 'only the raw session, which has no stream, expires');
    const after = await raw(port, { headers: goodHeaders({ 'mcp-session-id': sessionId }), body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
    assert.equal(after.status, 404);
    assert.equal(server.sessionCount, 1);
  });

  it('reaches every live session when the tool list changes', async () => {
    const a = await connectClient();
    const b = await connectClient();
    await untilOpenStreams(2);
    const changed = [a, b].map(
      (c) => new Promise<void>((resolve) => c.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve())),
    );
    for (const s of server.liveServers()) {
      s.registerTool('added', { description: 'Added later.' }, async () => ({ content: [{ type: 'text', text: 'added' }] }));
    }
    await Promise.all(changed);
    assert.deepEqual((await b.listTools()).tools.map((t) => t.name).sort(), ['added', 'echo']);
  });

  it('is safe to dispose twice and refuses to start after dispose', async () => {
    server.dispose();
    server.dispose();
    await assert.rejects(server.start(), /disposed/);
  });
});
