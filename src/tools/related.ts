import { z } from 'zod';
import type { DeadlineCheck } from '../common/deadline';
import type { CodeGraph } from '../graph/code-graph';
import { deadlineOf } from './shared/context';
import { nodeIdArg, nodeRepositoryArg } from './shared/retrieval-args';
import { findNode } from './shared/retrieval-lookup';
import { symbolJson } from './shared/symbols';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, symbolRef, budgeted } from './shared/outputs';

const MAX_NODES = 50;
const NARROW = 'Lower depth to 1 or pick one direction.';

export const relatedTool = defineTool({
  name: 'related',
  title: 'Related nodes',
  description:
    `A symbol's call-graph neighbourhood, \`depth\` 1–2, as nodes and edges (≤ ${MAX_NODES}). Use to see what a retrieved symbol works with.`,
  group: 'retrieve',
  inputSchema: {
    node_id: nodeIdArg,
    repository: nodeRepositoryArg,
    depth: z.number().int().min(1).max(2).default(1).describe('Steps out from the node.'),
    direction: z.enum(['callers', 'callees', 'both']).default('both'),
  },
  outputSchema: { center: z.string(), nodes: z.array(symbolRef), edges: list, ...budgeted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { index, symbol } = await findNode(ctx, args.node_id, args.repository);
    const graph = index.graph;
    const deadline = deadlineOf(ctx);
    const reached = [
      ...(args.direction !== 'callees' ? graph.walk([symbol.id], 'in', args.depth, 0, { deadline }) : []),
      ...(args.direction !== 'callers' ? graph.walk([symbol.id], 'out', args.depth, 0, { deadline }) : []),
    ].sort((a, b) => a.depth - b.depth);
    deadline.check(NARROW);
    const unique = [...new Map(reached.map((r) => [r.symbol.id, r])).values()];
    const kept = unique.slice(0, MAX_NODES - 1);
    const ids = new Set([symbol.id, ...kept.map((r) => r.symbol.id)]);
    return {
      center: symbol.id,
      nodes: [{ ...symbolJson(symbol), depth: 0 }, ...kept.map((r) => ({ ...symbolJson(r.symbol), depth: r.depth }))],
      edges: edgesAmong(graph, ids, deadline),
      total_nodes: unique.length + 1,
      truncated: unique.length > kept.length,
      ...(unique.length > kept.length ? { hint: `Showing the nearest ${MAX_NODES} of ${unique.length + 1} nodes. Lower depth or pick one direction.` } : {}),
    };
  },
});

/** Every call edge between kept nodes, so the neighbourhood reads as a graph and not only as a list. */
function edgesAmong(graph: CodeGraph, ids: Set<string>, deadline: DeadlineCheck) {
  const edges: { from: string; to: string; resolution: string; confidence: number }[] = [];
  for (const id of ids) {
    deadline.check(NARROW);
    graph.calls.forEachOutEdge(id, (_e, data, from, to) => {
      if (ids.has(to)) edges.push({ from, to, resolution: data.resolution, confidence: data.confidence });
    });
  }
  return edges.sort((a, b) => (a.from + a.to < b.from + b.to ? -1 : 1));
}
