import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Corpus } from './corpora';
import { percentile, sampleAsync } from './measure';

/**
 * The same tool calls through the real `sightline serve --stdio` (the built dist/cli.js) and a real MCP SDK
 * client: what an agent outside VS Code sees, JSON-RPC framing and result shaping included. The server starts
 * on the index the cold run persisted, so its first call also measures a warm start over MCP.
 */
export interface McpResult {
  /** Spawn to the first answered index_workspace (server start + warm index load). */
  firstAnswerMs: number;
  calls: { name: string; p50Ms: number; p99Ms: number; samples?: number }[];
}

export async function runMcp(corpus: Corpus, calls: { name: string; tool: string; args: Record<string, unknown> }[], n: number): Promise<McpResult> {
  const cli = path.resolve(__dirname, '..', 'dist', 'cli.js');
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'serve', '--stdio', '--root', corpus.dir], stderr: 'ignore' });
  const client = new Client({ name: 'sightline-bench', version: '1.0.0' });
  const t0 = performance.now();
  await client.connect(transport);
  try {
    const first = await client.callTool({ name: 'index_workspace', arguments: {} }, undefined, { timeout: 600_000 });
    if (first.isError) throw new Error(`index_workspace failed: ${JSON.stringify(first.content)}`);
    const firstAnswerMs = performance.now() - t0;
    const { tools } = await client.listTools();
    const listed = new Set(tools.map((t) => t.name));
    const out: McpResult['calls'] = [];
    for (const call of calls) {
      if (!listed.has(call.tool)) {
        out.push({ name: call.name, p50Ms: NaN, p99Ms: NaN });
        continue;
      }
      const samples = await sampleAsync(call.tool === 'repo_summary' ? Math.min(n, 20) : n, async () => {
        const r = await client.callTool({ name: call.tool, arguments: call.args }, undefined, { timeout: 600_000 });
        if (r.isError) throw new Error(`${call.tool} failed: ${JSON.stringify(r.content)}`);
      });
      out.push({ name: call.name, p50Ms: percentile(samples, 50), p99Ms: percentile(samples, 99), samples: samples.length });
    }
    return { firstAnswerMs, calls: out };
  } finally {
    await client.close();
  }
}
