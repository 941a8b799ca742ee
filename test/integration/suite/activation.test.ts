import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

describe('activation', () => {
  it('activates in the real extension host and exports its API', async () => {
    const ext = vscode.extensions.getExtension('sightline.sightline');
    assert.ok(ext, 'the extension under development is loaded');
    const api = await ext.activate();
    assert.equal(api.version, ext.packageJSON.version);
  });
});
