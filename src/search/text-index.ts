import { decodeSegment, docIdAt, encodeSegment, lowerBound, mergeSegments, postingBytes, readPostings, type Segment, SegmentBuilder, termAt, type TextEntry } from './term-segment';
import { textTerms } from './tokenize';

/**
 * The BM25 text index behind `retrieve` and `collection_search`: segments of typed arrays (term-segment.ts) plus
 * what is alive in them. A persisted index is loaded as one segment (views over the file's bytes, nothing decoded
 * until a query names a term); a changed owner's entries are marked dead where they were and its new entries go to
 * a small segment of their own (the overlay); `merged` folds everything into one segment again, which is what is
 * saved.
 *
 * Scoring is MiniSearch's, which this replaced, so answers did not change: BM25+ (k 1.2, b 0.7, d 0.5) per field,
 * title weighted 2, over identifier-aware stemmed terms; each query term also matches longer terms it starts
 * (4+ characters, weight 0.375·len/(len + 0.3·extra)) and, from 6 characters, terms within an edit distance of a
 * fifth of its length (weight 0.45·len/(len + distance)); a hit's score is multiplied by how many distinct query
 * terms it matched. `test/unit/text-index.test.ts` checks the answers against MiniSearch itself.
 */

const K = 1.2;
const B = 0.7;
const D = 0.5;
const FIELD_BOOST = [2, 1] as const;
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const MAX_FUZZY = 6;

/** Every entry that matches, with its score, in no particular order. */
export interface RawHits {
  ids: string[];
  scores: number[];
}

export type { TextEntry } from './term-segment';

interface OwnerAt {
  version: string;
  /** Where its entries are: segments and entry numbers in each (more than one if a search sealed it half added). */
  places: { seg: number; docs: number[] }[];
}

export class TextIndex {
  private segments: Segment[] = [];
  /** Query buffers per segment (see score). */
  private scratch: Scratch[] = [];
  private alive: Uint8Array[] = [];
  private owners = new Map<string, OwnerAt>();
  private pending = new SegmentBuilder();
  private pendingOwners = new Map<string, string>();
  private liveDocs = 0;
  private lengthSums = [0, 0];
  /** Entries added or removed since the last load or merge: what a save would fold in. */
  changedSinceMerge = 0;

  get entryCount(): number {
    return this.liveDocs + this.pending.docCount;
  }

  /** Whether `owner`'s entries were built from `version`. */
  isCurrent(owner: string, version: string): boolean {
    return (this.pendingOwners.get(owner) ?? this.owners.get(owner)?.version) === version;
  }

  ownersWithPrefix(prefix: string): string[] {
    return [...new Set([...this.owners.keys(), ...this.pendingOwners.keys()])].filter((o) => o.startsWith(prefix));
  }

  replace(owner: string, version: string, entries: readonly TextEntry[]): void {
    this.remove(owner);
    this.pending.add(owner, version, entries);
    this.pendingOwners.set(owner, version);
    this.changedSinceMerge += entries.length + 1;
  }

  /** More entries of the owner `replace` was last called for (a long list, added a batch at a time). */
  append(owner: string, version: string, entries: readonly TextEntry[]): void {
    if (!this.isCurrent(owner, version)) throw new Error(`append to ${owner}, which is not the owner being replaced`);
    this.pendingOwners.set(owner, version);
    this.pending.add(owner, version, entries);
    this.changedSinceMerge += entries.length;
  }

  remove(owner: string): void {
    if (this.pendingOwners.has(owner)) this.seal();
    const at = this.owners.get(owner);
    if (!at) return;
    for (const { seg, docs } of at.places) {
      const alive = this.alive[seg];
      const s = this.segments[seg];
      for (const d of docs) {
        if (!alive[d]) continue;
        alive[d] = 0;
        this.liveDocs--;
        this.lengthSums[0] -= s.titleLen[d];
        this.lengthSums[1] -= s.textLen[d];
      }
      this.changedSinceMerge += docs.length;
    }
    this.owners.delete(owner);
    this.changedSinceMerge++;
  }

  /** Replaces everything with a persisted segment (see `encode`). Throws if the bytes are not one. */
  load(bytes: Buffer): void {
    const s = decodeSegment(bytes);
    this.segments = [];
    this.alive = [];
    this.owners.clear();
    this.pending = new SegmentBuilder();
    this.pendingOwners.clear();
    this.liveDocs = 0;
    this.lengthSums = [0, 0];
    this.adopt(s);
    this.changedSinceMerge = 0;
  }

