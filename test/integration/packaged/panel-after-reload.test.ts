import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { HostMessage } from '../../../src/panel/protocol';
import type { SightlineApi } from '../../../src/vscode/extension';
import { blastRadiusTabs, EXTENSION_ID, fixturePath, poll, reloadWindowThenRun, screenshot } from '../suite/helpers';

/** The second half's title: after the reload, the new extension host runs only this test. */
const AFTER_RELOAD = 'is back after the reload, taken over by the new extension host';

async function installedApi(): Promise<SightlineApi> {
  const ext = vscode.extensions.getExtension<SightlineApi | undefined>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is installed from the .vsix`);
  await poll('Sightline to activate on its own', () => ext.isActive, Boolean);
  assert.ok(ext.exports, 'the installed extension started');
  return ext.exports;
}

// Last in this suite: the first test ends the extension host it runs in.
describe('the Blast Radius panel across a window reload', () => {
  it('is open with an answer when the window reloads', async () => {
    await (await installedApi()).whenIndexed();
    const shown = await vscode.commands.executeCommand<HostMessage>('sightline.showBlastRadius', { target: 'src/math.ts#add', depth: 1 });
    assert.equal(shown?.type, 'result', JSON.stringify(shown));
    // Rendered, so the webview has saved its state (setState) for VS Code to hand back.
    await screenshot('blast-radius-before-reload', '.symbol-row button.symbol:text-is("compute")');
    await reloadWindowThenRun(AFTER_RELOAD);
  });

  it(AFTER_RELOAD, async () => {
    const tabs = await poll('VS Code to restore the panel', () => blastRadiusTabs(), (t) => t.length === 1);
    assert.equal(tabs[0].label, 'Blast Radius: src/math.ts#add');
    const api = await installedApi();
    await api.whenIndexed();
    // A caller that did not exist before the reload: only a panel this extension host has taken back (serializer,
    // then a recompute that follows the index) can show it; the webview's saved state cannot.
    fs.writeFileSync(fixturePath('src/after-reload.ts'), `import { add } from './math';\n\nexport function afterReload(): number {\n  return add(1, 1);\n}\n`);
    // Reindex rather than wait for the file watcher, which may still be starting in a window this young.
    await vscode.commands.executeCommand('sightline.reindex');
    assert.ok(api.workspaces().engines[0].graph.table.byName.get('afterReload'), 'the index knows afterReload');
    await screenshot('blast-radius-after-reload', '.symbol-row button.symbol:text-is("afterReload")');
  });
});
