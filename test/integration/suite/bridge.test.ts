import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as vscode from 'vscode';
import { EXTENSION_ID, poll, sightline, typeScriptReady } from './helpers';

/** An agent outside VS Code: the bundled CLI's `bridge`, started in the workspace, reaches this window. */
describe('sightline bridge to this window', () => {
  let client: Client | undefined;

  before(async () => {
    await (await sightline()).whenIndexed();
    await typeScriptReady();
  });

  after(async () => {
    await client?.close();
  });

  it('announces the window in a user-only lock file', async () => {
    const api = await sightline();
    const file = api.lockFile();
    assert.ok(file && fs.existsSync(file), 'the lock file exists');
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.deepEqual(
      { pid: lock.pid, port: lock.port, token: lock.token, folders: lock.folders },
      { pid: process.pid, port: api.endpoint().port, token: api.endpoint().token, folders: api.workspaces().engines.map((e) => e.root) },
    );
  });

  it('relays an outside agent over stdio to this window\'s language servers', async () => {
    const root = (await sightline()).workspaces().engines[0].root;
    const cli = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
    client = new Client({ name: 'outside-agent', version: '0' });
    const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'bridge', '--no-fallback'], cwd: path.join(root, 'src'), env, stderr: 'pipe' }));
    const result = await poll(
      'hover through the bridge',
      () => client!.callTool({ name: 'hover', arguments: { file: 'src/main.ts', line: 4, character: 10 } }),
      (r) => !r.isError,
    );
    const hover = result.structuredContent as any;
    assert.equal(hover.source, 'language_server', 'answered by VS Code\'s TypeScript server, not a headless index');
    assert.match(hover.contents.join('\n'), /add\(a: number, b: number\): number/);
  });
});