  /** Folds every segment and the overlay into one, and returns it serialised (what is saved). */
  encode(): Buffer {
    this.seal();
    const ownerAlive = (seg: number, k: number) => !!this.owners.get(this.segments[seg].owners[k])?.places.some((p) => p.seg === seg);
    // One segment with nothing dead in it (the first build) is what merging it would make: encoded as it is, not
    // copied term by term first (at 3M lines a second segment's worth of memory, and its postings as objects).
    const whole = this.segments.length === 1 && this.alive[0].every((a) => a === 1) && this.segments[0].owners.every((_, k) => ownerAlive(0, k));
    const merged = whole ? this.segments[0] : mergeSegments(this.segments, this.alive, ownerAlive);
    const bytes = encodeSegment(merged);
    this.load(bytes);
    return bytes;
  }

  private seal(): void {
    if (!this.pendingOwners.size) return;
    const s = this.pending.seal();
    this.pending = new SegmentBuilder();
    this.pendingOwners.clear();
    this.adopt(s);
  }

  private adopt(s: Segment): void {
    const seg = this.segments.length;
    this.segments.push(s);
    this.alive.push(new Uint8Array(s.docCount).fill(1));
    const docs: number[][] = s.owners.map(() => []);
    for (let d = 0; d < s.docCount; d++) {
      docs[s.docOwner[d]].push(d);
      this.lengthSums[0] += s.titleLen[d];
      this.lengthSums[1] += s.textLen[d];
    }
    this.liveDocs += s.docCount;
    s.owners.forEach((o, k) => {
      const at = this.owners.get(o);
      // The rest of an owner a search sealed half added (see append).
      if (at && at.version === s.versions[k]) at.places.push({ seg, docs: docs[k] });
      else this.owners.set(o, { version: s.versions[k], places: [{ seg, docs: docs[k] }] });
    });
  }

