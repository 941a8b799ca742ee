import * as assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { RingLogger } from '../../src/common/log';
import { Engine } from '../../src/engine/engine';
import { IndexLanguageFeatures } from '../../src/engine/index-features';
import { Workspaces } from '../../src/engine/workspaces';
import { createMcpServer } from '../../src/mcp/server';
import { ALL_TOOLS } from '../../src/tools/registry';
import { copyFixture, removeDir } from './helpers';

/** With two folders open, "not found" in the default folder says where it looked and how to look elsewhere. */
describe('not-found answers with several workspace folders', () => {
  let roots: string[];
  let workspaces: Workspaces;
  let client: Client;

  before(async () => {
    roots = [copyFixture('polyglot'), copyFixture('editor-ts')];
    workspaces = new Workspaces(roots.map((root) => new Engine({ root, storageDir: null, workers: 0 })));
    const server = createMcpServer({ version: 'test', tools: ALL_TOOLS, context: { workspaces, features: new IndexLanguageFeatures(workspaces), logger: new RingLogger() } });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    client = new Client({ name: 'test', version: '1' });
    await client.connect(b);
  });
  after(async () => {
    await client.close();
    workspaces.dispose();
    for (const r of roots) removeDir(r);
  });

  const text = (r: Awaited<ReturnType<Client['callTool']>>) => (r.content as { text: string }[])[0].text;

  it('names the folder it searched and the others, without a workspace argument', async () => {
    const r = await client.callTool({ name: 'find_callers', arguments: { symbol: 'multiply' } });
    assert.equal(r.isError, true);
    const folders = roots.map((x) => x.split('/').pop());
    assert.match(text(r), new RegExp(`Looked in the first workspace folder, ${folders[0]}; also open: ${folders[1]} — pass workspace`));
  });

  it('finds it when told which folder, and adds no hint when a workspace was named', async () => {
    const folder = roots[1].split('/').pop()!;
    const found = await client.callTool({ name: 'find_callers', arguments: { symbol: 'multiply', workspace: folder } });
    assert.notEqual(found.isError, true, text(found));
    const missing = await client.callTool({ name: 'find_callers', arguments: { symbol: 'nothing_like_this', workspace: folder } });
    assert.equal(missing.isError, true);
    assert.doesNotMatch(text(missing), /Looked in the first workspace folder/);
  });
});
