import MiniSearch from 'minisearch';
import { TimeSlicer } from '../common/deadline';
import type { CodeGraph } from '../graph/code-graph';
import type { IndexedSymbol } from '../graph/symbol-table';
import type { FileRecord } from '../index/records';
import { identifierTokens, splitIdentifier } from './tokenize';

/**
 * How a name matched, best first: the whole name, its start, the words of a camel- or snake-case query, a
 * run of letters inside it, whatever a language server matched by its own rules, a misspelling, and last
 * the query's letters in order (`mltp` → `multiply`).
 */
export const MATCH_ORDER = ['exact', 'prefix', 'words', 'substring', 'language_server', 'fuzzy', 'letters'] as const;
export type SymbolMatch = (typeof MATCH_ORDER)[number];

export interface SymbolHit {
  symbol: IndexedSymbol;
  match: SymbolMatch;
  /** Relevance in [0, 1]: higher match kinds always score higher; 1 is the best exact match. */
  score: number;
}

/** The match kind that needs no index: for names a language server returns. Undefined when none applies. */
export function classifyName(name: string, query: string): SymbolMatch | undefined {
  const n = name.toLowerCase();
  const q = query.trim().toLowerCase();
  if (!q) return undefined;
  if (n === q) return 'exact';
  if (n.startsWith(q)) return 'prefix';
  if (n.includes(q)) return 'substring';
  let i = 0;
  for (const c of n) if (c === q[i]) i++;
  return i === q.length ? 'letters' : undefined;
}

/**
 * Symbol names, searchable by exact name, prefix, the words of a camel- or snake-case name, misspelling,
 * substring and letters in order. Kept in step with the code index file by file: a file whose record did
 * not change keeps its entries.
 */
export class SymbolSearch {
  private readonly mini = new MiniSearch<{ id: string; name: string; qualified: string }>({
    fields: ['name', 'qualified'],
    tokenize: identifierTokens,
    processTerm: (t) => t,
  });
  private readonly byFile = new Map<string, { record: FileRecord; ids: string[] }>();

  /** Returns whether any file's symbols changed. Yields to the event loop between files (see TimeSlicer). */
  async sync(graph: CodeGraph, slicer = new TimeSlicer()): Promise<boolean> {
    let changed = false;
    for (const [file, entry] of this.byFile) {
      if (graph.table.files.get(file) === entry.record) continue;
      for (const id of entry.ids) this.mini.discard(id);
      this.byFile.delete(file);
      changed = true;
    }
    for (const [file, record] of graph.table.files) {
      if (this.byFile.has(file)) continue;
      const symbols = graph.table.byFile.get(file) ?? [];
      this.mini.addAll(symbols.map((s) => ({ id: s.id, name: s.name, qualified: s.qualifiedName })));
      this.byFile.set(file, { record, ids: symbols.map((s) => s.id) });
      changed = true;
      await slicer.tick();
    }
    return changed;
  }

  search(graph: CodeGraph, query: string, filter: (s: IndexedSymbol) => boolean = () => true): SymbolHit[] {
    const q = query.trim().replace(/::/g, '.').replace(/\(\)$/, '');
    const lower = q.toLowerCase();
    // The words a compound query is made of (`invoiceTotal` → invoice, total), matched against a name's words.
    const words = new Set((q.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap(splitIdentifier).map((w) => w.toLowerCase()));
    const found = new Map<string, { symbol: IndexedSymbol; raw: number; match: SymbolMatch }>();
    const central = (s: IndexedSymbol) => 1 + 4 * Math.sqrt(graph.symbolRank(s.id));
    for (const r of this.mini.search(q, { boost: { name: 3 }, prefix: (t) => t.length >= 2, fuzzy: (t) => (t.length >= 4 ? 0.25 : false), combineWith: 'OR' })) {
      const symbol = graph.table.byId.get(r.id as string);
      if (!symbol || !filter(symbol)) continue;
      const byName = classifyName(symbol.name, q) ?? classifyName(symbol.qualifiedName, q);
      const nameWords = new Set(identifierTokens(symbol.qualifiedName));
      const match: SymbolMatch =
        symbol.id.toLowerCase() === lower || byName === 'exact' ? 'exact'
        : byName === 'prefix' ? 'prefix'
        : [...words].every((w) => nameWords.has(w)) ? 'words'
        : byName === 'substring' ? 'substring'
        : 'fuzzy';
      // Central symbols (PageRank over the call graph) come first among equally good name matches.
      found.set(symbol.id, { symbol, raw: r.score * central(symbol), match });
    }
    // Runs of letters inside a name and abbreviations are not terms of the index: a scan of the names finds them.
    for (const symbol of graph.table.all) {
      if (found.has(symbol.id) || !filter(symbol)) continue;
      const match = classifyName(symbol.name, q);
      if (match) found.set(symbol.id, { symbol, raw: (q.length / symbol.name.length) * central(symbol), match });
    }
    const tier = (m: SymbolMatch) => MATCH_ORDER.indexOf(m);
    const hits = [...found.values()].sort((a, b) => tier(a.match) - tier(b.match) || b.raw - a.raw || (a.symbol.id < b.symbol.id ? -1 : 1));
    const bestOf = new Map<SymbolMatch, number>();
    for (const h of hits) if (!bestOf.has(h.match)) bestOf.set(h.match, h.raw);
    return hits.map((h) => ({ symbol: h.symbol, match: h.match, score: matchScore(h.match, h.raw / (bestOf.get(h.match) || 1)) }));
  }
}

/** Tiers share [0,1] in order, so a better kind of match always scores higher; `within` ranks inside a tier. */
export function matchScore(match: SymbolMatch, within: number): number {
  const t = MATCH_ORDER.length - 1 - MATCH_ORDER.indexOf(match);
  return Math.round(((t + Math.max(0, Math.min(1, within))) / MATCH_ORDER.length) * 1000) / 1000;
}