  /**
   * Every entry that matches, with its score: `search` and `top` read this, before the next query reuses the arrays
   * (per segment, kept between queries: allocating ~3 MB per query at a million lines made the collector the
   * largest part of a slow query).
   */
  private score(query: string): ScoredSegment[] {
    this.seal();
    const terms = textTerms(query).filter(Boolean);
    const unique = [...new Set(terms)];
    const words = Math.ceil(unique.length / 32);
    const segs = this.scratchFor(words);
    const n = this.liveDocs;
    const avg = [this.lengthSums[0] / n, this.lengthSums[1] / n];
    for (const q of terms) {
      const u = unique.indexOf(q);
      for (const { weight, t: only, places } of this.derivedTerms(q)) {
        // Postings of every segment that has the term, live entries only (into each segment's buffers): title first, then text.
        const df = [0, 0];
        for (let seg = 0; seg < segs.length; seg++) {
          const g = segs[seg];
          const t = places ? places[seg] : only;
          g.listCount = 0;
          if (t < 0) continue;
          g.room(postingBytes(g.s, t));
          const read = readPostings(g.s, t, g.docs, g.tfs);
          const { alive, docs, tfs } = g;
          let title = 0;
          let count = 0;
          for (let k = 0; k < read.count; k++) {
            if (!alive[docs[k]]) continue;
            if (k < read.title) title++;
            docs[count] = docs[k];
            tfs[count++] = tfs[k];
          }
          g.listTitle = title;
          g.listCount = count;
          df[0] += title;
          df[1] += count - title;
        }
        for (const field of [0, 1] as const) {
          if (!df[field]) continue;
          // BM25's idf over live entries of every segment.
          const idf = Math.log(1 + (n - df[field] + 0.5) / (df[field] + 0.5));
          const factor = weight * FIELD_BOOST[field];
          const avgLength = avg[field];
          for (const g of segs) {
            if (!g.listCount) continue;
            const { s, spec, touched, docs: ds, tfs: fs } = g;
            const lengths = field === 0 ? s.titleLen : s.textLen;
            const from = field === 0 ? 0 : g.listTitle;
            const to = field === 0 ? g.listTitle : g.listCount;
            for (let k = from; k < to; k++) {
              const d = ds[k];
              const tf = fs[k];
              const raw = idf * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * lengths[d]) / avgLength)));
              if (spec[d] === 0) touched[g.touchedCount++] = d;
              spec[d] += factor * raw;
            }
          }
        }
      }
      // Each query term's scores are summed on their own, then added (MiniSearch's OR combination, same order).
      for (const g of segs) {
        const { total, spec, matched, touched } = g;
        for (let i = 0; i < g.touchedCount; i++) {
          const d = touched[i];
          if (total[d] === 0) g.hits[g.hitCount++] = d;
          total[d] += spec[d];
          spec[d] = 0;
          matched[d * words + (u >>> 5)] |= 1 << (u & 31);
        }
        g.touchedCount = 0;
      }
    }
    return segs.map((g) => {
      const { total, matched } = g;
      // In the order first scored: `search` sorts them, `top` needs no order.
      const hits = g.hits.subarray(0, g.hitCount);
      for (const d of hits) {
        let quality = 0;
        for (let w = 0; w < words; w++) quality += bitCount(matched[d * words + w]);
        total[d] *= quality;
      }
      return { s: g.s, hits, scores: total };
    });
  }

  /**
   * Each segment's query buffers, cleared of the last query's marks (only where it left them), with room for
   * `words` words of matched query terms per entry.
   */
  private scratchFor(words: number): Scratch[] {
    const segs = this.segments;
    if (this.scratch.length !== segs.length || this.scratch.some((g, i) => g.s !== segs[i])) this.scratch = segs.map((s, i) => new Scratch(s, this.alive[i]));
    for (const g of this.scratch) g.reset(words);
    return this.scratch;
  }

  /** Every entry that matches (of the stores `accept` takes, by the first byte of the id), with its score. */
  search(query: string, accept: (storeByte: number) => boolean = () => true): RawHits {
    const ids: string[] = [];
    const scores: number[] = [];
    for (const { s, hits, scores: total } of this.score(query)) {
      // In entry order, as a scan of every entry would list them.
      for (const d of hits.sort()) {
        if (!accept(s.docIdBytes[s.docIdOffsets[d]])) continue;
        ids.push(docIdAt(s, d));
        scores.push(total[d]);
      }
    }
    return { ids, scores };
  }

  /**
   * What a ranked answer needs without turning every hit into a string: how many distinct citations match (an
   * entry and the one before it with the same key after the store, a symbol's signature and body, count once), and
   * the entries that can still be among the best `limit` once each score is multiplied by a boost of at most
   * `maxBoost`. `store` is an entry's first id byte (c, a, r, w); `accept` says which count.
   */
  top(query: string, accept: (storeByte: number) => boolean, limit: number, maxBoost: number): { total: number; candidates: RawHits } {
    const scored = this.score(query);
    let total = 0;
    // The best `limit` plain scores so far, as a min-heap: its least is the limit-th best once it is full.
    const best = new Float64Array(limit);
    let kept = 0;
    let accepted = 0;
    // Whether a store's entries count, by the id's first byte (-1: not asked yet).
    const takes = new Int8Array(256).fill(-1);
    const ok = (s: Segment, d: number) => {
      const b = s.docIdBytes[s.docIdOffsets[d]];
      if (takes[b] < 0) takes[b] = accept(b) ? 1 : 0;
      return takes[b] === 1;
    };
    for (const { s, hits, scores } of scored) {
      const paired = pairedWithPrevious(s);
      for (const d of hits) {
        // Zeroed at once: a neighbour that is not taken counts as one that does not match (the test below).
        if (!ok(s, d)) {
          scores[d] = 0;
          continue;
        }
        accepted++;
        if (kept < limit) heapPush(best, kept++, scores[d]);
        else if (scores[d] > best[0]) heapReplaceTop(best, limit, scores[d]);
        // A signature and a body of one symbol are neighbours: the pair counts once.
        if (!(paired[d] === 1 && scores[d - 1] > 0 && ok(s, d - 1))) total++;
      }
    }
    // The limit-th best plain score: no entry below it divided by maxBoost can reach the best `limit` boosted.
    // (More entries than `limit` kept: the heap's least is then the limit-th best, counting equal scores.)
    const floor = kept === limit && accepted > limit ? best[0] / maxBoost : 0;
    const ids: string[] = [];
    const out: number[] = [];
    for (const { s, hits, scores } of scored) {
      for (const d of hits) {
        if (scores[d] === 0 || scores[d] < floor) continue;
        ids.push(docIdAt(s, d));
        out.push(scores[d]);
      }
    }
    return { total, candidates: { ids, scores: out } };
  }

  /**
   * The terms a query term matches, with their weights and where each segment has them (-1: not there): itself,
   * longer terms it starts, terms a few edits away; in the order MiniSearch adds them up. With one segment (the
   * usual case: a loaded index and no edits) terms are found by their bytes and never decoded to strings.
   */
  private derivedTerms(q: string): Derived[] {
    const n = this.segments.length;
    const out: Derived[] = [];
    const byTerm = n > 1 ? new Map<string, Derived>() : undefined;
    const at = (seg: number, t: number, weight: number) => {
      if (!byTerm) return void out.push({ weight, t });
      const term = termAt(this.segments[seg], t);
      let found = byTerm.get(term);
      if (!found) {
        byTerm.set(term, (found = { weight, t: -1, places: new Int32Array(n).fill(-1) }));
        out.push(found);
      }
      found.places![seg] = t;
    };
    const prefix = q.length >= 4;
    const maxDistance = q.length >= 6 ? Math.min(MAX_FUZZY, Math.round(q.length * 0.2)) : 0;
    const qBytes = encoder.encode(q);
    this.segments.forEach((s, seg) => {
      let t = lowerBound(s, q);
      if (t < s.termCount && startsWith(s, t, qBytes) && termLength(s, t) === qBytes.length) at(seg, t++, 1);
      if (!prefix) return;
      for (; t < s.termCount && startsWith(s, t, qBytes); t++) {
        const length = utf16Length(s, t);
        at(seg, t, (PREFIX_WEIGHT * length) / (length + 0.3 * (length - q.length)));
      }
    });
    if (maxDistance) {
      this.segments.forEach((s, seg) => {
        forEachNear(s, q, maxDistance, (t, distance) => {
          // A prefix match is scored as one (MiniSearch drops it from the fuzzy matches).
          if (distance > 0 && !(prefix && startsWith(s, t, qBytes))) {
            const length = utf16Length(s, t);
            at(seg, t, (FUZZY_WEIGHT * length) / (length + distance));
          }
        });
      });
    }
    return out;
  }
}

