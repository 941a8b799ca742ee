import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { sightline } from './helpers';

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '0' } },
});

/** node:http, because fetch silently drops a custom Host header. */
function post(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(initialize);
  });
}

describe('the in-editor MCP endpoint', () => {
  let port: number;
  let token: string;
  let good: Record<string, string>;

  before(async () => {
    ({ port, token } = (await sightline()).endpoint());
    good = { host: `127.0.0.1:${port}`, authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  });

  it('listens on 127.0.0.1 with a random token', async () => {
    const { url } = (await sightline()).endpoint();
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.match(token, /^[0-9a-f]{64}$/);
  });

  it('accepts initialize with the token, its own Host and no Origin', async () => {
    assert.equal(await post(port, good), 200);
  });

  it('refuses a missing token with 401', async () => {
    const { authorization: _drop, ...noToken } = good;
    assert.equal(await post(port, noToken), 401);
  });

  it('refuses a wrong token with 401', async () => {
    assert.equal(await post(port, { ...good, authorization: `Bearer ${'f'.repeat(64)}` }), 401);
  });

  it('refuses a foreign Host with 403', async () => {
    assert.equal(await post(port, { ...good, host: `attacker.example:${port}` }), 403);
  });

  it('refuses a foreign Origin with 403', async () => {
    assert.equal(await post(port, { ...good, origin: 'https://attacker.example' }), 403);
  });
});
