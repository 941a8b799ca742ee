import * as os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type ChildProcess, fork } from 'node:child_process';
import * as path from 'node:path';
import { RingLogger } from '../src/common/log';
import { Engine } from '../src/engine/engine';
import { IndexLanguageFeatures } from '../src/engine/index-features';
import { Workspaces } from '../src/engine/workspaces';
import { LoopbackMcpHttpServer } from '../src/mcp/http';
import { createMcpServer } from '../src/mcp/server';
import { ALL_TOOLS } from '../src/tools/registry';
import { prepareCorpus } from './corpora';
import { LoadClients, type Mix, type Outcome, type PhaseRequest } from './load-clients';
import { percentile } from './measure';

/**
 * `npm run bench:load [-- --corpus effect --clients 32 --calls 20]`: many agents on one window's server.
 * The loopback HTTP server runs as in the extension host (one event loop for every session); 32 MCP
 * clients, each with its own session, fire a mix of graph, navigation and retrieval calls at once.
 *
 * Phases: `cold` — every client's first call arrives while nothing is indexed (the index and the retrieval
 * indexes build under load); `warm` — the same mix once indexed. The reference is the same mix called one
 * at a time by a single client in the same run; the ratio says what sharing the server costs. Bounded in
 * count (clients × calls) and time (each phase stops issuing calls after PHASE_BUDGET_MS, bench/load-clients.ts).
 */

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** The bench's side of a forked clients process (bench/load-clients.ts): the same calls, answered over IPC. */
class ForkedClients {
  private readonly child: ChildProcess = fork(path.join(__dirname, 'load-clients.ts'), [], { execArgv: ['--require', 'tsx/cjs'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  private next = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  constructor() {
    this.child.on('message', (m: { id: number; result?: unknown; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error !== undefined) p?.reject(new Error(m.error));
      else p?.resolve(m.result);
    });
    this.child.on('exit', (code) => {
      for (const p of this.pending.values()) p.reject(new Error(`the clients process exited (${code})`));
      this.pending.clear();
    });
  }

  private ask(request: Record<string, unknown>): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, ...request });
    });
  }

  async connect(url: string, token: string, count: number): Promise<void> {
    await this.ask({ op: 'connect', url, token, count });
  }

  async phase(request: PhaseRequest): Promise<Outcome> {
    const r = (await this.ask({ op: 'phase', ...request })) as Omit<Outcome, 'byTool'> & { byTool: [string, number[]][] };
    return { ...r, byTool: new Map(r.byTool) };
  }

  async close(): Promise<void> {
    await this.ask({ op: 'close' });
    this.child.kill();
  }
}

function row(name: string, o: Outcome, reference?: number): string {
  const p50 = percentile(o.ms, 50);
  const p99 = percentile(o.ms, 99);
  const ratio = reference ? ` | ${(p99 / reference).toFixed(1)}×` : ' | 1.0×';
  return `| ${name} | ${o.ms.length} | ${o.errors.length} | ${p50.toFixed(0)} | ${p99.toFixed(0)} | ${Math.max(...o.ms).toFixed(0)}${ratio} |`;
}

