import type { Resolution } from './denotation';
import type { IndexedSymbol } from './symbol-table';

/** Symbols by id: a Map, or the symbol table's SymbolsById. */
type SymbolsByIdLookup = Pick<ReadonlyMap<string, IndexedSymbol>, 'get' | 'has'>;

/** Where a call is made: file, 1-based line and character. */
export interface CallSite {
  file: string;
  line: number;
  character: number;
}

/** One call edge as tools read it: its most certain resolution and every site of the call. */
export interface CallEdgeData {
  readonly resolution: Resolution;
  readonly confidence: number;
  readonly sites: CallSite[];
}

export type EdgeVisitor = (edge: number, data: CallEdgeData, source: string, target: string) => void;

const NONE = -1;
const TOMBSTONE = -2;
/** An edge's resolution is a byte. */
export const MAX_RESOLUTIONS = 256;

/**
 * The call graph in typed arrays: symbols are numbered (their SymbolTable ordinal), an edge is a number with its
 * ends, resolution, confidence and a chain of sites in parallel arrays, and each symbol's in- and out-edges are
 * linked lists through those arrays. A hash of (from, to) finds an edge while linking. Edges are appended; an edge
 * taken out (a file re-linked in place) leaves a hole until enough holes make a compaction worth it, so every list
 * stays in the order its edges were added, which is the order a graphology graph gave (the figures tools return,
 * ranks included, do not move). About 50 bytes per edge (its hash slot included) and 16 per site, against ~520 per
 * edge as graphology objects.
 *
 * The methods named like graphology's (forEachInEdge, hasDirectedEdge, …) take symbol ids and answer as those did.
 */
export class CallEdges {
  private readonly symbols: readonly IndexedSymbol[];
  private readonly byId: SymbolsByIdLookup;
  /** Site files by number: the sorted file list, the numbering the link snapshot uses too. */
  readonly fileNames: readonly string[];
  private readonly fileIndex: Map<string, number>;
  private readonly resolutions: Resolution[] = [];

  private outHead: Int32Array;
  private outTail: Int32Array;
  private inHead: Int32Array;
  private inTail: Int32Array;

  private edges = 0;
  private live = 0;
  private from = new Int32Array(0);
  private to = new Int32Array(0);
  private resolution = new Uint8Array(0);
  private confidence = new Float64Array(0);
  private firstSite = new Int32Array(0);
  private lastSite = new Int32Array(0);
  private outNext = new Int32Array(0);
  private inNext = new Int32Array(0);
  private inPrev = new Int32Array(0);

  private sites = 0;
  private siteFile = new Int32Array(0);
  private siteLine = new Int32Array(0);
  private siteChar = new Int32Array(0);
  private siteNext = new Int32Array(0);

  /** Open addressing over edge numbers by (from, to); NONE is free, TOMBSTONE a taken-out edge. */
  private slots = new Int32Array(0);
  private slotsUsed = 0;

  constructor(symbols: readonly IndexedSymbol[], byId: SymbolsByIdLookup, fileNames: readonly string[]) {
    this.symbols = symbols;
    this.byId = byId;
    this.fileNames = fileNames;
    this.fileIndex = new Map(fileNames.map((f, i) => [f, i]));
    const n = symbols.length;
    this.outHead = new Int32Array(n).fill(NONE);
    this.outTail = new Int32Array(n).fill(NONE);
    this.inHead = new Int32Array(n).fill(NONE);
    this.inTail = new Int32Array(n).fill(NONE);
    this.allocEdges(64);
    this.allocSites(64);
    this.rehash(128);
  }

  /** Call edges. */
  get size(): number {
    return this.live;
  }

  /** Symbols (nodes). */
  get order(): number {
    return this.symbols.length;
  }

  fileNumber(file: string): number {
    const i = this.fileIndex.get(file);
    if (i === undefined) throw new Error(`CallEdges: ${file} is not a file of this graph`);
    return i;
  }

  resolutionNumber(r: Resolution): number {
    let i = this.resolutions.indexOf(r);
    if (i >= 0) return i;
    if (this.resolutions.length === MAX_RESOLUTIONS) throw new Error(`CallEdges: more than ${MAX_RESOLUTIONS} resolution kinds`);
    return this.resolutions.push(r) - 1;
  }

