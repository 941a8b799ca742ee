import { decodeSegment, docIdAt, lowerBound, mergeSegments, postingBytes, readPostings, type Segment, SegmentBuilder, segmentPieces, termAt, type TextEntry } from './term-segment';
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
  places: { seg: number; docs: Uint32Array }[];
}

export class TextIndex {
  private segments: Segment[] = [];
  /** Query buffers per segment (see score). */
  private scratch: Scratch[] = [];
  /** The current query term's derived terms (see derivedTerms). */
  private readonly derived = new DerivedTerms();
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
    this.hold(decodeSegment(bytes));
  }

  /** Replaces everything with one segment. */
  private hold(s: Segment): void {
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

  /**
   * Does ahead what the first query of a process would (called in idle time once a saved index is loaded): which
   * entries pair with the one before (see pairedWithPrevious), each segment's query buffers, and one query for the
   * term with the most postings of a few across the dictionary, its answer discarded, so that the query's loops are
   * optimised before a search waits for them (the first query ran ~5–10x slower than the next).
   */
  warm(): void {
    this.seal();
    for (const s of this.segments) pairedWithPrevious(s);
    const s = this.segments[0];
    if (!s?.termCount) return;
    let busiest = 0;
    for (let i = 0; i < 64; i++) {
      const t = Math.floor((i * s.termCount) / 64);
      if (postingBytes(s, t) > postingBytes(s, busiest)) busiest = t;
    }
    this.top(termAt(s, busiest), () => true, 20, 1);
  }

  /** Folds every segment and the overlay into one, and returns it serialised (what is saved). */
  encode(): Buffer {
    return Buffer.concat(this.encodePieces());
  }

  /**
   * What `encode` returns, as pieces to be written end to end, views over the one segment the index then holds: the
   * first build's segment is not copied into one buffer and read back (at 1M lines ~18 MB more at the build's peak).
   */
  encodePieces(): Buffer[] {
    this.seal();
    const ownerAlive = (seg: number, k: number) => !!this.owners.get(this.segments[seg].owners[k])?.places.some((p) => p.seg === seg);
    // One segment with nothing dead in it (the first build) is what merging it would make: encoded as it is, not
    // copied term by term first (at 3M lines a second segment's worth of memory, and its postings as objects).
    const whole = this.segments.length === 1 && this.alive[0].every((a) => a === 1) && this.segments[0].owners.every((_, k) => ownerAlive(0, k));
    if (!whole) this.hold(mergeSegments(this.segments, this.alive, ownerAlive));
    this.changedSinceMerge = 0;
    return segmentPieces(this.segments[0]);
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
    const { byOwner, starts } = entriesByOwner(s);
    this.lengthSums[0] += sum(s.titleLen);
    this.lengthSums[1] += sum(s.textLen);
    this.liveDocs += s.docCount;
    s.owners.forEach((o, k) => {
      const docs = byOwner.subarray(starts[k], starts[k + 1]);
      const at = this.owners.get(o);
      // The rest of an owner a search sealed half added (see append).
      if (at && at.version === s.versions[k]) at.places.push({ seg, docs });
      else this.owners.set(o, { version: s.versions[k], places: [{ seg, docs }] });
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
    const avgTitle = this.lengthSums[0] / n;
    const avgText = this.lengthSums[1] / n;
    // The loops over postings and entries are Scratch's small methods, called once per derived term: V8 optimises
    // them after a few calls, where one large function's loops waited for an on-stack replacement compiled in the
    // background (~150–500 ms of the first query of a process on a busy machine, then thrown away at the loop's end).
    for (const q of terms) {
      const u = unique.indexOf(q);
      const derived = this.derivedTerms(q);
      for (let i = 0; i < derived.count; i++) {
        const weight = derived.weights[i];
        // Postings of every segment that has the term, live entries only (into each segment's buffers): title first, then text.
        let dfTitle = 0;
        let dfText = 0;
        for (let seg = 0; seg < segs.length; seg++) {
          const g = segs[seg];
          const t = derived.termIn(i, seg);
          g.listCount = 0;
          if (t < 0) continue;
          g.livePostings(t);
          dfTitle += g.listTitle;
          dfText += g.listCount - g.listTitle;
        }
        // BM25's idf over live entries of every segment, title then text.
        if (dfTitle) {
          const idf = Math.log(1 + (n - dfTitle + 0.5) / (dfTitle + 0.5));
          const factor = weight * FIELD_BOOST[0];
          for (let seg = 0; seg < segs.length; seg++) if (segs[seg].listCount) segs[seg].addScores(0, segs[seg].listTitle, segs[seg].s.titleLen, idf, factor, avgTitle);
        }
        if (dfText) {
          const idf = Math.log(1 + (n - dfText + 0.5) / (dfText + 0.5));
          const factor = weight * FIELD_BOOST[1];
          for (let seg = 0; seg < segs.length; seg++) if (segs[seg].listCount) segs[seg].addScores(segs[seg].listTitle, segs[seg].listCount, segs[seg].s.textLen, idf, factor, avgText);
        }
      }
      // Each query term's scores are summed on their own, then added (MiniSearch's OR combination, same order).
      for (let seg = 0; seg < segs.length; seg++) segs[seg].addTerm(words, u);
    }
    // Entries with a score in the order first scored: `search` sorts them, `top` needs no order.
    return segs.map((g) => g.finish(words));
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
    // Whether a store's entries count, by the id's first byte.
    const takes = new Uint8Array(256);
    for (let b = 0; b < 256; b++) takes[b] = accept(b) ? 1 : 0;
    const counted = new HitCounter(limit, takes);
    for (const { s, hits, scores } of scored) counted.add(s, hits, scores, pairedWithPrevious(s));
    const { best, kept, accepted, total } = counted;
    // The limit-th best plain score: no entry below it divided by maxBoost can reach the best `limit` boosted.
    // (More entries than `limit` kept: the heap's least is then the limit-th best, counting equal scores.)
    const floor = kept === limit && accepted > limit ? best[0] / maxBoost : 0;
    const ids: string[] = [];
    const out: number[] = [];
    for (const { s, hits, scores } of scored) candidatesAbove(s, hits, scores, floor, ids, out);
    return { total, candidates: { ids, scores: out } };
  }

  /**
   * The terms a query term matches, with their weights and where each segment has them (-1: not there): itself,
   * longer terms it starts, terms a few edits away; in the order MiniSearch adds them up. With one segment (the
   * usual case: a loaded index and no edits) terms are found by their bytes and never decoded to strings.
   */
  private derivedTerms(q: string): DerivedTerms {
    const segments = this.segments;
    const out = this.derived.reset(segments.length);
    const prefix = q.length >= 4;
    const maxDistance = q.length >= 6 ? Math.min(MAX_FUZZY, Math.round(q.length * 0.2)) : 0;
    const qBytes = encoder.encode(q);
    segments.forEach((s, seg) => {
      let t = lowerBound(s, q);
      if (t < s.termCount && startsWith(s, t, qBytes) && termLength(s, t) === qBytes.length) out.add(s, seg, t++, 1);
      if (!prefix) return;
      for (; t < s.termCount && startsWith(s, t, qBytes); t++) {
        const length = utf16Length(s, t);
        out.add(s, seg, t, (PREFIX_WEIGHT * length) / (length + 0.3 * (length - q.length)));
      }
    });
    if (maxDistance) {
      segments.forEach((s, seg) => {
        forEachNear(s, q, maxDistance, (t, distance) => {
          // A prefix match is scored as one (MiniSearch drops it from the fuzzy matches).
          if (distance > 0 && !(prefix && startsWith(s, t, qBytes))) {
            const length = utf16Length(s, t);
            out.add(s, seg, t, (FUZZY_WEIGHT * length) / (length + distance));
          }
        });
      });
    }
    return out;
  }
}

/**
 * A segment's entries grouped by owner, in entry order within each (a counting sort): owner k's are
 * byOwner[starts[k], starts[k + 1]). Typed arrays, not an array per owner: a loaded index has 134k entries at a
 * million lines, and this runs before its first query.
 */
function entriesByOwner(s: Segment): { byOwner: Uint32Array; starts: Uint32Array } {
  const starts = new Uint32Array(s.owners.length + 1);
  const owner = s.docOwner;
  for (let d = 0; d < s.docCount; d++) starts[owner[d] + 1]++;
  for (let k = 1; k < starts.length; k++) starts[k] += starts[k - 1];
  const fill = starts.slice(0, s.owners.length);
  const byOwner = new Uint32Array(s.docCount);
  for (let d = 0; d < s.docCount; d++) byOwner[fill[owner[d]]++] = d;
  return { byOwner, starts };
}

/** The sum of a segment's field lengths (integers far below 2^53: exact, whatever the order). */
function sum(lengths: Uint32Array): number {
  let total = 0;
  for (let d = 0; d < lengths.length; d++) total += lengths[d];
  return total;
}

/**
 * The terms a query term matches, in the order they are added up: each one's weight, and its number in each segment
 * (-1: not there). Parallel typed arrays kept from one query term to the next (a prefix as common as `servic` at a
 * million lines derives 10,011 terms, an object each before). With one segment, a term's number is `terms[i]`; with
 * more, the same term is found by its text in each, and `places[i * segments + seg]` says where.
 */
class DerivedTerms {
  count = 0;
  weights = new Float64Array(256);
  terms = new Int32Array(256);
  places = new Int32Array(0);
  segments = 1;
  private byTerm?: Map<string, number>;

  reset(segments: number): this {
    this.count = 0;
    this.segments = segments;
    this.byTerm = segments > 1 ? new Map() : undefined;
    return this;
  }

  /** Term t of segment `seg` (of `s`), with its weight (a term already there from another segment keeps its first). */
  add(s: Segment, seg: number, t: number, weight: number): void {
    const byTerm = this.byTerm;
    if (!byTerm) {
      this.room(this.count + 1);
      this.weights[this.count] = weight;
      this.terms[this.count++] = t;
      return;
    }
    const term = termAt(s, t);
    let i = byTerm.get(term);
    if (i === undefined) {
      i = this.count++;
      this.room(this.count);
      byTerm.set(term, i);
      this.weights[i] = weight;
      this.terms[i] = -1;
      this.places.fill(-1, i * this.segments, (i + 1) * this.segments);
    }
    this.places[i * this.segments + seg] = t;
  }

  /** Term i's number in segment `seg`, -1 if that segment does not have it. */
  termIn(i: number, seg: number): number {
    return this.segments > 1 ? this.places[i * this.segments + seg] : this.terms[i];
  }

  private room(count: number): void {
    if (count > this.weights.length) {
      const weights = new Float64Array(2 * count);
      weights.set(this.weights);
      this.weights = weights;
      const terms = new Int32Array(2 * count);
      terms.set(this.terms);
      this.terms = terms;
    }
    if (this.segments > 1 && count * this.segments > this.places.length) {
      const places = new Int32Array(2 * count * this.segments);
      places.set(this.places);
      this.places = places;
    }
  }
}

/** A sorted term dictionary (a segment's, or the symbol names' of name-fuzzy.ts). */
export type Dictionary = Pick<Segment, 'termCount' | 'termBytes' | 'termOffsets'>;

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

  /** Term t's postings of live entries into `docs`/`tfs`, title first: `listTitle` of them, `listCount` in all. */
  livePostings(t: number): void {
    this.room(postingBytes(this.s, t));
    const read = readPostings(this.s, t, this.docs, this.tfs);
    const { alive, docs, tfs } = this;
    let title = 0;
    let count = 0;
    for (let k = 0; k < read.count; k++) {
      if (!alive[docs[k]]) continue;
      if (k < read.title) title++;
      docs[count] = docs[k];
      tfs[count++] = tfs[k];
    }
    this.listTitle = title;
    this.listCount = count;
  }

  /** BM25 of the postings [from, to) of the current list (one field), added to the current query term's scores. */
  addScores(from: number, to: number, lengths: Uint32Array, idf: number, factor: number, avgLength: number): void {
    const { spec, touched, docs, tfs } = this;
    let touchedCount = this.touchedCount;
    for (let k = from; k < to; k++) {
      const d = docs[k];
      const tf = tfs[k];
      const raw = idf * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * lengths[d]) / avgLength)));
      if (spec[d] === 0) touched[touchedCount++] = d;
      spec[d] += factor * raw;
    }
    this.touchedCount = touchedCount;
  }

  /** Adds query term `u`'s scores (of every term it matched) to the totals, and marks it matched. */
  addTerm(words: number, u: number): void {
    const { total, spec, matched, touched, hits } = this;
    const word = u >>> 5;
    const bit = 1 << (u & 31);
    let hitCount = this.hitCount;
    for (let i = 0; i < this.touchedCount; i++) {
      const d = touched[i];
      if (total[d] === 0) hits[hitCount++] = d;
      total[d] += spec[d];
      spec[d] = 0;
      matched[d * words + word] |= bit;
    }
    this.hitCount = hitCount;
    this.touchedCount = 0;
  }

  /** The query's hits and their scores, each multiplied by how many distinct query terms it matched. */
  finish(words: number): ScoredSegment {
    const { total, matched } = this;
    const hits = this.hits.subarray(0, this.hitCount);
    for (let i = 0; i < hits.length; i++) {
      const d = hits[i];
      let quality = 0;
      for (let w = 0; w < words; w++) quality += bitCount(matched[d * words + w]);
      total[d] *= quality;
    }
    return { s: this.s, hits, scores: total };
  }
}

