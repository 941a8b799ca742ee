import { checkEvery, type DeadlineCheck, TimeSlicer } from '../common/deadline';
import type { CodeGraph } from '../graph/code-graph';
import type { IndexedSymbol } from '../graph/symbol-table';
import type { FileRecord } from '../index/records';
import { NameFuzzy } from './name-fuzzy';
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
 * misspelling and letters in order. All but misspellings come from a name index (name-index.ts) that touches
 * only names that can match; misspellings come from the words of every name (name-fuzzy.ts). Misspellings and letters in order
 * are looked for only when the better kinds of match found fewer than the caller wants.
 * Both indexes are kept in step with the code index file by file: a file whose record did not change keeps its entries.
 */
export class SymbolSearch {
  /**
   * Every indexed symbol has a slot number while its file is in step; the name index and the misspellings' index hold slots,
   * so a query that matches tens of thousands of names marks them in a flat array instead of hashing their ids.
   */
  private readonly slots: (IndexedSymbol | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  private readonly names = new NameIndex<number>();
  private readonly byFile = new Map<string, { record: FileRecord; slots: number[] }>();
  private readonly fuzzy = new NameFuzzy();
  /** What the misspellings' index holds, per file: synced on the first fuzzy search after a change, not on every index pass. */
  private readonly fuzzyFiles = new Map<string, { record: FileRecord; slots: number[]; symbols: IndexedSymbol[] }>();
  /** Slots a query has met, marked with the query's stamp. */
  private seen = new Uint32Array(0);
  private stamp = 0;
  /** The graph (and its version) the slots were last brought in step with: then they are its own symbols. */
  private synced?: { graph: CodeGraph; version: number };
  /** Each slot's centrality in `synced`'s graph (NaN: not looked up yet), and whether every slot's is looked up. */
  private central = new Float64Array(0);
  private centralFilled = false;
  /** Each slot's simple name's length, so that ranking a prefix's matches reads no symbol. */
  private nameLength = new Int32Array(0);

  /** Returns whether any file's symbols changed. Yields to the event loop between files (see TimeSlicer). */
  async sync(graph: CodeGraph, slicer = new TimeSlicer()): Promise<boolean> {
    let changed = false;
    for (const [file, entry] of this.byFile) {
      if (graph.table.files.get(file) === entry.record) continue;
      for (const slot of entry.slots) {
        const s = this.slots[slot]!;
        this.names.remove(slot, s.name, s.qualifiedName);
        this.slots[slot] = undefined;
        this.freeSlots.push(slot);
      }
      this.byFile.delete(file);
      changed = true;
    }
    for (const [file, record] of graph.table.files) {
      if (this.byFile.has(file)) continue;
      const slots = (graph.table.byFile.get(file) ?? []).map((s) => {
        const slot = this.freeSlots.pop() ?? this.slots.length;
        this.slots[slot] = s;
        if (slot >= this.nameLength.length) {
          const grown = new Int32Array(Math.max(1024, 2 * slot));
          grown.set(this.nameLength);
          this.nameLength = grown;
        }
        this.nameLength[slot] = s.name.length;
        this.names.add(slot, s.name, s.qualifiedName);
        return slot;
      });
      this.byFile.set(file, { record, slots });
      changed = true;
      await slicer.tick();
    }
    if (changed || this.synced?.graph !== graph || this.synced.version !== graph.version) {
      this.synced = { graph, version: graph.version };
      this.central = new Float64Array(this.slots.length).fill(NaN);
      this.centralFilled = false;
    }
    return changed;
  }

  private syncFuzzy(): void {
    for (const [file, entry] of this.fuzzyFiles) {
      if (this.byFile.get(file)?.record === entry.record) continue;
      for (const [slot, s] of entry.slots.map((slot, i) => [slot, entry.symbols[i]] as const)) this.fuzzy.remove(slot, s.name, s.qualifiedName);
      this.fuzzyFiles.delete(file);
    }
    for (const [file, { record, slots }] of this.byFile) {
      if (this.fuzzyFiles.has(file)) continue;
      // The symbols are kept with their slots: the slots may be another file's by the time these are removed.
      const symbols = slots.map((slot) => this.slots[slot]!);
      symbols.forEach((sym, i) => this.fuzzy.add(slots[i], sym.name, sym.qualifiedName));
      this.fuzzyFiles.set(file, { record, slots, symbols });
    }
  }

  /**
   * Hits best first. With `enough`, misspellings and letters in order are looked for only while fewer than that
   * were found. A short query matches much of a large workspace: the loops check `deadline` as they go.
   */
  search(graph: CodeGraph, query: string, filter: (s: IndexedSymbol) => boolean = () => true, enough = Infinity, deadline?: DeadlineCheck): SymbolHit[] {
    const found = this.collect(graph, query, filter, enough, undefined, deadline);
    const order = Array.from(found.symbols, (_, i) => i).sort((a, b) => found.searchOrder(a, b));
    return order.map((i) => found.hit(i));
  }

  /**
   * The `limit` best hits in the order search_symbols lists them (kind of match, score, file, line), the number of
   * matches, and the hit of any matched symbol, listed or not. The same answer as sorting every hit of
   * `search(…, limit)` and keeping the first `limit`, without building a hit for or sorting the rest: a short
   * query can match tens of thousands of names at a million lines.
   */
  top(graph: CodeGraph, query: string, filter: ((s: IndexedSymbol) => boolean) | undefined, limit: number, deadline?: DeadlineCheck): SymbolResults {
    const found = this.collect(graph, query, filter, limit, limit, deadline);
    const kept: number[] = [];
    for (let i = 0; i < found.symbols.length; i++) {
      checkEvery(deadline, i, NARROW_QUERY);
      if (kept.length >= limit && found.listOrder(i, kept[kept.length - 1]) >= 0) continue;
      let lo = 0;
      let hi = kept.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (found.listOrder(i, kept[mid]) < 0) hi = mid;
        else lo = mid + 1;
      }
      kept.splice(lo, 0, i);
      if (kept.length > limit) kept.pop();
    }
    return {
      hits: kept.map((i) => found.hit(i)),
      total: found.total,
      hit: (id) => {
        const i = found.indexOf(id);
        return i === undefined ? undefined : found.hit(i);
      },
      find: (test) => {
        found.addHeld();
        let first = -1;
        for (let i = 0; i < found.symbols.length; i++) if (test(found.symbols[i]) && (first < 0 || found.searchOrder(i, first) < 0)) first = i;
        return first < 0 ? undefined : found.hit(first);
      },
    };
  }