  /**
   * One call site from `from` into `to` (ordinals): a new edge, or a site appended to the existing one (unless it
   * is the site last added there), which then keeps the more certain resolution.
   */
  addCall(from: number, to: number, resolution: Resolution, confidence: number, file: number, line: number, character: number): void {
    let e = this.find(from, to);
    if (e === NONE) {
      e = this.newEdge(from, to, resolution, confidence);
    } else {
      const last = this.lastSite[e];
      if (last !== NONE && this.siteFile[last] === file && this.siteLine[last] === line && this.siteChar[last] === character) {
        if (confidence > this.confidence[e]) this.setResolution(e, resolution, confidence);
        return;
      }
      if (confidence > this.confidence[e]) this.setResolution(e, resolution, confidence);
    }
    this.appendSite(e, file, line, character);
  }

  /** A new edge with no sites yet (restoring a snapshot; sites follow through appendSite); undefined when the edge is already there. */
  addEdge(from: number, to: number, resolution: Resolution, confidence: number): number | undefined {
    if (this.find(from, to) !== NONE) return undefined;
    return this.newEdge(from, to, resolution, confidence);
  }

  /**
   * Room for `edges` more edges and `sites` more sites, made at once: a restore knows its counts up front, and
   * growing by doubling (copies of every array, rehashes of the slots) was a tenth of a warm start at 1M lines.
   */
  reserve(edges: number, sites: number): void {
    if (this.edges + edges > this.from.length) this.growEdges(this.edges + edges);
    if (this.sites + sites > this.siteFile.length) this.growSites(this.sites + sites);
    if ((this.slotsUsed + edges) * 2 > this.slots.length) this.rehash((this.live + edges) * 2);
  }

  appendSite(e: number, file: number, line: number, character: number): void {
    if (this.sites === this.siteFile.length) this.growSites(this.sites * 2);
    const s = this.sites++;
    this.siteFile[s] = file;
    this.siteLine[s] = line;
    this.siteChar[s] = character;
    this.siteNext[s] = NONE;
    if (this.lastSite[e] === NONE) this.firstSite[e] = s;
    else this.siteNext[this.lastSite[e]] = s;
    this.lastSite[e] = s;
  }

  /** Takes out every edge from the symbol `from` (an ordinal). */
  dropOutEdges(from: number): void {
    for (let e = this.outHead[from]; e !== NONE; e = this.outNext[e]) {
      const to = this.to[e];
      const prev = this.inPrev[e];
      const next = this.inNext[e];
      if (prev === NONE) this.inHead[to] = next;
      else this.inNext[prev] = next;
      if (next === NONE) this.inTail[to] = prev;
      else this.inPrev[next] = prev;
      this.slots[this.slotOf(from, to)] = TOMBSTONE;
      this.from[e] = NONE;
      this.live--;
    }
    this.outHead[from] = NONE;
    this.outTail[from] = NONE;
    // Holes are reclaimed once they outnumber the edges: edits cost amortised O(their edges).
    if (this.edges - this.live > Math.max(this.live, 4096)) this.compact();
  }

  hasNode(id: string): boolean {
    return this.byId.has(id);
  }

  hasDirectedEdge(from: string, to: string): boolean {
    const a = this.byId.get(from);
    const b = this.byId.get(to);
    return a !== undefined && b !== undefined && this.find(a.ordinal, b.ordinal) !== NONE;
  }

  hasEdge(from: string, to: string): boolean {
    return this.hasDirectedEdge(from, to);
  }

  forEachNode(visit: (id: string) => void): void {
    for (const s of this.symbols) visit(s.id);
  }

  /** Every edge, in the order edges were added. */
  forEachEdge(visit: EdgeVisitor): void {
    for (let e = 0; e < this.edges; e++) if (this.from[e] !== NONE) visit(e, this.data(e), this.symbols[this.from[e]].id, this.symbols[this.to[e]].id);
  }

