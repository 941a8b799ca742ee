import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HostMessage } from '../../../src/panel/protocol';
import type { SightlineApi } from '../../../src/vscode/extension';
import { EXTENSION_ID, poll, screenshot } from '../suite/helpers';

/**
 * Sightline as a user gets it: the .vsix installed with `--install-extension` into an otherwise empty extensions
 * folder, the fixture opened without extensionDevelopmentPath pointing at our sources. Whatever the VSIX
 * allow-list (.vscodeignore) leaves out, or the bundle still reaches for in node_modules, fails here.
 */
function installed(): vscode.Extension<SightlineApi | undefined> {
  const ext = vscode.extensions.getExtension<SightlineApi | undefined>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is installed from the .vsix`);
  return ext;
}

/** Activation by its own activation event, not by the test asking: that is what a user's window does. */
async function api(): Promise<SightlineApi> {
  const ext = installed();
  await poll('Sightline to activate on its own (onStartupFinished)', () => ext.isActive, Boolean);
  assert.ok(ext.exports, 'activate() returned the API: the installed extension started');
  return ext.exports;
}

const sightlineTools = () => vscode.lm.tools.filter((t) => t.name.startsWith('mcp_sightline_')).map((t) => t.name);

describe('the packaged VSIX, installed into a real VS Code', () => {
  it('is the installed copy, holding only what the VSIX ships', () => {
    const extensionsDir = process.env.SIGHTLINE_IT_EXTENSIONS_DIR;
    assert.ok(extensionsDir, 'SIGHTLINE_IT_EXTENSIONS_DIR is set: run through test/integration/packaged.mjs');
    const ext = installed();
    assert.equal(path.dirname(ext.extensionPath), fs.realpathSync(extensionsDir));
    const shipped = fs.readdirSync(ext.extensionPath).sort();
    for (const absent of ['src', 'node_modules', 'test', 'queries', 'out']) assert.ok(!shipped.includes(absent), `${absent}/ is not in the VSIX: ${shipped.join(', ')}`);
    // media/ ships only what the Marketplace and the walkthrough show (the webview's script is built into dist/media).
    assert.deepEqual(fs.readdirSync(path.join(ext.extensionPath, 'media')).sort(), ['icon.png', 'walkthrough']);
  });

  it('activates, indexes the folder in the background, and shows the count in the status bar', async () => {
    const sightline = await api();
    await sightline.whenIndexed();
    const [engine] = sightline.workspaces().engines;
    assert.equal(engine.status, 'ready', `index status ${engine.status}: ${engine.error ?? ''}`);
    for (const name of ['add', 'compute', 'report']) assert.ok(engine.graph.table.byName.get(name), `${name} is indexed`);
    const symbols = engine.graph.table.all.length;
    await poll('the status bar to show the count', () => sightline.statusText(), (t) => t.includes(`${symbols} symbols`));
  });

  it('answers find_callers through VS Code\'s own MCP client (the agent-mode path)', async () => {
    await (await api()).whenIndexed();
    // startServer returns without doing anything until the workbench knows the definitions: repeat (bounded).
    await poll(
      'VS Code to start the installed Sightline MCP server and list its tools',
      async () => {
        await vscode.commands.executeCommand('workbench.mcp.startServer', '*', { waitForLiveTools: true, autoTrustChanges: true });
        return sightlineTools();
      },
      (tools) => tools.includes('mcp_sightline_find_callers'),
    );
    const result = await vscode.lm.invokeTool('mcp_sightline_find_callers', { input: { symbol: 'add', depth: 2 }, toolInvocationToken: undefined });
    const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    const answer = JSON.parse(text);
    assert.equal(answer.symbol?.id, 'src/math.ts#add', text);
    const callers = answer.callers.map((c: { name: string; depth: number }) => `${c.name}@${c.depth}`);
    assert.ok(callers.includes('compute@1') && callers.includes('report@2'), callers.join(','));
  });

  it('shows the Blast Radius panel with its packaged script and styles', async () => {
    await (await api()).whenIndexed();
    const shown = await vscode.commands.executeCommand<HostMessage>('sightline.showBlastRadius', { target: 'src/math.ts#add', depth: 2 });
    assert.equal(shown?.type, 'result', JSON.stringify(shown));
    // The webview renders depth groups only when dist/media/blast-radius.js loaded from the installed folder.
    await screenshot('blast-radius-packaged', '.depth-group[data-depth="2"]');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
