import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { callTool, poll, sightline, ToolError, typeScriptReady } from './helpers';

/** The driver opens editor-ts and editor-js as one multi-root workspace: each folder has its own index. */
describe('multi-root workspaces', () => {
  before(async () => {
    await (await sightline()).whenIndexed();
    await typeScriptReady();
  });

  it('graph tools answer for the folder named by `workspace`', async () => {
    const r = await callTool('find_callers', { symbol: 'salute', workspace: 'editor-js' });
    assert.deepEqual(r.callers.map((c: any) => c.id), ['src/salute.js#welcomeAll']);
  });

  it('without `workspace` the first folder answers', async () => {
    await assert.rejects(callTool('find_callers', { symbol: 'salute' }), (e: ToolError) => e.kind === 'notFound');
  });

  it('language tools answer in the second folder, named or found from an absolute path', async () => {
    const named = await poll(
      'hover in the JavaScript folder',
      () => callTool('hover', { file: 'src/salute.js', line: 11, character: 27, workspace: 'editor-js' }),
      (r) => JSON.stringify(r.contents).includes('salute('),
    );
    assert.match(named.contents.join('\n'), /function salute\(name: string\): string/);
    const root = (await sightline()).workspaces().engines[1].root;
    const byPath = await callTool('go_to_definition', { file: path.join(root, 'src', 'salute.js'), line: 11, character: 27 });
    assert.deepEqual([byPath.definitions[0].file, byPath.definitions[0].line], ['src/salute.js', 6]);
  });

  it('refuses an unknown workspace, naming the open folders', async () => {
    await assert.rejects(callTool('find_callers', { symbol: 'salute', workspace: 'nope' }), /Unknown workspace "nope". Open folders: editor-ts, editor-js/);
  });
});

describe('retrieval in the extension', () => {
  it('lists every workspace folder as a repository, each indexed', async () => {
    const r = await callTool('list_repositories', {});
    assert.deepEqual(r.repositories.map((x: any) => [x.slug, x.status]), [['editor-ts', 'ready'], ['editor-js', 'ready']]);
    assert.ok(r.repositories.every((x: any) => x.symbols > 0));
  });
});
