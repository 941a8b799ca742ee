import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ALL_TOOLS } from '../../../src/tools/registry';
import { EXTENSION_ID, poll, screenshot, sightline } from './helpers';

describe('activation', () => {
  it('activates in the real extension host and exports its API', async () => {
    const api = await sightline();
    assert.equal(api.version, vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.version);
  });

  it('indexes every workspace folder in the background and shows the symbol count in the status bar', async () => {
    const api = await sightline();
    await api.whenIndexed();
    const engines = api.workspaces().engines;
    assert.deepEqual(engines.map((e) => e.root), (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath));
    assert.ok(engines.length >= 2, 'the driver opens a multi-root workspace');
    assert.ok(engines.every((e) => e.status === 'ready'));
    assert.ok(engines[0].graph.table.byName.get('compute'), 'compute is indexed in the first folder');
    assert.ok(engines[1].graph.table.byName.get('salute'), 'salute is indexed in the second folder');
    const symbols = engines.reduce((n, e) => n + e.graph.table.all.length, 0);
    await poll('the status bar to show the count', () => api.statusText(), (t) => t.includes(`${symbols} symbols`));
    // The item as the real workbench renders it (out/screenshots/status-bar.png, for a person to look at).
    await screenshot('status-bar', `text=Sightline: ${symbols} symbols`);
  });

  it('keeps the index in extension storage, not in the repository', async () => {
    const api = await sightline();
    await api.whenIndexed();
    for (const { root } of api.workspaces().engines) {
      const files = await vscode.workspace.fs.readDirectory(vscode.Uri.file(root));
      assert.ok(!files.some(([name]) => name === '.sightline'), `no .sightline folder in ${root}`);
    }
  });

  it('offers every tool by default, with a version of extension version + tool-list hash', async () => {
    const api = await sightline();
    assert.deepEqual(api.offeredTools(), ALL_TOOLS.map((t) => t.name));
    assert.match(api.mcpVersion(), new RegExp(`^${api.version.replace(/\./g, '\\.')}\\+[0-9a-f]{12}$`));
  });

  it('registers its commands, and Copy MCP Configuration puts each agent\'s setup on the clipboard', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['sightline.reindex', 'sightline.showLog', 'sightline.copyMcpConfiguration']) assert.ok(commands.includes(id), id);
    const api = await sightline();
    const { url, token } = api.endpoint();
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const bridge = [path.join(ext.extensionPath, 'dist', 'cli.js'), 'bridge', '--root', api.workspaces().engines[0].root];
    const generic = await vscode.commands.executeCommand<any>('sightline.copyMcpConfiguration', 'generic');
    assert.deepEqual(JSON.parse(generic.text), {
      mcpServers: {
        sightline: { type: 'stdio', command: 'node', args: bridge },
        'sightline-http': { type: 'http', url, headers: { Authorization: `Bearer ${token}` } },
      },
    });
    assert.equal(await vscode.env.clipboard.readText(), generic.text);
    const claude = await vscode.commands.executeCommand<any>('sightline.copyMcpConfiguration', 'claude-code');
    assert.match(claude.text, /^claude mcp add sightline -- node \S+cli\.js bridge --root /);
    assert.equal(await vscode.env.clipboard.readText(), claude.text);
    const cursor = await vscode.commands.executeCommand<any>('sightline.copyMcpConfiguration', 'cursor');
    assert.deepEqual(JSON.parse(cursor.text), { mcpServers: { sightline: { command: 'node', args: bridge } } });
  });

  it('Reindex Workspace re-runs the index and reports the count', async () => {
    const summary = await vscode.commands.executeCommand<any>('sightline.reindex');
    assert.equal(summary.state, 'ready');
    assert.ok(summary.symbols > 5, `symbols: ${summary.symbols}`);
  });
});
