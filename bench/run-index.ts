import * as fs from 'node:fs';
import * as path from 'node:path';
import { RingLogger } from '../src/common/log';
import { estimateTokens } from '../src/common/tokens';
import { Engine } from '../src/engine/engine';
import { INDEX_FILE } from '../src/engine/store';
import { IndexLanguageFeatures } from '../src/engine/index-features';
import { Workspaces } from '../src/engine/workspaces';
import type { CodeGraph } from '../src/graph/code-graph';
import { STORES } from '../src/search/content-search';
import { ALL_TOOLS } from '../src/tools/registry';
import type { ToolContext } from '../src/tools/shared/tool';
import { validateArgs } from '../src/tools/shared/validate';
import type { Corpus } from './corpora';
import { peakRssMb, percentile, sampleAsync, sampleSync, type Timing, timedAsync } from './measure';
import { pickQueries, type QuerySpec } from './queries';

/**
 * The Engine measured as users run it, in one fresh process per corpus: a cold index (no cache), then the
 * graph queries in process, then one-line edits. Peak RSS is read right after the cold index, before the
 * queries allocate anything.
 */
export interface IndexResult {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  /** Longest the main thread's event loop was blocked while indexing. */
  maxStallMs: number;
  files: number;
  /** Files the index passed over, by reason (parse_error would include a worker lost to a WASM abort). */
  skipped: Record<string, number>;
  symbols: number;
  edges: number;
  lines: number;
  persistedBytes: number;
  queries: QueryResult[];
  incremental?: { file: string; lines: number; p50Ms: number; p99Ms: number; inPlace: number; samples: number };
  /** The retrieval indexes built once, before the queries are timed (no call budget: at 1M lines it can outlast one). */
  retrievalBuild?: Timing;
  /**
   * Peak RSS of the same process once the retrieval indexes are built (and saved) on top of the cold index: what a
   * user who calls `retrieve` or `search_symbols` right after the first index runs at.
   */
  retrievalPeakRssMb?: number;
}

export interface QueryResult {
  name: string;
  /** For tool queries: what was called, so the MCP run calls exactly the same. */
  tool?: string;
  args?: Record<string, unknown>;
  p50Ms: number;
  p99Ms: number;
  samples?: number;
  /** Tokens of the answer (the tool's own estimate) and the budget it had. */
  tokens?: number;
  budget?: number;
  truncated?: boolean;
}

export function storageDirOf(corpus: Corpus): string {
  return path.join(corpus.dir, '.sightline');
}

export async function runIndex(corpus: Corpus, options: { workers?: number; queries: number; edits: number }): Promise<IndexResult> {
  fs.rmSync(storageDirOf(corpus), { recursive: true, force: true });
  const logger = new RingLogger();
  const engine = new Engine({ root: corpus.dir, logger, exclude: corpus.spec.exclude, workers: options.workers });
  const stall = stallMeter();
  let stats!: Awaited<ReturnType<Engine['index']>>;
  const t = await timedAsync(async () => {
    stats = await engine.index();
  });
  const maxStallMs = stall.stop();
  const rss = peakRssMb();
  const graph = engine.graph;
  const persisted = path.join(storageDirOf(corpus), INDEX_FILE);
  const result: IndexResult = {
    ...t,
    peakRssMb: rss,
    maxStallMs,
    files: stats.files_indexed,
    skipped: stats.skipped_by_reason as Record<string, number>,
    symbols: stats.symbols,
    edges: stats.edges,
    lines: [...graph.table.files.values()].reduce((n, r) => n + r.lines, 0),
    persistedBytes: fs.existsSync(persisted) ? fs.statSync(persisted).size : 0,
    queries: [],
  };
  const workspaces = new Workspaces([engine]);
  const ctx: ToolContext = { workspaces, features: new IndexLanguageFeatures(workspaces), logger };
  result.retrievalBuild = await timedAsync(async () => {
    const index = await engine.retrieval.ready();
    await index.searchContent('bench', { stores: STORES });
    // The symbol-name index is built on the first name query: built here too, so this row stays all of retrieval's.
    await index.searchSymbols('bench');
  });
  result.retrievalPeakRssMb = peakRssMb();
  result.queries = await runQueries(ctx, graph, pickQueries(graph), options.queries);
  if (options.edits > 0) result.incremental = await runEdits(engine, options.edits);
  engine.dispose();
  return result;
}

/**
 * The longest the main thread went without running a 5 ms timer: what an extension host would feel.
 * (perf_hooks.monitorEventLoopDelay missed the graph link's synchronous block in this setting, so the gap
 * between ticks is measured directly.)
 */
function stallMeter(): { stop: () => number } {
  let last = performance.now();
  let max = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    max = Math.max(max, now - last);
    last = now;
  }, 5);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(max, performance.now() - last);
    },
  };
}