  forEachOutEdge(id: string, visit: EdgeVisitor): void {
    const from = this.node(id);
    for (let e = this.outHead[from]; e !== NONE; e = this.outNext[e]) visit(e, this.data(e), id, this.symbols[this.to[e]].id);
  }

  forEachInEdge(id: string, visit: EdgeVisitor): void {
    const to = this.node(id);
    for (let e = this.inHead[to]; e !== NONE; e = this.inNext[e]) visit(e, this.data(e), this.symbols[this.from[e]].id, id);
  }

  forEachOutNeighbor(id: string, visit: (neighbor: string) => void): void {
    for (let e = this.outHead[this.node(id)]; e !== NONE; e = this.outNext[e]) visit(this.symbols[this.to[e]].id);
  }

  forEachInNeighbor(id: string, visit: (neighbor: string) => void): void {
    for (let e = this.inHead[this.node(id)]; e !== NONE; e = this.inNext[e]) visit(this.symbols[this.from[e]].id);
  }

  outNeighbors(id: string): string[] {
    const out: string[] = [];
    this.forEachOutNeighbor(id, (n) => out.push(n));
    return out;
  }

  inDegree(id: string): number {
    let n = 0;
    for (let e = this.inHead[this.node(id)]; e !== NONE; e = this.inNext[e]) n++;
    return n;
  }

  /** Numbers of edges and sites, for sizing a link snapshot. */
  siteCount(e: number): number {
    let n = 0;
    for (let s = this.firstSite[e]; s !== NONE; s = this.siteNext[s]) n++;
    return n;
  }

  /** Every live edge by number and ordinals, in the order edges were added (what forEachEdge visits). */
  forEachEdgeNumber(visit: (edge: number, from: number, to: number) => void): void {
    for (let e = 0; e < this.edges; e++) if (this.from[e] !== NONE) visit(e, this.from[e], this.to[e]);
  }

  edgeResolution(e: number): Resolution {
    return this.resolutions[this.resolution[e]];
  }

  edgeConfidence(e: number): number {
    return this.confidence[e];
  }

  /** An edge's sites as numbers: file (in fileNames), line, character. */
  forEachSite(e: number, visit: (file: number, line: number, character: number) => void): void {
    for (let s = this.firstSite[e]; s !== NONE; s = this.siteNext[s]) visit(this.siteFile[s], this.siteLine[s], this.siteChar[s]);
  }

  sitesOf(e: number): CallSite[] {
    const out: CallSite[] = [];
    for (let s = this.firstSite[e]; s !== NONE; s = this.siteNext[s]) out.push({ file: this.fileNames[this.siteFile[s]], line: this.siteLine[s], character: this.siteChar[s] });
    return out;
  }

  /**
   * PageRank (damping 0.85, every edge weight 1), computed exactly as graphology-metrics does it on the same
   * graph — same node order, same edge order, same sums — so ranks, and the orders they decide, are unchanged.
   * Throws when it does not converge within `maxIterations`, as that did.
   */
  pageRank(maxIterations: number, tolerance: number): Float64Array {
    const n = this.symbols.length;
    const alpha = 0.85;
    const p = 1 / n;
    const outDegree = new Float64Array(n);
    const dangling: number[] = [];
    for (let i = 0; i < n; i++) {
      for (let e = this.outHead[i]; e !== NONE; e = this.outNext[e]) outDegree[i]++;
      if (outDegree[i] === 0) dangling.push(i);
    }
    // The out-edges as a compact array (CSR): the iterations below read them 50 times.
    const starts = new Int32Array(n + 1);
    const targets = new Int32Array(this.live);
    let at = 0;
    for (let i = 0; i < n; i++) {
      starts[i] = at;
      for (let e = this.outHead[i]; e !== NONE; e = this.outNext[e]) targets[at++] = this.to[e];
    }
    starts[n] = at;
    let x = new Float64Array(n).fill(p);
    for (let iteration = 0; iteration < maxIterations; iteration++) {
      const last = x;
      x = new Float64Array(n);
      let dangleSum = 0;
      for (const i of dangling) dangleSum += last[i];
      dangleSum *= alpha;
      for (let i = 0; i < n; i++) {
        const weight = 1 / outDegree[i];
        for (let j = starts[i]; j < starts[i + 1]; j++) x[targets[j]] += alpha * last[i] * weight;
        x[i] += dangleSum * p + (1 - alpha) * p;
      }
      let error = 0;
      for (let i = 0; i < n; i++) error += Math.abs(x[i] - last[i]);
      if (error < n * tolerance) return x;
    }
    throw new Error('pagerank: failed to converge.');
  }

