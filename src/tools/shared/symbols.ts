import type { Reached } from '../../graph/code-graph';
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
