import type { CodeGraph } from '../src/graph/code-graph';

/**
 * The queries the bench times, on targets picked from the graph itself: the most-called function (the
 * worst case for callers and blast radius) and a fixed spread of ordinary called symbols (the typical case).
 * Tools that are not on this branch yet (search_symbols, retrieve) are reported as n/a, not skipped silently.
 */
export type QuerySpec =
  | { kind: 'core'; name: string; run: (graph: CodeGraph, i: number) => void }
  | { kind: 'tool'; name: string; tool: string; args: Record<string, unknown>; heavy?: boolean };

const SPREAD = 1000;

export function pickQueries(graph: CodeGraph): QuerySpec[] {
  let hub: string | undefined;
  let hubDegree = -1;
  const called: string[] = [];
  graph.calls.forEachNode((id) => {
    const d = graph.calls.inDegree(id);
    if (d > 0) called.push(id);
    if (d > hubDegree) {
      hub = id;
      hubDegree = d;
    }
  });
  if (!hub) return [];
  // Every k-th called symbol: deterministic, spread over the whole workspace.
  const step = Math.max(1, Math.floor(called.length / SPREAD));
  const spread = called.filter((_, i) => i % step === 0);
  const hubSymbol = graph.table.byId.get(hub)!;
  return [
    { kind: 'core', name: 'callers d3 (graph walk), typical symbol', run: (g, i) => g.walk([spread[i % spread.length]], 'in', 3) },
    { kind: 'core', name: `callers d3 (graph walk), most-called (${hubDegree} callers)`, run: (g) => g.walk([hub!], 'in', 3) },
    { kind: 'tool', name: 'find_callers d3, typical symbol', tool: 'find_callers', args: { symbol: spread[Math.floor(spread.length / 2)], depth: 3 } },
    { kind: 'tool', name: 'find_callers d3, most-called', tool: 'find_callers', args: { symbol: hub, depth: 3 } },
    { kind: 'tool', name: 'blast_radius, most-called', tool: 'blast_radius', args: { target: hub } },
    { kind: 'tool', name: 'structural_search kind+calls', tool: 'structural_search', args: { query: `kind:function calls:${hubSymbol.name}` } },
    { kind: 'tool', name: 'search_symbols', tool: 'search_symbols', args: { query: hubSymbol.name.slice(0, Math.max(3, hubSymbol.name.length - 2)) } },
    { kind: 'tool', name: 'retrieve', tool: 'retrieve', args: { query: hubSymbol.name } },
    { kind: 'tool', name: 'repo_summary', tool: 'repo_summary', args: {}, heavy: true },
  ];
}