  private data(e: number): CallEdgeData {
    return new EdgeView(this, e, this.resolutions[this.resolution[e]], this.confidence[e]);
  }

  private node(id: string): number {
    const s = this.byId.get(id);
    if (!s) throw new Error(`CallEdges: no symbol ${JSON.stringify(id)} in the call graph`);
    return s.ordinal;
  }

  private setResolution(e: number, resolution: Resolution, confidence: number): void {
    this.resolution[e] = this.resolutionNumber(resolution);
    this.confidence[e] = confidence;
  }

  private newEdge(from: number, to: number, resolution: Resolution, confidence: number): number {
    // Full of tombstones (re-links) rather than edges: cleared in place, not doubled.
    if ((this.slotsUsed + 1) * 2 > this.slots.length) this.rehash(this.live * 4 > this.slots.length ? this.slots.length * 2 : this.slots.length);
    if (this.edges === this.from.length) this.growEdges(this.edges * 2);
    const e = this.edges++;
    this.live++;
    this.from[e] = from;
    this.to[e] = to;
    this.resolution[e] = this.resolutionNumber(resolution);
    this.confidence[e] = confidence;
    this.firstSite[e] = NONE;
    this.lastSite[e] = NONE;
    this.link(e);
    const slot = this.freeSlot(from, to);
    if (this.slots[slot] === NONE) this.slotsUsed++;
    this.slots[slot] = e;
    return e;
  }

  /** Appends edge `e` to its ends' lists. */
  private link(e: number): void {
    const from = this.from[e];
    const to = this.to[e];
    this.outNext[e] = NONE;
    if (this.outTail[from] === NONE) this.outHead[from] = e;
    else this.outNext[this.outTail[from]] = e;
    this.outTail[from] = e;
    this.inNext[e] = NONE;
    this.inPrev[e] = this.inTail[to];
    if (this.inTail[to] === NONE) this.inHead[to] = e;
    else this.inNext[this.inTail[to]] = e;
    this.inTail[to] = e;
  }

  private find(from: number, to: number): number {
    const slot = this.slotOf(from, to);
    return slot === NONE ? NONE : this.slots[slot];
  }

  /** The slot holding edge (from, to), or NONE. */
  private slotOf(from: number, to: number): number {
    const mask = this.slots.length - 1;
    for (let i = hash(from, to) & mask; ; i = (i + 1) & mask) {
      const e = this.slots[i];
      if (e === NONE) return NONE;
      if (e !== TOMBSTONE && this.from[e] === from && this.to[e] === to) return i;
    }
  }

  /** Where a new edge (from, to) goes: the first tombstone or free slot of its probe. */
  private freeSlot(from: number, to: number): number {
    const mask = this.slots.length - 1;
    for (let i = hash(from, to) & mask; ; i = (i + 1) & mask) if (this.slots[i] === NONE || this.slots[i] === TOMBSTONE) return i;
  }

  private rehash(capacity: number): void {
    let size = 128;
    while (size < capacity || size < this.live * 2 + 2) size *= 2;
    this.slots = new Int32Array(size).fill(NONE);
    this.slotsUsed = 0;
    const mask = size - 1;
    for (let e = 0; e < this.edges; e++) {
      if (this.from[e] === NONE) continue;
      let i = hash(this.from[e], this.to[e]) & mask;
      while (this.slots[i] !== NONE) i = (i + 1) & mask;
      this.slots[i] = e;
      this.slotsUsed++;
    }
  }

