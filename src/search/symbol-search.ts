import MiniSearch from 'minisearch';
import type { CodeGraph } from '../graph/code-graph';
import type { IndexedSymbol } from '../graph/symbol-table';
import type { FileRecord } from '../index/records';
import { identifierTokens, splitIdentifier } from './tokenize';

export type SymbolMatch = 'exact' | 'prefix' | 'words' | 'fuzzy';

export interface SymbolHit {
  symbol: IndexedSymbol;
  /** Relevance in [0, 1], the best hit of a query scoring 1. */
  score: number;
  match: SymbolMatch;
}

const MATCH_ORDER: Record<SymbolMatch, number> = { exact: 0, prefix: 1, words: 2, fuzzy: 3 };

/**
 * Symbol names, searchable by exact name, prefix, the words of a camel- or snake-case name, and misspelling.
 * Kept in step with the code index file by file: a file whose record did not change keeps its entries.
 */
export class SymbolSearch {
  private readonly mini = new MiniSearch<{ id: string; name: string; qualified: string }>({
    fields: ['name', 'qualified'],
    tokenize: identifierTokens,
    processTerm: (t) => t,
  });
  private readonly byFile = new Map<string, { record: FileRecord; ids: string[] }>();

  sync(graph: CodeGraph): void {
    for (const [file, entry] of this.byFile) {
      if (graph.table.files.get(file) === entry.record) continue;
      for (const id of entry.ids) this.mini.discard(id);
      this.byFile.delete(file);
    }
    for (const [file, record] of graph.table.files) {
      if (this.byFile.has(file)) continue;
      const symbols = graph.table.byFile.get(file) ?? [];
      this.mini.addAll(symbols.map((s) => ({ id: s.id, name: s.name, qualified: s.qualifiedName })));
      this.byFile.set(file, { record, ids: symbols.map((s) => s.id) });
    }
  }

  search(graph: CodeGraph, query: string, filter: (s: IndexedSymbol) => boolean = () => true): SymbolHit[] {
    const q = query.trim().replace(/::/g, '.').toLowerCase();
    // The words a compound query is made of (`invoiceTotal` → invoice, total), matched against a name's words.
    const words = new Set((query.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap(splitIdentifier).map((w) => w.toLowerCase()));
    const results = this.mini.search(query.replace(/::/g, '.'), {
      boost: { name: 3 },
      prefix: (term) => term.length >= 2,
      fuzzy: (term) => (term.length >= 4 ? 0.25 : false),
      combineWith: 'OR',
    });
    const hits: { symbol: IndexedSymbol; raw: number; match: SymbolMatch }[] = [];
    for (const r of results) {
      const symbol = graph.table.byId.get(r.id as string);
      if (!symbol || !filter(symbol)) continue;
      const name = symbol.name.toLowerCase();
      const nameWords = new Set(identifierTokens(symbol.qualifiedName));
      const match: SymbolMatch =
        name === q || symbol.qualifiedName.toLowerCase() === q || symbol.id.toLowerCase() === q
          ? 'exact'
          : name.startsWith(q) || symbol.qualifiedName.toLowerCase().startsWith(q)
            ? 'prefix'
            : [...words].every((w) => nameWords.has(w))
              ? 'words'
              : 'fuzzy';
      // Central symbols (PageRank over the call graph) come first among equally good name matches.
      hits.push({ symbol, raw: r.score * (1 + 4 * Math.sqrt(graph.symbolRank(symbol.id))), match });
    }
    hits.sort((a, b) => MATCH_ORDER[a.match] - MATCH_ORDER[b.match] || b.raw - a.raw || (a.symbol.id < b.symbol.id ? -1 : 1));
    const best = Math.max(...hits.map((h) => h.raw), Number.MIN_VALUE);
    return hits.map((h) => ({ symbol: h.symbol, match: h.match, score: Math.round((h.match === 'exact' ? 1 : Math.min(0.99, h.raw / best)) * 1000) / 1000 }));
  }
}