/**
 * `top`'s pass over the hits: how many distinct citations are taken (a signature and a body of one symbol are
 * neighbours: the pair counts once), and the best `limit` plain scores so far as a min-heap, whose least is the
 * limit-th best once it is full. A hit whose store is not taken has its score zeroed at once: a neighbour that is not
 * taken counts as one that does not match.
 */
class HitCounter {
  readonly best: Float64Array;
  kept = 0;
  accepted = 0;
  total = 0;

  constructor(
    private readonly limit: number,
    private readonly takes: Uint8Array,
  ) {
    this.best = new Float64Array(limit);
  }

  add(s: Segment, hits: Uint32Array, scores: Float64Array, paired: Uint8Array): void {
    const { best, limit, takes } = this;
    const bytes = s.docIdBytes;
    const offsets = s.docIdOffsets;
    let { kept, accepted, total } = this;
    for (let i = 0; i < hits.length; i++) {
      const d = hits[i];
      if (takes[bytes[offsets[d]]] === 0) {
        scores[d] = 0;
        continue;
      }
      accepted++;
      const score = scores[d];
      if (kept < limit) heapPush(best, kept++, score);
      else if (score > best[0]) heapReplaceTop(best, limit, score);
      if (!(paired[d] === 1 && scores[d - 1] > 0 && takes[bytes[offsets[d - 1]]] === 1)) total++;
    }
    this.kept = kept;
    this.accepted = accepted;
    this.total = total;
  }
}

