import { CALLABLE_KINDS, type SymbolKind, TYPE_KINDS } from '../index/records';
import type { CodeGraph } from './code-graph';
import type { IndexedSymbol } from './symbol-table';

/** Symbols that enclose code a caller can reach: functions, methods and types (not fields or constants). */
export const ENCLOSING_KINDS: ReadonlySet<SymbolKind> = new Set([...CALLABLE_KINDS, ...TYPE_KINDS]);

export interface SymbolAtOptions {
  /** Only a symbol whose name starts at this 1-based character: the declaration *at* a position, not one around it. */
  nameAt?: number;
  /** Only symbols of these kinds (fields and constants have no callers: the panel and `path:line` skip them). */
  kinds?: ReadonlySet<SymbolKind>;
}

/**
 * The one answer to "which indexed symbol is here": the innermost symbol of `file` whose lines hold `line`
 * (1-based) — with the cursor in a method, the method, not its class. Innermost = the shortest span; on a tie,
 * the one declared later (a nested symbol on its parent's line).
 */
export function symbolAt(graph: CodeGraph, file: string, line: number, options: SymbolAtOptions = {}): IndexedSymbol | undefined {
  let best: IndexedSymbol | undefined;
  for (const s of graph.table.byFile.get(file) ?? []) {
    if (s.lineStart > line || s.lineEnd < line) continue;
    if (options.nameAt !== undefined && s.character !== options.nameAt) continue;
    if (options.kinds && !options.kinds.has(s.kind)) continue;
    const span = s.lineEnd - s.lineStart;
    const bestSpan = best ? best.lineEnd - best.lineStart : Infinity;
    if (span < bestSpan || (span === bestSpan && best && s.lineStart >= best.lineStart)) best = s;
  }
  return best;
}
