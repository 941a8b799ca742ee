import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { RingLogger } from '../src/common/log';
import { Engine } from '../src/engine/engine';
import { IndexLanguageFeatures } from '../src/engine/index-features';
import { Workspaces } from '../src/engine/workspaces';
import { createMcpServer } from '../src/mcp/server';
import { withDefaultMaxTokens } from '../src/mcp/tool-list';
import { ALL_TOOLS, toolsForSource } from '../src/tools/registry';
import type { ToolDefinition } from '../src/tools/shared/tool';

/**
 * `npm run bench:tools` — what the tool list costs every agent, in context, before it asks anything: the bytes of
 * the `tools/list` result a real MCP client receives (the SDK's own JSON Schema rendering), and an estimate of tokens
 * (4 bytes a token, the usual rule for English and JSON). Reference, measured in the same run: the budget (28 KB).
 */
export const TOOL_LIST_BUDGET_BYTES = 28 * 1024;

/** The `tools/list` result as JSON text, as a real client receives it from a real server. */
export async function toolListJson(tools: readonly ToolDefinition[]): Promise<string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-tool-list-'));
  const workspaces = new Workspaces([new Engine({ root, logger: new RingLogger(), storageDir: null, workers: 0 })]);
  const server = createMcpServer({ version: '0.0.0', tools, context: { workspaces, features: new IndexLanguageFeatures(workspaces), logger: new RingLogger() } });
  const client = new Client({ name: 'bench', version: '0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  try {
    await Promise.all([server.connect(a), client.connect(b)]);
    return JSON.stringify(await client.listTools());
  } finally {
    await client.close();
    workspaces.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export interface ToolListSize {
  tools: number;
  bytes: number;
  tokens: number;
  largest: { name: string; bytes: number }[];
}

export async function measureToolList(tools: readonly ToolDefinition[]): Promise<ToolListSize> {
  const json = await toolListJson(tools);
  const listed = (JSON.parse(json) as { tools: { name: string }[] }).tools;
  const largest = listed.map((t) => ({ name: t.name, bytes: Buffer.byteLength(JSON.stringify(t)) })).sort((x, y) => y.bytes - x.bytes);
  const bytes = Buffer.byteLength(json);
  return { tools: listed.length, bytes, tokens: Math.round(bytes / 4), largest: largest.slice(0, 5) };
}

async function main(): Promise<void> {
  const rows: [string, ToolListSize][] = [
    ['VS Code, all groups', await measureToolList(withDefaultMaxTokens(ALL_TOOLS, 4000))],
    ['headless (serve --stdio)', await measureToolList(toolsForSource(ALL_TOOLS, 'index'))],
  ];
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`| tool list | tools | bytes | ≈ tokens | ratio to the ${kb(TOOL_LIST_BUDGET_BYTES)} budget | largest |`);
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [name, s] of rows) {
    const largest = s.largest.slice(0, 3).map((t) => `${t.name} ${kb(t.bytes)}`).join(', ');
    console.log(`| ${name} | ${s.tools} | ${kb(s.bytes)} | ${s.tokens} | ${(s.bytes / TOOL_LIST_BUDGET_BYTES).toFixed(2)} | ${largest} |`);
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