  /**
   * Every match, as `Matches`. With `listed` (top's limit), prefix matches that cannot be among the `listed` best
   * are counted and held rather than added (see prefixMatches): a common stem is tens of thousands of them.
   */
  private collect(graph: CodeGraph, query: string, only: ((s: IndexedSymbol) => boolean) | undefined, enough: number, listed: number | undefined, deadline: DeadlineCheck | undefined): Matches {
    const filter = only ?? everything;
    const q = query.trim().replace(/::/g, '.').replace(/\(\)$/, '');
    const lower = q.toLowerCase();
    // The words a compound query is made of (`invoiceTotal` → invoice, total), matched against a name's words.
    const words = [...new Set((q.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap(splitIdentifier).map((w) => w.toLowerCase()))];
    const found = new Matches();
    if (!lower) return found;
    // The kind of match being looked for: every symbol found counts as the best kind it was found by.
    let tier = MATCH_ORDER.indexOf('exact');
    const take = (symbol: IndexedSymbol | undefined, raw?: number) => {
      if (!symbol || !filter(symbol)) return;
      // Central symbols (PageRank over the call graph) come first among equally good name matches.
      found.add(symbol, (raw ?? Math.min(1, lower.length / symbol.name.length)) * (1 + 4 * Math.sqrt(graph.symbolRank(symbol.id))), tier);
    };
    // A symbol id as the query: that symbol, as an exact match.
    const direct = graph.table.byId.get(q);
    take(direct);
    if (this.seen.length < this.slots.length) this.seen = new Uint32Array(Math.max(1024, this.slots.length * 2));
    if (++this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    const seen = this.seen;
    // In step with this graph, a slot holds the graph's own symbol; otherwise it is looked up by id.
    const inStep = this.synced?.graph === graph && this.synced.version === graph.version;
    const central = this.central;
    let considered = 0;
    const consider = (slot: number, raw?: number) => {
      checkEvery(deadline, considered++, NARROW_QUERY);
      if (seen[slot] === stamp) return;
      seen[slot] = stamp;
      const stored = this.slots[slot];
      if (!stored || stored.id === direct?.id) return;
      if (!inStep) return take(graph.table.byId.get(stored.id), raw);
      if (!filter(stored)) return;
      if (Number.isNaN(central[slot])) central[slot] = 1 + 4 * Math.sqrt(graph.symbolRank(stored.id));
      found.add(stored, (raw ?? Math.min(1, lower.length / stored.name.length)) * central[slot], tier);
    };
    this.names.exact(lower).forEach((slot) => consider(slot));
    tier = MATCH_ORDER.indexOf('prefix');
    if (listed !== undefined && inStep) considered = this.prefixMatches(lower, direct, only, listed, found, considered, deadline);
    else this.names.prefix(lower, (slot) => consider(slot));
    if (words.length) {
      tier = MATCH_ORDER.indexOf('words');
      for (const slot of this.names.withWords(words)) consider(slot);
    }
    tier = MATCH_ORDER.indexOf('substring');
    this.names.substring(lower, (slot) => consider(slot), true);
    // Misspellings: every word of four letters or more within a quarter of its length in edits. Shorter words
    // and prefixes are left out here: they match most of a large workspace and the tiers above cover them.
    const misspelt = identifierTokens(q).filter((t) => t.length >= 4);
    if (found.total < enough && misspelt.length) {
      this.syncFuzzy();
      tier = MATCH_ORDER.indexOf('fuzzy');
      for (const r of this.fuzzy.search(misspelt)) consider(r.slot, r.score);
    }
    if (found.total < enough) {
      // Abbreviations (`mltp` → `multiply`): only names holding every letter of the query can have them in order.
      tier = MATCH_ORDER.indexOf('letters');
      let scanned = 0;
      this.names.withLettersOf(lower, (key) => {
        checkEvery(deadline, scanned++, NARROW_QUERY);
        if (classifyName(key, lower) === 'letters') this.names.idsOf(key).forEach((slot) => consider(slot));
      });
    }
    deadline?.check(NARROW_QUERY);
    found.done();
    return found;
  }

  /**
   * The prefix tier, in step with the graph, for a caller that lists only the `listed` best: every id of the
   * prefix's run is checked (seen, filter) and counted, but only those whose score can be among the `listed` best
   * of the tier are added; the rest are held in `found` (added on demand, for `hit`/`find`). Scores are rounded,
   * then ordered by file and line: everything scoring at least the `listed`-th best raw relevance rounds to is
   * added, so ties are broken as before. Same answers as adding all, without a hit per match. Returns `considered`.
   */
  private prefixMatches(lower: string, direct: IndexedSymbol | undefined, filter: ((s: IndexedSymbol) => boolean) | undefined, listed: number, found: Matches, considered: number, deadline: DeadlineCheck | undefined): number {
    const tier = MATCH_ORDER.indexOf('prefix');
    const { ids, from, to } = this.names.prefixRun(lower);
    const slots = new Int32Array(to - from);
    const raws = new Float64Array(to - from);
    const seen = this.seen;
    const stamp = this.stamp;
    // Every slot's centrality at once (the loop below then reads no symbol unless a filter needs it).
    const central = this.central;
    if (!this.centralFilled) {
      const graph = this.synced!.graph;
      this.slots.forEach((s, slot) => {
        if (s && Number.isNaN(central[slot])) central[slot] = 1 + 4 * Math.sqrt(graph.symbolRank(s.id));
      });
      this.centralFilled = true;
    }
    const nameLength = this.nameLength;
    const q = lower.length;
    let n = 0;
    for (let i = from; i < to; i++) {
      checkEvery(deadline, considered++, NARROW_QUERY);
      const slot = ids[i];
      if (seen[slot] === stamp) continue;
      seen[slot] = stamp;
      const stored = this.slots[slot];
      if (!stored || (direct && stored.id === direct.id) || (filter && !filter(stored))) continue;
      slots[n] = slot;
      raws[n++] = Math.min(1, q / nameLength[slot]) * central[slot];
    }
    // The `listed` largest raw relevances, ascending: best[0] is the least a match needs to be listed.
    const best = new Float64Array(Math.min(listed, n)).fill(-Infinity);
    let top = -Infinity;
    for (let i = 0; i < n; i++) {
      const r = raws[i];
      if (r > top) top = r;
      if (!(r > best[0])) continue;
      let j = 0;
      for (; j + 1 < best.length && best[j + 1] < r; j++) best[j] = best[j + 1];
      best[j] = r;
    }
    const least = n > listed ? matchScore('prefix', best[0] / (top || 1)) : -Infinity;
    // A score is rounded to a thousandth of the range's seventh: a relevance twice that far below best[0] scores less.
    const surelyLess = n > listed ? best[0] - ((2 * MATCH_ORDER.length) / 1000) * (top || 1) : -Infinity;
    const held: number[] = [];
    for (let i = 0; i < n; i++) {
      if (raws[i] > surelyLess && matchScore('prefix', raws[i] / (top || 1)) >= least) found.add(this.slots[slots[i]]!, raws[i], tier);
      else held.push(i);
    }
    if (held.length) found.hold(held.length, () => held.forEach((i) => found.add(this.slots[slots[i]]!, raws[i], tier)));
    return considered;
  }
}

const everything = (): boolean => true;

const NARROW_QUERY = 'Use a longer or more exact name, or filter by kind or lang.';

export interface SymbolResults {
  hits: SymbolHit[];
  /** How many symbols matched in all. */
  total: number;
  /** The hit of a matched symbol (listed or not); undefined when it did not match. */
  hit(id: string): SymbolHit | undefined;
  /** The best matched symbol (in search order) that passes `test`. */
  find(test: (s: IndexedSymbol) => boolean): SymbolHit | undefined;
}

/**
 * The symbols a query matched, in flat arrays (a short query matches tens of thousands at a million lines: one
 * object each was most of the cost, in the collector). A hit object is built only for what is returned.
 */
class Matches {
  readonly symbols: IndexedSymbol[] = [];
  private raw = new Float64Array(64);
  private tier = new Uint8Array(64);
  /** Each tier's best relevance: the score of every hit is relative to it. */
  private readonly best: number[] = [];
  private byId?: Map<string, number>;
  /** Matches counted but not added, none of which can be listed (see prefixMatches): added when every match is needed. */
  private held?: { count: number; add: () => void };

  /** How many matched: added or held. */
  get total(): number {
    return this.symbols.length + (this.held?.count ?? 0);
  }

  hold(count: number, add: () => void): void {
    this.held = { count, add };
  }

  /** Adds the held matches (for a lookup by id or a search over every match); their tier's best is among the added. */
  addHeld(): void {
    const held = this.held;
    if (!held) return;
    this.held = undefined;
    this.byId = undefined;
    held.add();
    this.done();
  }

  add(symbol: IndexedSymbol, raw: number, tier: number): void {
    const i = this.symbols.length;
    if (i === this.raw.length) {
      const r = new Float64Array(i * 2);
      r.set(this.raw);
      this.raw = r;
      const t = new Uint8Array(i * 2);
      t.set(this.tier);
      this.tier = t;
    }
    this.symbols.push(symbol);
    this.raw[i] = raw;
    this.tier[i] = tier;
  }

  /** The position of a matched symbol, by id (the lookup is built on first use: only a host with language servers asks). */
  indexOf(id: string): number | undefined {
    this.addHeld();
    this.byId ??= new Map(this.symbols.map((s, i) => [s.id, i]));
    return this.byId.get(id);
  }

  done(): void {
    for (let i = 0; i < this.symbols.length; i++) if (!(this.best[this.tier[i]] >= this.raw[i])) this.best[this.tier[i]] = this.raw[i];
  }

  score(i: number): number {
    return matchScore(MATCH_ORDER[this.tier[i]], this.raw[i] / (this.best[this.tier[i]] || 1));
  }

  hit(i: number): SymbolHit {
    return { symbol: this.symbols[i], match: MATCH_ORDER[this.tier[i]], score: this.score(i) };
  }

  /** Kind of match, then relevance, then id: the order `search` returns. */
  searchOrder(a: number, b: number): number {
    const x = this.symbols[a].id;
    const y = this.symbols[b].id;
    return this.tier[a] - this.tier[b] || this.raw[b] - this.raw[a] || (x < y ? -1 : x > y ? 1 : 0);
  }

  /** The order search_symbols lists hits in (kind, score, file, line), search order among equals. */
  listOrder(a: number, b: number): number {
    if (this.tier[a] !== this.tier[b]) return this.tier[a] - this.tier[b];
    const x = this.symbols[a];
    const y = this.symbols[b];
    return this.score(b) - this.score(a) || (x.file < y.file ? -1 : x.file > y.file ? 1 : x.lineStart - y.lineStart) || this.searchOrder(a, b);
  }
}

/** Tiers share [0,1] in order, so a better kind of match always scores higher; `within` ranks inside a tier. */
export function matchScore(match: SymbolMatch, within: number): number {
  const t = MATCH_ORDER.length - 1 - MATCH_ORDER.indexOf(match);
  return Math.round(((t + Math.max(0, Math.min(1, within))) / MATCH_ORDER.length) * 1000) / 1000;
}