async function runQueries(ctx: ToolContext, graph: CodeGraph, specs: QuerySpec[], n: number): Promise<QueryResult[]> {
  const out: QueryResult[] = [];
  for (const spec of specs) {
    if (spec.kind === 'core') {
      const samples = sampleSync(n, (i) => spec.run(graph, i));
      out.push({ name: spec.name, p50Ms: percentile(samples, 50), p99Ms: percentile(samples, 99), samples: samples.length });
      continue;
    }
    const tool = ALL_TOOLS.find((t) => t.name === spec.tool);
    if (!tool) {
      out.push({ name: spec.name, tool: spec.tool, p50Ms: NaN, p99Ms: NaN });
      continue;
    }
    const args = validateArgs(tool, spec.args);
    let answer: Record<string, unknown> = {};
    const samples = await sampleAsync(spec.heavy ? Math.min(n, 20) : n, async () => {
      answer = await tool.run(args, ctx);
    });
    out.push({
      name: spec.name,
      tool: spec.tool,
      args: spec.args,
      p50Ms: percentile(samples, 50),
      p99Ms: percentile(samples, 99),
      samples: samples.length,
      tokens: estimateTokens(answer),
      budget: (spec.args.max_tokens as number | undefined) ?? 4000,
      truncated: answer.truncated === true,
    });
  }
  return out;
}

/**
 * One-line edits in the indexed file closest to 2,000 lines: a comment line inserted after a function's first
 * line (it shifts every position below, as typing does), then the graph is queried. Each edit starts from the
 * original text, so every sample is one edit, not a pile of them.
 */
async function runEdits(engine: Engine, n: number): Promise<IndexResult['incremental']> {
  const graph = engine.graph;
  let best: { rel: string; lines: number } | undefined;
  for (const [rel, record] of graph.table.files) {
    if (!best || Math.abs(record.lines - 2000) < Math.abs(best.lines - 2000)) best = { rel, lines: record.lines };
  }
  if (!best) return undefined;
  const rel = best.rel;
  const original = engine.readText(rel);
  const lines = original.split('\n');
  const comment = graph.table.files.get(rel)!.lang === 'python' ? '#' : '//';
  const bodies = (graph.table.byFile.get(rel) ?? []).filter((s) => (s.kind === 'function' || s.kind === 'method') && s.lineEnd - s.lineStart >= 2);
  if (!bodies.length) return undefined;
  let inPlace = 0;
  const samples = await sampleAsync(n, async (i, warmup) => {
    const target = bodies[(i * 7919) % bodies.length];
    const next = lines[target.lineStart] ?? '';
    const indent = /^\s*/.exec(next)![0];
    const edited = [...lines.slice(0, target.lineStart), `${indent}${comment} sightline bench edit ${i}`, ...lines.slice(target.lineStart)].join('\n');
    const before = engine.graph;
    engine.setOverlay(rel, edited);
    const g = await engine.ready();
    if (g === before && !warmup) inPlace++;
    g.walk([target.id], 'in', 1);
  }, 3);
  engine.setOverlay(rel, undefined);
  await engine.ready();
  return { file: rel, lines: best.lines, p50Ms: percentile(samples, 50), p99Ms: percentile(samples, 99), inPlace, samples: samples.length };
}

/**
 * Warm start: a new Engine (a new process) finds the persisted index and nothing changed on disk. Then the first
 * `retrieve` of that process (the query the in-process rows time), which must find the text index persisted by
 * the cold run rather than build it.
 */
export async function runWarm(corpus: Corpus): Promise<{ wallMs: number; cpuMs: number; peakRssMb: number; filesIndexed: number; firstRetrieve?: Timing & { hits: number } }> {
  const engine = new Engine({ root: corpus.dir, exclude: corpus.spec.exclude });
  let indexed = 0;
  const t = await timedAsync(async () => {
    indexed = (await engine.index()).files_indexed;
  });
  const rss = peakRssMb();
  const spec = pickQueries(engine.graph).find((q) => q.kind === 'tool' && q.tool === 'retrieve');
  let firstRetrieve: (Timing & { hits: number }) | undefined;
  if (spec?.kind === 'tool') {
    const workspaces = new Workspaces([engine]);
    const ctx: ToolContext = { workspaces, features: new IndexLanguageFeatures(workspaces), logger: new RingLogger() };
    const tool = ALL_TOOLS.find((x) => x.name === 'retrieve')!;
    let answer: Record<string, unknown> = {};
    const r = await timedAsync(async () => {
      // A timeout (the 30 s budget of a call) is a result here: the hits say -1.
      answer = await tool.run(validateArgs(tool, spec.args), ctx).catch(() => ({ total_hits: -1 }));
    });
    firstRetrieve = { ...r, hits: answer.total_hits as number };
  }
  engine.dispose();
  return { ...t, peakRssMb: rss, filesIndexed: indexed, firstRetrieve };
}
