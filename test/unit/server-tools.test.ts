import * as assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer, setEnabledTools } from '../../src/mcp/server';
import { ALL_TOOLS, toolsForGroups } from '../../src/tools/registry';
import { contextFor, copyFixture, removeDir } from './helpers';

/** What the extension does when `sightline.tools` changes: live sessions get the new list, and are told. */
describe('setEnabledTools on a live MCP server', () => {
  let root: string;

  before(() => {
    root = copyFixture('editor-ts');
  });

  after(() => removeDir(root));

  it('offers exactly the enabled tools and sends tools/list_changed', async () => {
    const ctx = contextFor(root, { storageDir: null });
    const server = createMcpServer({ version: '0.0.0', tools: ALL_TOOLS, context: ctx });
    const client = new Client({ name: 'unit', version: '0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(a), client.connect(b)]);
    try {
      assert.equal((await client.listTools()).tools.length, ALL_TOOLS.length);
      const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
      const graph = new Set(toolsForGroups(['graph']).map((t) => t.name));
      setEnabledTools(server, graph);
      await changed;
      const listed = (await client.listTools()).tools.map((t) => t.name);
      assert.deepEqual(new Set(listed), graph);
      assert.ok(!listed.includes('hover'));
      const refused = await client.callTool({ name: 'hover', arguments: { symbol: 'add' } });
      assert.equal(refused.isError, true, 'a disabled tool cannot be called');
      setEnabledTools(server, new Set(ALL_TOOLS.map((t) => t.name)));
      assert.equal((await client.listTools()).tools.length, ALL_TOOLS.length);
    } finally {
      await client.close();
      ctx.workspaces.dispose();
    }
  });
});
