import { z } from 'zod';
import { checkEvery } from '../common/deadline';
import { estimateTokens, fitToBudget } from '../common/tokens';
import { deadlineOf, readyGraph } from './shared/context';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { compactCycles } from './shared/cycles';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, strings, budgeted } from './shared/outputs';

export const dependencyGraphTool = defineTool({
  name: 'dependency_graph',
  title: 'Dependency graph',
  description:
    'The file import graph (optionally under `path_prefix`) and its import cycles; external packages omitted. Use to see module structure or cycles to break.',
  group: 'graph',
  inputSchema: {
    path_prefix: z.string().max(500).optional().describe('Only files under this prefix (`src/engine/`).'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { nodes: strings, edges: list, cycles: z.array(strings), ...budgeted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const graph = await readyGraph(ctx, ctx.workspaces.pick(args.workspace));
    const deadline = deadlineOf(ctx);
    const narrow = 'Narrow with path_prefix.';
    const prefix = (args.path_prefix ?? '').replace(/^\.\//, '');
    const inScope = (f: string) => f.startsWith(prefix);
    const nodes = graph.imports.nodes().filter(inScope).sort();
    const edges: { from: string; to: string }[] = [];
    let seen = 0;
    graph.imports.forEachEdge((_e, _a, from, to) => {
      checkEvery(deadline, seen++, narrow);
      if (inScope(from) && inScope(to)) edges.push({ from, to });
    });
    deadline.check(narrow);
    edges.sort((a, b) => (a.from + a.to < b.from + b.to ? -1 : 1));
    // Cycles are what an agent most needs from this tool: listed first, and cut per cycle rather than dropped.
    const allCycles = graph.importCycles(inScope);
    deadline.check(narrow);
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
