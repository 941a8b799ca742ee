import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { callTool, poll, sightline, ToolError } from './helpers';

describe('index settings', () => {
  it('sightline.index.exclude rebuilds the folder indexes without the excluded files, and back', async () => {
    const api = await sightline();
    await api.whenIndexed();
    assert.ok((await callTool('search_symbols', { query: 'greet' })).symbols.some((s: any) => s.file === 'lib/util.js'));
    const config = vscode.workspace.getConfiguration('sightline');
    await config.update('index.exclude', ['lib/**'], vscode.ConfigurationTarget.Workspace);
    try {
      await poll(
        'greet to leave the index',
        async () => {
          await api.whenIndexed();
          return callTool('find_callers', { symbol: 'greet' }).then(() => 'still there', (e: ToolError) => e.kind);
        },
        (kind) => kind === 'notFound',
      );
      assert.ok(api.workspaces().engines[0].graph.table.byName.get('compute'), 'the rest stays indexed');
    } finally {
      await config.update('index.exclude', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await poll('greet to come back', async () => {
      await api.whenIndexed();
      return (await callTool('find_callers', { symbol: 'greet' })).callers.map((c: any) => c.name);
    }, (names) => names.includes('shout'));
  });
});
