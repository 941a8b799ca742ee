import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { copyFixture, removeDir, REPO_ROOT } from './helpers';

/** A real MCP SDK client against the built `sightline serve --stdio` (npm test builds dist/ first). */
describe('sightline serve --stdio with a real MCP client', () => {
  let root: string;
  let client: Client;
  let stderr = '';

  before(async () => {
    root = copyFixture('polyglot');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(REPO_ROOT, 'dist', 'cli.js'), 'serve', '--stdio', '--root', root],
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (d) => (stderr += String(d)));
    client = new Client({ name: 'sightline-test', version: '1.0.0' });
    await client.connect(transport);
  });
  after(async () => {
    await client?.close();
    removeDir(root);
  });

  it('initializes with the server name and instructions', () => {
    assert.equal(client.getServerVersion()?.name, 'sightline');
    assert.match(client.getInstructions() ?? '', /find_callers/);
  });

  it('lists the graph tools, each read-only with a bounded schema', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of ['index_workspace', 'find_callers', 'find_callees', 'blast_radius', 'dependency_graph', 'structural_search', 'repo_summary', 'go_to_definition', 'find_references']) {
      assert.ok(names.includes(name), `${name} is listed`);
    }
    const callers = tools.find((t) => t.name === 'find_callers')!;
    assert.equal(callers.annotations?.readOnlyHint, true);
    const depth = (callers.inputSchema.properties as Record<string, { minimum?: number; maximum?: number }>).depth;
    assert.deepEqual([depth.minimum, depth.maximum], [1, 10]);
  });

  it('calls a tool: JSON text and the same structuredContent, with freshness', async () => {
    const r = await client.callTool({ name: 'find_callers', arguments: { symbol: 'ts/src/strings.ts#normalize', depth: 1 } });
    assert.notEqual(r.isError, true);
    const structured = r.structuredContent as { callers: { id: string }[]; freshness: { indexed_at: string } };
    assert.deepEqual(structured.callers.map((c) => c.id), ['ts/src/calculator.ts#Calculator.report']);
    assert.ok(structured.freshness.indexed_at);
    const text = (r.content as { type: string; text: string }[])[0].text;
    assert.deepEqual(JSON.parse(text), structured);
  });

  it('answers an out-of-bounds argument with a validation error naming it', async () => {
    const r = await client.callTool({ name: 'find_callers', arguments: { symbol: 'main', depth: 11 } });
    assert.equal(r.isError, true);
    const text = (r.content as { text: string }[])[0].text;
    assert.match(text, /depth/);
    assert.match(text, /10/);
  });

  it('answers a tool error as an error that says what to do', async () => {
    const r = await client.callTool({ name: 'find_callers', arguments: { symbol: 'main' } });
    assert.equal(r.isError, true);
    assert.match((r.content as { text: string }[])[0].text, /^Error \(ambiguous\): "main" names 4 symbols\. Call again with one of these symbol ids/);
    // No structuredContent on an error: the client would validate it against the tool's outputSchema.
    assert.equal(r.structuredContent, undefined);
  });

  it('keeps stdout for the protocol: logs go to stderr', () => {
    assert.match(stderr, /Indexed/);
  });
});
