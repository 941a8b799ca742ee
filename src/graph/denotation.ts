import type { IndexedSymbol } from './symbol-table';

/**
 * How a call edge was resolved, most certain first. An agent (and `npm run quality`) can tell a proven
 * edge from a guess: `name` edges are name matches only and carry a confidence below 1.
 */
export type Resolution = 'scope' | 'member' | 'import' | 'package' | 'value' | 'name';

export interface ResolvedCall {
  targets: IndexedSymbol[];
  resolution: Resolution;
  confidence: number;
}

/** What a name or receiver expression denotes. */
export type Denotation =
  | { kind: 'module'; files: string[] }
  | { kind: 'symbols'; symbols: IndexedSymbol[]; resolution: Resolution }
  | { kind: 'instance'; types: IndexedSymbol[]; resolution: Resolution; confidence: number }
  | { kind: 'external' };

export function unique(symbols: IndexedSymbol[]): IndexedSymbol[] {
  return [...new Map(symbols.map((s) => [s.id, s])).values()];
}
