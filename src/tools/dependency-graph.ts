import { z } from 'zod';
import { estimateTokens, fitToBudget } from '../common/tokens';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { compactCycles } from './shared/cycles';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, strings, budgeted } from './shared/outputs';

export const dependencyGraphTool = defineTool({
  name: 'dependency_graph',
  title: 'Dependency graph',
  description:
    'The file-level import graph of the workspace (or of the files under `path_prefix`): which file imports which, and the import cycles ' +
    '(groups of files that import each other, directly or through others). Relative imports, package-internal modules, tsconfig paths, ' +
    'Go module packages and Rust crate paths are resolved to files; imports of external packages are omitted. Use it to see module structure, ' +
    'find cycles to break, or check what a refactor would disturb. Returns { nodes, edges: [{from, to}], cycles (each cut at 50 files), cycle_sizes, total_cycles, truncated }.',
  group: 'graph',
  inputSchema: {
    path_prefix: z.string().max(500).optional().describe('Only files under this workspace-relative folder or path prefix (e.g. `src/engine/`).'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { nodes: strings, edges: list, cycles: z.array(strings), total_nodes: z.number(), total_edges: z.number(), ...budgeted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const graph = await ctx.workspaces.pick(args.workspace).ready();
    const prefix = (args.path_prefix ?? '').replace(/^\.\//, '');
    const inScope = (f: string) => f.startsWith(prefix);
    const nodes = graph.imports.nodes().filter(inScope).sort();
    const edges = graph.imports
      .edges()
      .map((e) => ({ from: graph.imports.source(e), to: graph.imports.target(e) }))
      .filter((e) => inScope(e.from) && inScope(e.to))
      .sort((a, b) => (a.from + a.to < b.from + b.to ? -1 : 1));
    // Cycles are what an agent most needs from this tool: listed first, and cut per cycle rather than dropped.
    const allCycles = graph.importCycles(inScope);
    let cycles = compactCycles(allCycles, 20, 50);
    // Cycles matter most: they are never cut before edges are. When even they do not fit, fewer files per cycle.
    const render = (kept: readonly { from: string; to: string }[], truncated: boolean) => ({
      nodes: truncated ? [...new Set(kept.flatMap((e) => [e.from, e.to]))].sort() : nodes,
      edges: kept,
      ...cycles,
      total_nodes: nodes.length,
      total_edges: edges.length,
      truncated,
      ...(truncated ? { hint: `Showing ${kept.length} of ${edges.length} edges. Narrow with path_prefix or raise max_tokens.` } : {}),
    });
    for (const [maxCycles, perCycle] of [[10, 20], [5, 10], [3, 5], [1, 3]]) {
      if (estimateTokens(render([], true)) <= args.max_tokens) break;
      cycles = compactCycles(allCycles, maxCycles, perCycle);
    }
    return fitToBudget(edges, args.max_tokens, render);
  },
});
