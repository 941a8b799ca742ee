import { ambiguous, notFound } from '../../common/errors';
import type { CodeGraph, Reached } from '../../graph/code-graph';
import type { IndexedSymbol } from '../../graph/symbol-table';
import type { ReachedJson, SymbolJson } from './symbol-schema';

export type { SymbolJson } from './symbol-schema';

export function symbolJson(s: IndexedSymbol): SymbolJson {
  return {
    id: s.id,
    name: s.name,
    qualified_name: s.qualifiedName,
    kind: s.kind,
    lang: s.lang,
    file: s.file,
    line_start: s.lineStart,
    line_end: s.lineEnd,
    signature: s.signature,
  };
}

export function reachedJson(r: Reached): ReachedJson {
  return {
    ...symbolJson(r.symbol),
    depth: r.depth,
    resolution: r.resolution,
    confidence: r.confidence,
    call_sites: r.sites.slice(0, 5).map((s) => ({ file: s.file, line: s.line })),
    ...(r.sites.length > 5 ? { more_call_sites: r.sites.length - 5 } : {}),
  };
}

const MAX_CANDIDATES = 20;

/**
 * Finds the one symbol an agent means: an exact id, then a qualified name, then a name. Several matches
 * are an `ambiguous` error listing candidate ids, never a guess; no match suggests near names.
 */
export function lookupSymbol(graph: CodeGraph, query: string): IndexedSymbol {
  const q = query.trim().replace(/::/g, '.').replace(/\(\)$/, '');
  const byId = graph.table.byId.get(query.trim());
  if (byId) return byId;
  const candidates = graph.table.byQualified.get(q) ?? graph.table.byName.get(q) ?? [];
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1) {
    const ids = candidates.slice(0, MAX_CANDIDATES).map((c) => c.id);
    throw ambiguous(
      `"${query}" names ${candidates.length} symbols. Call again with one of these symbol ids: ${ids.join(', ')}${candidates.length > MAX_CANDIDATES ? ' …' : ''}.`,
      { candidates: ids },
    );
  }
  const lower = q.toLowerCase();
  const near = graph.table.all
    .filter((s) => s.qualifiedName.toLowerCase().includes(lower) || lower.includes(s.name.toLowerCase()))
    .slice(0, 5)
    .map((s) => s.id);
  throw notFound(
    `No symbol named "${query}" in the index.${near.length ? ` Did you mean: ${near.join(', ')}?` : ' Try search_symbols or structural_search to find it.'}`,
    { suggestions: near },
  );
}