async function main(): Promise<void> {
  const corpus = prepareCorpus(option('corpus', 'effect'), (l) => console.error(l));
  const clientCount = Number(option('clients', '32'));
  const callsPerClient = Number(option('calls', '20'));
  const inlineClients = process.argv.includes('--inline-clients');
  const logger = new RingLogger();
  const engine = new Engine({ root: corpus.dir, storageDir: null, logger });
  const workspaces = new Workspaces([engine]);
  const context = { workspaces, features: new IndexLanguageFeatures(workspaces), logger };
  // Handler time, measured inside the server: what the tools cost, apart from transport and queueing.
  const handlerMs: number[] = [];
  const tools = ALL_TOOLS.map((t) => ({
    ...t,
    run: async (args: Record<string, unknown>, ctx: Parameters<typeof t.run>[1]) => {
      const t0 = performance.now();
      try {
        return await t.run(args, ctx);
      } finally {
        handlerMs.push(performance.now() - t0);
      }
    },
  }));
  // The window's session and connection caps are sized for real use; the bench sizes them to its clients
  // (each may hold a POST and an SSE stream), so a refused session never reads as a slow one.
  const http = new LoopbackMcpHttpServer({
    createServer: () => createMcpServer({ version: 'bench', tools, context }),
    logger,
    maxSessions: clientCount,
    maxConnections: clientCount * 4,
  });
  const { url, token } = await http.start();
  try {
    // Targets come from the corpus itself once indexed; the cold phase uses names every corpus has none of
    // and a plain-words retrieve, so it measures waiting on the builds, not the answers.
    const clients = inlineClients ? new LoadClients() : new ForkedClients();
    await clients.connect(url, token, clientCount);
    const coldMix: Mix = [
      { tool: 'retrieve', args: { query: 'how are errors handled', top_k: 5 } },
      { tool: 'search_symbols', args: { query: 'map' } },
      { tool: 'structural_search', args: { query: 'kind:function name:map*' } },
      { tool: 'repo_summary', args: { max_tokens: 2000 } },
      { tool: 'list_repositories', args: {} },
    ];
    const cold = await clients.phase({ mix: coldMix, callsPerClient: 1 });

    const graph = await engine.ready();
    // "Once indexed" includes the retrieval text index: a cold retrieve that timed out left its build running.
    await (await engine.retrieval.ready()).searchContent('warm up', { stores: ['code'] });
    const ranked = [...graph.table.all].filter((s) => s.kind === 'function' || s.kind === 'method').sort((a, b) => graph.symbolRank(b.id) - graph.symbolRank(a.id));
    const hub = ranked[0];
    const typical = ranked[Math.floor(ranked.length / 2)];
    const warmMix: Mix = [
      { tool: 'find_callers', args: { symbol: typical.id, depth: 3 } },
      { tool: 'find_callees', args: { symbol: hub.id, depth: 2 } },
      { tool: 'blast_radius', args: { target: typical.id } },
      { tool: 'search_symbols', args: { query: hub.name.slice(0, Math.max(3, hub.name.length - 2)) } },
      { tool: 'retrieve', args: { query: `${hub.name} ${typical.name}`, top_k: 5 } },
      { tool: 'structural_search', args: { query: `kind:function calls:${hub.name}` } },
      { tool: 'read_node', args: { node_id: typical.id, with_graph: true } },
      { tool: 'read_file_range', args: { path: typical.file, start_line: typical.lineStart, end_line: typical.lineEnd } },
      { tool: 'related', args: { node_id: hub.id } },
      { tool: 'go_to_definition', args: { symbol: typical.id } },
    ];
    const reference = await clients.phase({ mix: warmMix, callsPerClient: warmMix.length * 2, onlyFirst: true });
    handlerMs.length = 0;
    // How long the event loop was held at a stretch (one synchronous piece of work stalls every call) and how much
    // CPU the process used: CPU near wall time × threads means the calls queue for a core, not behind each other.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    const cpu0 = process.cpuUsage();
    loopDelay.enable();
    const warm = await clients.phase({ mix: warmMix, callsPerClient });
    loopDelay.disable();
    const cpu = process.cpuUsage(cpu0);
    const warmHandlers = [...handlerMs];
    const refP50 = percentile(reference.ms, 50);

    // The machine may be shared: its load says how much of the latency is waiting for a core.
    console.log(`\n## Load: ${clientCount} MCP clients (${inlineClients ? "in the server's process" : 'in a process of their own'}) over loopback HTTP, ${corpus.spec.source} (${corpus.files.length} files); ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}\n`);
    console.log('| phase | calls | errors | p50 ms | p99 ms | max ms | p99 / single-client p50 |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    console.log(row('single client, one call at a time (reference)', reference));
    console.log(row(`cold: ${clientCount} clients' first calls while indexing`, cold, refP50));
    console.log(row(`warm: ${clientCount} clients × ${callsPerClient} calls`, warm, refP50));
    console.log(`\nWarm phase, time inside tool handlers: p50 ${percentile(warmHandlers, 50).toFixed(0)} ms, p99 ${percentile(warmHandlers, 99).toFixed(0)} ms, total ${(warmHandlers.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s over ${(warm.wallMs / 1000).toFixed(1)} s of wall time.`);
    const ms = (ns: number) => (ns / 1e6).toFixed(0);
    console.log(`Event loop held (warm, sampled every 10 ms): p50 ${ms(loopDelay.percentile(50))} ms, p99 ${ms(loopDelay.percentile(99))} ms, max ${ms(loopDelay.max)} ms. Server process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (all threads) over ${(warm.wallMs / 1000).toFixed(1)} s of wall time.`);
    console.log('\n| tool (warm) | single-client p50 ms | loaded p50 ms | loaded p99 ms |');
    console.log('| --- | --- | --- | --- |');
    for (const [tool, ms] of warm.byTool) console.log(`| ${tool} | ${percentile(reference.byTool.get(tool) ?? [], 50).toFixed(0)} | ${percentile(ms, 50).toFixed(0)} | ${percentile(ms, 99).toFixed(0)} |`);
    for (const [name, o] of [['cold', cold], ['reference', reference], ['warm', warm]] as const) {
      const kinds = new Map<string, number>();
      for (const e of o.errors) {
        const key = e.replace(/^(\w+): .*?Error \((\w+)\).*$/s, '$1 $2').slice(0, 80);
        kinds.set(key, (kinds.get(key) ?? 0) + 1);
      }
      if (kinds.size) console.log(`\nErrors in ${name}: ${[...kinds].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
    }
    await clients.close();
  } finally {
    http.dispose();
    engine.dispose();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exit(1);
  },
);