/** The hits scoring above zero and at least `floor`, their ids and scores appended to `ids` and `out`. */
function candidatesAbove(s: Segment, hits: Uint32Array, scores: Float64Array, floor: number, ids: string[], out: number[]): void {
  for (let i = 0; i < hits.length; i++) {
    const d = hits[i];
    if (scores[d] === 0 || scores[d] < floor) continue;
    ids.push(docIdAt(s, d));
    out.push(scores[d]);
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
    markPairs(s.docIdBytes, s.docIdOffsets, paired);
    pairs.set(s, paired);
  }
  return paired;
}

/** paired[d] = 1 for each entry whose id is the same after its store as the one before's (typed arrays only: see score). */
function markPairs(bytes: Uint8Array, offsets: Uint32Array, paired: Uint8Array): void {
  for (let d = 1; d < paired.length; d++) if (sameKey(bytes, offsets, d - 1, d)) paired[d] = 1;
}

/** Whether two entries' ids are the same after their store (`code|x` and `ast_summary|x`). */
function sameKey(bytes: Uint8Array, offsets: Uint32Array, a: number, b: number): boolean {
  const aStart = afterBar(bytes, offsets[a]);
  const bStart = afterBar(bytes, offsets[b]);
  const aEnd = offsets[a + 1];
  const bEnd = offsets[b + 1];
  if (aEnd - aStart !== bEnd - bStart) return false;
  // From the end: neighbours of one file share its path, and their names differ last.
  for (let i = 1; i <= aEnd - aStart; i++) if (bytes[aEnd - i] !== bytes[bEnd - i]) return false;
  return true;
}

/** Where an id's key starts: after its first `|` (a store's name is a few bytes); 0 if there is none, as indexOf + 1. */
function afterBar(bytes: Uint8Array, from: number): number {
  for (let i = from; i < bytes.length; i++) if (bytes[i] === 0x7c) return i + 1;
  return 0;
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