/** A sorted term dictionary (a segment's, or the symbol names' of name-fuzzy.ts). */
export type Dictionary = Pick<Segment, 'termCount' | 'termBytes' | 'termOffsets'>;

/** A term a query term matches: its weight, and its number in each segment (-1: not there); with one segment, `t`. */
interface Derived {
  weight: number;
  t: number;
  places?: Int32Array;
}

const encoder = new TextEncoder();

function termLength(s: Segment, t: number): number {
  return s.termOffsets[t + 1] - s.termOffsets[t];
}

/** Whether term t's UTF-8 starts with `prefix` (the same as its string starting with the prefix's string). */
function startsWith(s: Segment, t: number, prefix: Uint8Array): boolean {
  const from = s.termOffsets[t];
  if (s.termOffsets[t + 1] - from < prefix.length) return false;
  const bytes = s.termBytes;
  for (let i = 0; i < prefix.length; i++) if (bytes[from + i] !== prefix[i]) return false;
  return true;
}

/** Term t's length in UTF-16 code units (what MiniSearch's weights count): its byte length when it is ASCII. */
function utf16Length(s: Segment, t: number): number {
  const from = s.termOffsets[t];
  const to = s.termOffsets[t + 1];
  for (let i = from; i < to; i++) if (s.termBytes[i] >= 0x80) return termAt(s, t).length;
  return to - from;
}

interface ScoredSegment {
  s: Segment;
  /** Entries with a score, in no particular order. */
  hits: Uint32Array;
  /** Score by entry number. */
  scores: Float64Array;
}

/**
 * One segment's buffers for a query: scores (per query term and in all), which query terms each entry matched, the
 * entries touched, and the current term's live postings. Kept between queries and cleared where the last one wrote.
 */
class Scratch {
  readonly total: Float64Array;
  readonly spec: Float64Array;
  matched: Uint32Array;
  readonly touched: Uint32Array;
  touchedCount = 0;
  /** Entries with a score, in the order first scored (sorted when the query ends). */
  readonly hits: Uint32Array;
  hitCount = 0;
  docs = new Uint32Array(256);
  tfs = new Uint32Array(256);
  listTitle = 0;
  listCount = 0;
  private words = 1;

