import { checkEvery, type DeadlineCheck } from '../common/deadline';
import { fitToBudget } from '../common/tokens';
import { deadlineOf, readyGraph } from './shared/context';
import type { CodeGraph } from '../graph/code-graph';
import type { IndexedSymbol } from '../graph/symbol-table';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { compactCycles } from './shared/cycles';
import { defineTool, READ_ONLY } from './shared/tool';
import { z } from 'zod';
import { list, budgeted } from './shared/outputs';

const ENTRY_NAMES = new Set(['main', '__main__', 'cli', 'run', 'activate', 'start', 'serve']);
const ENTRY_FILES = /(^|\/)(main\.(go|rs|py|[jt]s)|index\.[jt]sx?|cli\.[jt]s|__main__\.py|extension\.[jt]s|server\.[jt]s|app\.py|manage\.py)$/;

export const repoSummaryTool = defineTool({
  name: 'repo_summary',
  title: 'Repository summary',
  description:
    'Read first in an unfamiliar repository: languages, top-level modules with their central symbols, entry points and import cycles, within the budget.',
  group: 'graph',
  inputSchema: { max_tokens: maxTokensArg, workspace: workspaceArg },
  outputSchema: { root: z.string(), modules: list, ...budgeted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const engine = ctx.workspaces.pick(args.workspace);
    const graph = await readyGraph(ctx, engine);
    const { languages, modules, entryPoints, cycles } = summaryOf(graph, deadlineOf(ctx));
    // Modules are ranked; the budget cuts the least central modules first.
    return fitToBudget(modules, args.max_tokens, (kept, truncated) => ({
      root: engine.root,
      languages,
      totals: { files: graph.table.files.size, symbols: graph.table.all.length, call_edges: graph.edgeCount(), import_edges: graph.imports.size },
      modules: kept,
      entry_points: entryPoints,
      ...cycles,
      truncated,
      ...(truncated ? { hint: `Showing ${kept.length} of ${modules.length} modules. Raise max_tokens, or ask dependency_graph with a path_prefix.` } : {}),
    }));
  },
});

interface Summary {
  languages: Record<string, { files: number; lines: number }>;
  modules: ModuleSummary[];
  entryPoints: { id: string; signature: string }[];
  cycles: ReturnType<typeof compactCycles>;
}

/**
 * Everything but the budget depends on the graph alone: computed once per graph version (an in-place edit bumps
 * it) and kept, so asking again does not rank every symbol of the workspace again.
 */
const summaries = new WeakMap<CodeGraph, { version: number; summary: Summary }>();

/** What to try when the summary of a very large folder does not fit the call's budget. */
const NARROW = 'Ask dependency_graph or structural_search with a path prefix (file:src/…) instead, or retry: the index may still be settling.';

function summaryOf(graph: CodeGraph, deadline: DeadlineCheck): Summary {
  const hit = summaries.get(graph);
  if (hit && hit.version === graph.version) return hit.summary;
  const languages = new Map<string, { files: number; lines: number }>();
  let i = 0;
  for (const [, detail] of graph.table.files) {
    checkEvery(deadline, i++, NARROW);
    const l = languages.get(detail.lang) ?? { files: 0, lines: 0 };
    l.files++;
    l.lines += detail.lines;
    languages.set(detail.lang, l);
  }
  const entryPoints = graph.table.all
    .filter((s, n) => {
      checkEvery(deadline, n, NARROW);
      return (ENTRY_NAMES.has(s.name) && s.parent === undefined && (s.kind === 'function' || s.kind === 'method')) || (ENTRY_FILES.test(s.file) && s.parent === undefined && s.kind === 'function' && ENTRY_NAMES.has(s.name));
    })
    .slice(0, 15)
    .map((s) => ({ id: s.id, signature: s.signature }));
  const summary: Summary = {
    languages: Object.fromEntries([...languages].sort((a, b) => b[1].lines - a[1].lines)),
    modules: moduleSummaries(graph, deadline),
    entryPoints,
    cycles: compactCycles(graph.importCycles(), 5, 10),
  };
  deadline.check(NARROW);
  summaries.set(graph, { version: graph.version, summary });
  return summary;
}

interface ModuleSummary {
  path: string;
  files: number;
  symbols: number;
  central: { id: string; kind: string; signature: string; doc?: string }[];
}

/** Groups files by their top-level folder (one level deeper under a lone src/ or lib/), most central modules first. */
function moduleSummaries(graph: CodeGraph, deadline: DeadlineCheck): ModuleSummary[] {
  const files = [...graph.table.files.keys()];
  // A folder holding most of the code (src/, internal/, packages/…) says little as one module: show its children.
  const perTop = new Map<string, number>();
  for (let i = 0; i < files.length; i++) {
    checkEvery(deadline, i, NARROW);
    const top = files[i].split('/')[0];
    if (files[i].includes('/')) perTop.set(top, (perTop.get(top) ?? 0) + 1);
  }
  const deeper = new Set([...perTop].filter(([, n]) => n > files.length / 2).map(([t]) => t));
  const moduleOf = (f: string) => {
    const parts = f.split('/');
    if (parts.length === 1) return '.';
    if (deeper.has(parts[0]) && parts.length > 2) return `${parts[0]}/${parts[1]}`;
    return parts[0];
  };
  const groups = new Map<string, IndexedSymbol[]>();
  const fileCounts = new Map<string, number>();
  for (let i = 0; i < files.length; i++) {
    const f = files[i];
    checkEvery(deadline, i, NARROW);
    const m = moduleOf(f);
    fileCounts.set(m, (fileCounts.get(m) ?? 0) + 1);
    const list = groups.get(m) ?? [];
    list.push(...(graph.table.byFile.get(f) ?? []));
    groups.set(m, list);
  }
  const summaries = [...groups].map(([path, symbols]) => {
    deadline.check(NARROW);
    const ranked = symbols.filter((s) => s.kind !== 'field' && s.kind !== 'constant').sort((a, b) => graph.symbolRank(b.id) - graph.symbolRank(a.id));
    const weight = ranked.slice(0, 10).reduce((sum, s) => sum + graph.symbolRank(s.id), 0);
    return {
      weight,
      summary: {
        path,
        files: fileCounts.get(path) ?? 0,
        symbols: symbols.length,
        // Few, short entries per module, so a small budget still shows most modules.
        central: ranked.slice(0, 4).map((s) => ({ id: s.id, kind: s.kind, signature: clip(s.signature, 100), ...(s.doc ? { doc: clip(s.doc.split('\n')[0], 100) } : {}) })),
      },
    };
  });
  return summaries.sort((a, b) => b.weight - a.weight || (a.summary.path < b.summary.path ? -1 : 1)).map((s) => s.summary);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