  /** Renumbers the live edges and their sites densely, keeping their order (so every list keeps its order). */
  private compact(): void {
    const old = { from: this.from, to: this.to, resolution: this.resolution, confidence: this.confidence, firstSite: this.firstSite };
    const oldSites = { file: this.siteFile, line: this.siteLine, char: this.siteChar, next: this.siteNext };
    const edges = this.edges;
    this.edges = 0;
    this.live = 0;
    this.sites = 0;
    this.allocEdges(Math.max(64, old.from.length >> 1));
    this.allocSites(Math.max(64, oldSites.file.length >> 1));
    this.outHead.fill(NONE);
    this.outTail.fill(NONE);
    this.inHead.fill(NONE);
    this.inTail.fill(NONE);
    for (let o = 0; o < edges; o++) {
      if (old.from[o] === NONE) continue;
      const e = this.edges++;
      this.live++;
      if (e === this.from.length) this.growEdges(e * 2);
      this.from[e] = old.from[o];
      this.to[e] = old.to[o];
      this.resolution[e] = old.resolution[o];
      this.confidence[e] = old.confidence[o];
      this.firstSite[e] = NONE;
      this.lastSite[e] = NONE;
      this.link(e);
      for (let s = old.firstSite[o]; s !== NONE; s = oldSites.next[s]) this.appendSite(e, oldSites.file[s], oldSites.line[s], oldSites.char[s]);
    }
    this.rehash(this.live * 2);
  }

  /** Fresh, empty edge arrays (compaction reads the old ones while it fills these). */
  private allocEdges(capacity: number): void {
    this.from = new Int32Array(0);
    this.to = new Int32Array(0);
    this.resolution = new Uint8Array(0);
    this.confidence = new Float64Array(0);
    this.firstSite = new Int32Array(0);
    this.lastSite = new Int32Array(0);
    this.outNext = new Int32Array(0);
    this.inNext = new Int32Array(0);
    this.inPrev = new Int32Array(0);
    this.growEdges(capacity);
  }

  private allocSites(capacity: number): void {
    this.siteFile = new Int32Array(0);
    this.siteLine = new Int32Array(0);
    this.siteChar = new Int32Array(0);
    this.siteNext = new Int32Array(0);
    this.growSites(capacity);
  }

  private growEdges(capacity: number): void {
    const n = Math.max(capacity, 64);
    this.from = grow(this.from, n, Int32Array);
    this.to = grow(this.to, n, Int32Array);
    this.resolution = grow(this.resolution, n, Uint8Array);
    this.confidence = grow(this.confidence, n, Float64Array);
    this.firstSite = grow(this.firstSite, n, Int32Array);
    this.lastSite = grow(this.lastSite, n, Int32Array);
    this.outNext = grow(this.outNext, n, Int32Array);
    this.inNext = grow(this.inNext, n, Int32Array);
    this.inPrev = grow(this.inPrev, n, Int32Array);
  }

  private growSites(capacity: number): void {
    const n = Math.max(capacity, 64);
    this.siteFile = grow(this.siteFile, n, Int32Array);
    this.siteLine = grow(this.siteLine, n, Int32Array);
    this.siteChar = grow(this.siteChar, n, Int32Array);
    this.siteNext = grow(this.siteNext, n, Int32Array);
  }
}

/** What a visitor gets for one edge: resolution and confidence read at the visit, sites built when asked for. */
class EdgeView implements CallEdgeData {
  constructor(
    private readonly edges: CallEdges,
    private readonly edge: number,
    readonly resolution: Resolution,
    readonly confidence: number,
  ) {}

  get sites(): CallSite[] {
    return this.edges.sitesOf(this.edge);
  }

  toJSON(): { resolution: Resolution; confidence: number; sites: CallSite[] } {
    return { resolution: this.resolution, confidence: this.confidence, sites: this.sites };
  }
}

type TypedArray = Int32Array | Uint8Array | Float64Array;

function grow<T extends TypedArray>(array: T, capacity: number, make: new (n: number) => T): T {
  if (array.length >= capacity) return array;
  const next = new make(capacity);
  next.set(array);
  return next;
}

function hash(from: number, to: number): number {
  let h = Math.imul(from, 0x9e3779b1) ^ to;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}