  constructor(
    readonly s: Segment,
    readonly alive: Uint8Array,
  ) {
    this.total = new Float64Array(s.docCount);
    this.spec = new Float64Array(s.docCount);
    this.matched = new Uint32Array(s.docCount);
    this.touched = new Uint32Array(s.docCount);
    this.hits = new Uint32Array(s.docCount);
  }

  reset(words: number): void {
    for (let i = 0; i < this.hitCount; i++) {
      const d = this.hits[i];
      this.total[d] = 0;
      for (let w = 0; w < this.words; w++) this.matched[d * this.words + w] = 0;
    }
    this.hitCount = 0;
    this.touchedCount = 0;
    if (words !== this.words) {
      if (words > this.words) this.matched = new Uint32Array(this.s.docCount * words);
      else this.matched.fill(0);
      this.words = words;
    }
  }

  /** Room for a term's postings (at most one per byte). */
  room(bytes: number): void {
    if (this.docs.length >= bytes) return;
    this.docs = new Uint32Array(bytes);
    this.tfs = new Uint32Array(bytes);
  }
}

function heapPush(heap: Float64Array, size: number, v: number): void {
  let i = size;
  heap[i] = v;
  while (i > 0) {
    const up = (i - 1) >> 1;
    if (heap[up] <= heap[i]) break;
    [heap[up], heap[i]] = [heap[i], heap[up]];
    i = up;
  }
}

function heapReplaceTop(heap: Float64Array, size: number, v: number): void {
  heap[0] = v;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let least = i;
    if (l < size && heap[l] < heap[least]) least = l;
    if (r < size && heap[r] < heap[least]) least = r;
    if (least === i) return;
    [heap[least], heap[i]] = [heap[i], heap[least]];
    i = least;
  }
}

/**
 * Per entry, 1 when its id is the same after the store as the entry before's (see sameKey): a fact of the segment,
 * not of the query, so found once per segment (at a million lines, comparing the ids of every hit's neighbours
 * was ~20% of a `retrieve` query's time).
 */
const pairs = new WeakMap<Segment, Uint8Array>();

function pairedWithPrevious(s: Segment): Uint8Array {
  let paired = pairs.get(s);
  if (!paired) {
    paired = new Uint8Array(s.docCount);
    for (let d = 1; d < s.docCount; d++) if (sameKey(s, d - 1, d)) paired[d] = 1;
    pairs.set(s, paired);
  }
  return paired;
}

/** Whether two entries' ids are the same after their store (`code|x` and `ast_summary|x`). */
function sameKey(s: Segment, a: number, b: number): boolean {
  const bytes = s.docIdBytes;
  const aStart = bytes.indexOf(0x7c, s.docIdOffsets[a]) + 1;
  const bStart = bytes.indexOf(0x7c, s.docIdOffsets[b]) + 1;
  const aLength = s.docIdOffsets[a + 1] - aStart;
  if (aLength !== s.docIdOffsets[b + 1] - bStart) return false;
  for (let i = 0; i < aLength; i++) if (bytes[aStart + i] !== bytes[bStart + i]) return false;
  return true;
}

function bitCount(x: number): number {
  let c = 0;
  for (let v = x >>> 0; v; v &= v - 1) c++;
  return c;
}

/**
 * Every term of the segment within `max` edits (Levenshtein, in UTF-16 code units as MiniSearch counts) of `q`, in
 * dictionary order. For an ASCII query the sorted dictionary is walked as a trie: a term shares the rows of the
 * distance table computed for the terms before it as far as their bytes agree, and once every cell of a row is above
 * `max`, no term starting with those bytes can match, so the whole run of them is skipped (a binary search). Terms
 * with non-ASCII bytes are decoded and compared on their own.
 */
