import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HostMessage } from '../../../src/panel/protocol';
import { blastRadiusTabs, callTool, driverClick, EXTENSION_ID, fixturePath, poll, sightline } from './helpers';

const COMMAND = 'sightline.showBlastRadius';

/**
 * Asks the driver for a screenshot once `selector` has rendered in a webview frame, and waits for the file:
 * this is how the test knows the panel's script ran under VS Code's own webview CSP.
 */
async function screenshotWhenShown(name: string, selector: string): Promise<void> {
  const dir = process.env.SIGHTLINE_SCREENSHOTS;
  assert.ok(dir, 'SIGHTLINE_SCREENSHOTS is set: run the integration tests through test/integration/driver.mjs');
  const file = path.join(dir, `${name}.png`);
  fs.rmSync(file, { force: true });
  console.log(`[sightline-driver] screenshot ${name} ${selector}`);
  await poll(`the driver to save ${file}`, () => fs.existsSync(file), Boolean, 30_000);
}

/** Runs the command with no argument and the cursor at `position`, taking the picker's first item (the symbol there). */
async function showForCursor(uri: vscode.Uri, position: vscode.Position): Promise<HostMessage | undefined> {
  const editor = await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.One });
  editor.selection = new vscode.Selection(position, position);
  const running = Promise.resolve(vscode.commands.executeCommand<HostMessage | undefined>(COMMAND));
  let settled = false;
  void running.finally(() => (settled = true));
  // The quick pick opens asynchronously: accept its first item until the command has its answer.
  await poll('the picker to take the first item', async () => {
    if (!settled) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    return settled;
  }, Boolean, 30_000);
  return running;
}

describe('Blast Radius panel in the real VS Code', () => {
  before(async () => {
    await (await sightline()).whenIndexed();
  });

  // Leave the workbench as we found it (one group, no editors): later suites use the active editor.
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.deepEqual(blastRadiusTabs(), []);
  });

  it('contributes "Sightline: Show Blast Radius" and registers it', async () => {
    const contributed = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.commands as { command: string; title: string; category: string }[];
    assert.deepEqual(contributed.find((c) => c.command === COMMAND), { command: COMMAND, title: 'Show Blast Radius', category: 'Sightline' });
    assert.ok((await vscode.commands.getCommands(true)).includes(COMMAND));
  });

  it('shows exactly what an agent gets from blast_radius over MCP, in one webview panel', async () => {
    const shown = await vscode.commands.executeCommand<HostMessage>(COMMAND, { target: 'src/math.ts#add', depth: 3 });
    assert.equal(shown?.type, 'result', JSON.stringify(shown));
    const agent = await callTool('blast_radius', { target: 'src/math.ts#add', depth: 3 });
    const { freshness: _panelFreshness, ...panel } = shown.result;
    const { freshness: _agentFreshness, ...viaMcp } = agent;
    assert.deepEqual(panel, viaMcp);
    // Known answers of the fixture (its README): compute and multiply call add directly.
    const direct = shown.result.symbols.filter((s) => s.depth === 1).map((s) => s.id);
    for (const id of ['src/main.ts#compute', 'src/math.ts#multiply']) assert.ok(direct.includes(id), `${id} in ${direct.join(', ')}`);
    assert.ok(shown.result.symbols.some((s) => s.id === 'src/report.ts#report'), 'report reaches add through compute');
    const tabs = await poll('the panel tab', () => blastRadiusTabs(), (t) => t.length === 1);
    assert.equal(tabs[0].label, 'Blast Radius: src/math.ts#add');
    await screenshotWhenShown('blast-radius-in-vscode', '.depth-group[data-depth="2"]');
  });

  it('opens the file at the line of a clicked entry', async () => {
    // The second call site of add in compute (src/main.ts:4): webview click → validated open message → editor.
    driverClick('compute-call-site', '.symbol-row:has(button.symbol:text-is("compute")) .call-sites button.location');
    const editor = await poll(
      'an editor on src/main.ts at line 4',
      () => vscode.window.activeTextEditor,
      (e) => e?.document.uri.fsPath === fixturePath('src/main.ts') && e.selection.active.line === 3,
    );
    assert.equal(editor?.selection.active.character, 0);
  });

  it('re-targets the same panel instead of opening a second one', async () => {
    const shown = await vscode.commands.executeCommand<HostMessage>(COMMAND, { target: 'src/main.ts', depth: 2 });
    assert.equal(shown?.type, 'result');
    assert.equal(shown.result.target.kind, 'file');
    const tabs = await poll('the re-targeted tab', () => blastRadiusTabs(), (t) => t.length === 1 && t[0].label === 'Blast Radius: src/main.ts');
    assert.equal(tabs.length, 1);
  });

  it('offers the symbol at the cursor first', async () => {
    const shown = await showForCursor(vscode.Uri.file(fixturePath('src/main.ts')), new vscode.Position(3, 12)); // inside compute()
    assert.equal(shown?.type, 'result');
    const target = shown.result.target;
    assert.equal(target.kind === 'symbol' && target.symbol.id, 'src/main.ts#compute');
    assert.equal(shown.request.workspace, 'editor-ts');
  });

  it('asks the folder that holds the file, in a multi-root workspace', async () => {
    const folder = vscode.workspace.workspaceFolders?.find((f) => f.name === 'editor-js');
    assert.ok(folder, 'the driver opens editor-js as the second folder');
    const shown = await showForCursor(vscode.Uri.joinPath(folder.uri, 'src', 'salute.js'), new vscode.Position(6, 4)); // inside salute()
    assert.equal(shown?.type, 'result');
    assert.equal(shown.request.workspace, 'editor-js');
    const agent = await callTool('blast_radius', { target: 'src/salute.js#salute', workspace: 'editor-js' });
    const { freshness: _panelFreshness, ...panel } = shown.result;
    const { freshness: _agentFreshness, ...viaMcp } = agent;
    assert.deepEqual(panel, viaMcp);
    assert.deepEqual(shown.result.symbols.map((s) => [s.depth, s.id]), [[1, 'src/salute.js#welcomeAll']]);
  });

  it('passes a tool error through as the agent would read it', async () => {
    const shown = await vscode.commands.executeCommand<HostMessage>(COMMAND, { target: 'noSuchSymbolAnywhere' });
    assert.equal(shown?.type, 'error');
    assert.equal(shown.error.kind, 'notFound');
    assert.match(shown.error.message, /No symbol named "noSuchSymbolAnywhere"/);
  });
});
