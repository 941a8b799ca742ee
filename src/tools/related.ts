import { z } from 'zod';
import type { CodeGraph } from '../graph/code-graph';
import { nodeIdArg, nodeRepositoryArg } from './shared/retrieval-args';
import { findNode } from './shared/retrieval-lookup';
import { symbolJson } from './shared/symbols';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, symbolRef, budgeted } from './shared/outputs';

const MAX_NODES = 50;

export const relatedTool = defineTool({
  name: 'related',
  title: 'Related nodes',
  description:
    'The call-graph neighbourhood of a code node: the symbols that call it and/or that it calls, `depth` 1 or 2 steps out, as nodes and ' +
    `directed edges (from caller to callee, with how the edge was resolved). At most ${MAX_NODES} nodes, nearest first, with truncated when ` +
    'cut. Use it to see what a symbol found by retrieve works with; for deeper or token-budgeted walks use find_callers/find_callees. ' +
    'Returns { center, nodes, edges, truncated }.',
  group: 'retrieve',
  inputSchema: {
    node_id: nodeIdArg,
    repository: nodeRepositoryArg,
    depth: z.number().int().min(1).max(2).default(1).describe('Steps out from the node (1–2, default 1).'),
    direction: z.enum(['callers', 'callees', 'both']).default('both').describe('Follow callers, callees, or both (default).'),
  },
  outputSchema: { center: z.string(), nodes: z.array(symbolRef), edges: list, total_nodes: z.number(), ...budgeted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { index, symbol } = await findNode(ctx, args.node_id, args.repository);
    const graph = index.graph;
    const reached = [
      ...(args.direction !== 'callees' ? graph.walk([symbol.id], 'in', args.depth) : []),
      ...(args.direction !== 'callers' ? graph.walk([symbol.id], 'out', args.depth) : []),
    ].sort((a, b) => a.depth - b.depth);
    const unique = [...new Map(reached.map((r) => [r.symbol.id, r])).values()];
    const kept = unique.slice(0, MAX_NODES - 1);
    const ids = new Set([symbol.id, ...kept.map((r) => r.symbol.id)]);
    return {
      center: symbol.id,
      nodes: [{ ...symbolJson(symbol), depth: 0 }, ...kept.map((r) => ({ ...symbolJson(r.symbol), depth: r.depth }))],
      edges: edgesAmong(graph, ids),
      total_nodes: unique.length + 1,
      truncated: unique.length > kept.length,
      ...(unique.length > kept.length ? { hint: `Showing the nearest ${MAX_NODES} of ${unique.length + 1} nodes. Lower depth or pick one direction.` } : {}),
    };
  },
});

/** Every call edge between kept nodes, so the neighbourhood reads as a graph and not only as a list. */
function edgesAmong(graph: CodeGraph, ids: Set<string>) {
  const edges: { from: string; to: string; resolution: string; confidence: number }[] = [];
  for (const id of ids) {
    graph.calls.forEachOutEdge(id, (_e, data, from, to) => {
      if (ids.has(to)) edges.push({ from, to, resolution: data.resolution, confidence: data.confidence });
    });
  }
  return edges.sort((a, b) => (a.from + a.to < b.from + b.to ? -1 : 1));
}