export function forEachNear(s: Dictionary, q: string, max: number, found: (t: number, distance: number) => void): void {
  if (!/^[\x00-\x7f]*$/.test(q)) return forEachNearDecoded(s, q, max, found);
  const m = q.length;
  const width = m + 1;
  const qBytes = Uint8Array.from(q, (c) => c.charCodeAt(0));
  const longest = m + max;
  // rows[j * width + i]: edits between the first j bytes of the current term and the first i of the query.
  const rows = new Uint32Array((longest + 1) * width);
  for (let i = 0; i <= m; i++) rows[i] = i;
  const bytes = s.termBytes;
  const offsets = s.termOffsets;
  const codes = new Uint16Array(64);
  const spare = [new Uint32Array(64 + m), new Uint32Array(64 + m)];
  /** Rows 1..valid hold the table of the first `valid` bytes of the term at `prevFrom`. */
  let valid = 0;
  let prevFrom = 0;
  let t = 0;
  while (t < s.termCount) {
    const from = offsets[t];
    const len = offsets[t + 1] - from;
    let ascii = true;
    for (let i = from; i < from + len; i++) if (bytes[i] >= 0x80) ascii = false;
    if (!ascii) {
      const term = termAt(s, t);
      if (Math.abs(term.length - m) <= max) {
        const c = term.length <= codes.length ? codes : new Uint16Array(term.length);
        for (let i = 0; i < term.length; i++) c[i] = term.charCodeAt(i);
        const a = term.length + 1 > spare[0].length ? new Uint32Array(term.length + 1) : spare[0];
        const b = term.length + 1 > spare[1].length ? new Uint32Array(term.length + 1) : spare[1];
        const d = distance(qBytes, c, 0, term.length, max, a, b);
        if (d <= max) found(t, d);
      }
      t++;
      continue;
    }
    let j = 0;
    const shared = Math.min(valid, len);
    while (j < shared && bytes[prevFrom + j] === bytes[from + j]) j++;
    const upto = Math.min(len, longest);
    let dead = 0;
    for (j++; j <= upto; j++) {
      const row = j * width;
      const up = row - width;
      const c = bytes[from + j - 1];
      let least = j;
      rows[row] = j;
      for (let i = 1; i <= m; i++) {
        const v = Math.min(rows[up + i] + 1, rows[row + i - 1] + 1, rows[up + i - 1] + (qBytes[i - 1] === c ? 0 : 1));
        rows[row + i] = v;
        if (v < least) least = v;
      }
      if (least > max) {
        dead = j;
        break;
      }
    }
    prevFrom = from;
    if (dead) {
      // No term that starts with these `dead` bytes is within reach: skip them all.
      valid = dead - 1;
      let lo = t + 1;
      let hi = s.termCount;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sharesBytes(s, mid, from, dead)) lo = mid + 1;
        else hi = mid;
      }
      t = lo;
      continue;
    }
    valid = upto;
    if (len <= longest) {
      const d = rows[len * width + m];
      if (d <= max) found(t, d);
    }
    t++;
  }
}

/** Whether term t starts with the `count` bytes at `from` of the term bytes. */
function sharesBytes(s: Dictionary, t: number, from: number, count: number): boolean {
  const at = s.termOffsets[t];
  if (s.termOffsets[t + 1] - at < count) return false;
  for (let i = 0; i < count; i++) if (s.termBytes[at + i] !== s.termBytes[from + i]) return false;
  return true;
}

/** forEachNear for a query with non-ASCII characters: every term within reach of its length decoded and compared. */
function forEachNearDecoded(s: Dictionary, q: string, max: number, found: (t: number, distance: number) => void): void {
  const qCodes = Uint16Array.from(q, (c) => c.charCodeAt(0));
  for (let t = 0; t < s.termCount; t++) {
    const len = s.termOffsets[t + 1] - s.termOffsets[t];
    // A UTF-16 length is at most the UTF-8 length.
    if (len + max < q.length) continue;
    const term = termAt(s, t);
    if (Math.abs(term.length - q.length) > max) continue;
    const codes = Uint16Array.from(term, (c) => c.charCodeAt(0));
    const d = distance(qCodes, codes, 0, codes.length, max, new Uint32Array(codes.length + 1), new Uint32Array(codes.length + 1));
    if (d <= max) found(t, d);
  }
}

/** Levenshtein distance of `q` and `t[from, from + len)`, or max + 1 once it must exceed max. */
function distance(q: ArrayLike<number>, t: ArrayLike<number>, from: number, len: number, max: number, prev: Uint32Array, cur: Uint32Array): number {
  for (let j = 0; j <= len; j++) prev[j] = j;
  for (let i = 1; i <= q.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const qc = q[i - 1];
    for (let j = 1; j <= len; j++) {
      const cost = qc === t[from + j - 1] ? 0 : 1;
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    for (let j = 0; j <= len; j++) prev[j] = cur[j];
  }
  return prev[len];
}
