import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { HostMessage } from '../../../src/panel/protocol';
import { blastRadiusTabs, driverClick, EXTENSION_ID, fixturePath, poll, screenshot, sightline } from './helpers';

const AT_CURSOR = 'sightline.showBlastRadiusAtCursor';
const MENU_LABEL = 'Sightline: Show Blast Radius';

/** Adds a file whose function calls `add`, and waits until the index has it. */
async function addCallerOfAdd(rel: string, name: string): Promise<void> {
  fs.writeFileSync(fixturePath(rel), `import { add } from './math';\n\nexport function ${name}(): number {\n  return add(40, 2);\n}\n`);
  const api = await sightline();
  await poll(`the index to know ${name}`, () => api.workspaces().engines[0].graph.table.byName.get(name), Boolean);
}

async function removeFile(rel: string, name: string): Promise<void> {
  fs.rmSync(fixturePath(rel), { force: true });
  const api = await sightline();
  await poll(`the index to drop ${name}`, () => api.workspaces().engines[0].graph.table.byName.get(name), (found) => !found);
}

/** A webview selector that matches once the panel lists `name` as an affected symbol. */
const listed = (name: string) => `.symbol-row button.symbol:text-is("${name}")`;

describe('Blast Radius panel: context menu and live refresh', () => {
  before(async () => {
    await (await sightline()).whenIndexed();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await removeFile('src/live-caller.ts', 'liveCaller');
    assert.deepEqual(blastRadiusTabs(), []);
  });

  it('contributes "Sightline: Show Blast Radius" to the editor context menu of supported languages, not to the palette', () => {
    const { contributes, activationEvents } = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON;
    const command = contributes.commands.find((c: { command: string }) => c.command === AT_CURSOR);
    assert.equal(command?.title, MENU_LABEL);
    const entry = contributes.menus['editor/context'].find((m: { command: string }) => m.command === AT_CURSOR);
    assert.match(entry.when, /editorLangId =~ .*typescript\|/);
    assert.ok(contributes.menus.commandPalette.some((m: { command: string; when: string }) => m.command === AT_CURSOR && m.when === 'false'));
    // A panel left open must come back after a reload even before anything else activates Sightline.
    assert.ok(activationEvents.includes('onWebviewPanel:sightline.blastRadius'));
  });

  it('the context-menu command shows the symbol under the cursor, without a picker', async () => {
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(fixturePath('src/math.ts')), { viewColumn: vscode.ViewColumn.One });
    const inMultiply = new vscode.Position(6, 30); // line 7: the loop inside multiply()
    editor.selection = new vscode.Selection(inMultiply, inMultiply);
    // The menu passes the document's URI; the command reads the cursor from the active editor.
    const shown = await vscode.commands.executeCommand<HostMessage>(AT_CURSOR, editor.document.uri);
    assert.equal(shown?.type, 'result', JSON.stringify(shown));
    assert.equal(shown.result.target.kind === 'symbol' && shown.result.target.symbol.id, 'src/math.ts#multiply');
    const outside = new vscode.Position(9, 0); // line 10: between multiply and Shape
    await vscode.window.showTextDocument(editor.document, { viewColumn: vscode.ViewColumn.One });
    editor.selection = new vscode.Selection(outside, outside);
    const file = await vscode.commands.executeCommand<HostMessage>(AT_CURSOR, editor.document.uri);
    assert.equal(file?.type === 'result' && file.result.target.kind, 'file', 'outside every symbol: the file');
  });

  it('opens from a real right-click in the editor', async () => {
    await vscode.window.showTextDocument(vscode.Uri.file(fixturePath('src/main.ts')), { viewColumn: vscode.ViewColumn.One });
    // Right-clicking a line puts the cursor there; line 3 opens compute().
    driverClick('editor-line', '.monaco-editor .view-line:has-text("export function compute")', 'right');
    driverClick('context-menu-entry', `.monaco-menu .action-item:has-text("${MENU_LABEL}")`);
    const tabs = await poll('the panel for compute', () => blastRadiusTabs(), (t) => t.some((tab) => tab.label === 'Blast Radius: src/main.ts#compute'));
    assert.equal(tabs.length, 1);
  });

  it('refreshes by itself when the index of the folder it shows changes', async () => {
    const shown = await vscode.commands.executeCommand<HostMessage>('sightline.showBlastRadius', { target: 'src/math.ts#add', depth: 1 });
    assert.equal(shown?.type, 'result');
    assert.ok(!shown.result.symbols.some((s) => s.name === 'liveCaller'));
    await addCallerOfAdd('src/live-caller.ts', 'liveCaller');
    // Nobody re-runs it: the new caller appears because the panel followed the index.
    await screenshot('blast-radius-refreshed', listed('liveCaller'));
  });
});
