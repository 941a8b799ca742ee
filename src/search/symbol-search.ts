import MiniSearch from 'minisearch';
import { checkEvery, type DeadlineCheck, TimeSlicer } from '../common/deadline';
import type { CodeGraph } from '../graph/code-graph';
import type { IndexedSymbol } from '../graph/symbol-table';
import type { FileRecord } from '../index/records';
import { NameIndex } from './name-index';
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
 * Symbol names, searchable by exact name, prefix, the words of a camel- or snake-case name, substring,
 * misspelling and letters in order. The first four come from a name index (name-index.ts) that touches only
 * names that can match; misspellings need MiniSearch's fuzzy search and letters in order a pass over the
 * distinct names, so both run only when the better kinds of match found fewer than the caller wants.
 * Both indexes are kept in step with the code index file by file: a file whose record did not change keeps its entries.
 */
export class SymbolSearch {
  private readonly names = new NameIndex();
  private readonly byFile = new Map<string, { record: FileRecord; symbols: { id: string; name: string; qualified: string }[] }>();
  private readonly mini = new MiniSearch<{ id: string; name: string; qualified: string }>({
    fields: ['name', 'qualified'],
    tokenize: identifierTokens,
    processTerm: (t) => t,
  });
  /** What MiniSearch holds, per file: synced on the first fuzzy search after a change, not on every index pass. */
  private readonly miniFiles = new Map<string, { record: FileRecord; ids: string[] }>();

  /** Returns whether any file's symbols changed. Yields to the event loop between files (see TimeSlicer). */
  async sync(graph: CodeGraph, slicer = new TimeSlicer()): Promise<boolean> {
    let changed = false;
    for (const [file, entry] of this.byFile) {
      if (graph.table.files.get(file) === entry.record) continue;
      for (const s of entry.symbols) this.names.remove(s.id, s.name, s.qualified);
      this.byFile.delete(file);
      changed = true;
    }
    for (const [file, record] of graph.table.files) {
      if (this.byFile.has(file)) continue;
      const symbols = (graph.table.byFile.get(file) ?? []).map((s) => ({ id: s.id, name: s.name, qualified: s.qualifiedName }));
      for (const s of symbols) this.names.add(s.id, s.name, s.qualified);
      this.byFile.set(file, { record, symbols });
      changed = true;
      await slicer.tick();
    }
    return changed;
  }

  private syncMini(): void {
    for (const [file, entry] of this.miniFiles) {
      if (this.byFile.get(file)?.record === entry.record) continue;
      for (const id of entry.ids) this.mini.discard(id);
      this.miniFiles.delete(file);
    }
    for (const [file, { record, symbols }] of this.byFile) {
      if (this.miniFiles.has(file)) continue;
      this.mini.addAll(symbols);
      this.miniFiles.set(file, { record, ids: symbols.map((s) => s.id) });
    }
  }

  /**
   * Hits best first. With `enough`, misspellings and letters in order are looked for only while fewer than that
   * were found. A short query matches much of a large workspace: the loops check `deadline` as they go.
   */
  search(graph: CodeGraph, query: string, filter: (s: IndexedSymbol) => boolean = () => true, enough = Infinity, deadline?: DeadlineCheck): SymbolHit[] {
    const q = query.trim().replace(/::/g, '.').replace(/\(\)$/, '');
    const lower = q.toLowerCase();
    // The words a compound query is made of (`invoiceTotal` → invoice, total), matched against a name's words.
    const words = [...new Set((q.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap(splitIdentifier).map((w) => w.toLowerCase()))];
    const found = new Map<string, { symbol: IndexedSymbol; raw: number; match: SymbolMatch }>();
    // Central symbols (PageRank over the call graph) come first among equally good name matches.
    const central = (s: IndexedSymbol) => 1 + 4 * Math.sqrt(graph.symbolRank(s.id));
    let considered = 0;
    const consider = (id: string, match: SymbolMatch, raw?: number) => {
      checkEvery(deadline, considered++, NARROW_QUERY);
      if (found.has(id)) return;
      const symbol = graph.table.byId.get(id);
      if (!symbol || !filter(symbol)) return;
      found.set(id, { symbol, raw: (raw ?? Math.min(1, lower.length / symbol.name.length)) * central(symbol), match });
    };
    if (!lower) return [];
    consider(q, 'exact');
    for (const id of this.names.exact(lower)) consider(id, 'exact');
    for (const id of this.names.prefix(lower)) consider(id, 'prefix');
    if (words.length) for (const id of this.names.withWords(words)) consider(id, 'words');
    for (const id of this.names.substring(lower)) consider(id, 'substring');
    // Misspellings: every word of four letters or more within a quarter of its length in edits. Shorter words
    // and prefixes are left out here: they match most of a large workspace and the tiers above cover them.
    const misspelt = identifierTokens(q).filter((t) => t.length >= 4);
    if (found.size < enough && misspelt.length) {
      this.syncMini();
      const options = { boost: { name: 3 }, prefix: false, fuzzy: 0.25, combineWith: 'AND' as const, tokenize: () => misspelt };
      for (const r of this.mini.search(q, options)) consider(r.id as string, 'fuzzy', r.score);
    }
    if (found.size < enough) {
      // Abbreviations (`mltp` → `multiply`) are not terms of any index: a pass over the distinct names finds them.
      let scanned = 0;
      for (const key of this.names.keys()) {
        checkEvery(deadline, scanned++, NARROW_QUERY);
        if (classifyName(key, lower) === 'letters') for (const id of this.names.idsOf(key)) consider(id, 'letters');
      }
    }
    deadline?.check(NARROW_QUERY);
    const tier = (m: SymbolMatch) => MATCH_ORDER.indexOf(m);
    const hits = [...found.values()].sort((a, b) => tier(a.match) - tier(b.match) || b.raw - a.raw || (a.symbol.id < b.symbol.id ? -1 : 1));
    const bestOf = new Map<SymbolMatch, number>();
    for (const h of hits) if (!bestOf.has(h.match)) bestOf.set(h.match, h.raw);
    return hits.map((h) => ({ symbol: h.symbol, match: h.match, score: matchScore(h.match, h.raw / (bestOf.get(h.match) || 1)) }));
  }
}

const NARROW_QUERY = 'Use a longer or more exact name, or filter by kind or lang.';

/** Tiers share [0,1] in order, so a better kind of match always scores higher; `within` ranks inside a tier. */
export function matchScore(match: SymbolMatch, within: number): number {
  const t = MATCH_ORDER.length - 1 - MATCH_ORDER.indexOf(match);
  return Math.round(((t + Math.max(0, Math.min(1, within))) / MATCH_ORDER.length) * 1000) / 1000;
}
