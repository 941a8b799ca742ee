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
    const merged = mergeSegments(this.segments, this.alive, (seg, k) => !!this.owners.get(this.segments[seg].owners[k])?.places.some((p) => p.seg === seg));
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

  /** Every entry that matches, with its score: `search` and `top` read this. */
  private score(query: string): ScoredSegment[] {
    this.seal();
    const terms = textTerms(query).filter(Boolean);
    const unique = [...new Set(terms)];
    const words = Math.ceil(unique.length / 32);
    const segs = this.segments.map((s, i) => ({
      s,
      alive: this.alive[i],
      total: new Float64Array(s.docCount),
      spec: new Float64Array(s.docCount),
      matched: new Uint32Array(s.docCount * words),
      /** Entries the current query term touched (the first `touchedCount`). */
      touched: new Uint32Array(s.docCount),
      touchedCount: 0,
    }));
    const n = this.liveDocs;
    const avg = [this.lengthSums[0] / n, this.lengthSums[1] / n];
    let docs = new Uint32Array(256);
    let tfs = new Uint32Array(256);
    for (const q of terms) {
      const u = unique.indexOf(q);
      for (const { weight, places } of this.derivedTerms(q).values()) {
        // Postings of every segment that has the term, live entries only: title first, then text.
        const lists: { seg: number; title: number; count: number; docs: Uint32Array; tfs: Uint32Array }[] = [];
        const df = [0, 0];
        places.forEach((t, seg) => {
          if (t < 0) return;
          const room = postingBytes(segs[seg].s, t);
          if (docs.length < room) {
            docs = new Uint32Array(room);
            tfs = new Uint32Array(room);
          }
          const read = readPostings(segs[seg].s, t, docs, tfs);
          const alive = segs[seg].alive;
          const keep = { seg, title: 0, count: 0, docs: new Uint32Array(read.count), tfs: new Uint32Array(read.count) };
          for (let k = 0; k < read.count; k++) {
            if (!alive[docs[k]]) continue;
            if (k < read.title) keep.title++;
            keep.docs[keep.count] = docs[k];
            keep.tfs[keep.count++] = tfs[k];
          }
          df[0] += keep.title;
          df[1] += keep.count - keep.title;
          lists.push(keep);
        });
        for (const field of [0, 1] as const) {
          if (!df[field]) continue;
          // BM25's idf over live entries of every segment.
          const idf = Math.log(1 + (n - df[field] + 0.5) / (df[field] + 0.5));
          const factor = weight * FIELD_BOOST[field];
          const avgLength = avg[field];
          for (const { seg, title, count, docs: ds, tfs: fs } of lists) {
            const g = segs[seg];
            const { s, spec, touched } = g;
            const lengths = field === 0 ? s.titleLen : s.textLen;
            const [from, to] = field === 0 ? [0, title] : [title, count];
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
          total[d] += spec[d];
          spec[d] = 0;
          matched[d * words + (u >>> 5)] |= 1 << (u & 31);
        }
        g.touchedCount = 0;
      }
    }
    return segs.map(({ s, total, matched }) => {
      const hits: number[] = [];
      for (let d = 0; d < s.docCount; d++) {
        if (total[d] === 0) continue;
        let quality = 0;
        for (let w = 0; w < words; w++) quality += bitCount(matched[d * words + w]);
        total[d] *= quality;
        hits.push(d);
      }
      return { s, hits, scores: total };
    });
  }

  /** Every entry that matches (of the stores `accept` takes, by the first byte of the id), with its score. */
  search(query: string, accept: (storeByte: number) => boolean = () => true): RawHits {
    const ids: string[] = [];
    const scores: number[] = [];
    for (const { s, hits, scores: total } of this.score(query)) {
      for (const d of hits) {
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
    const kept: number[] = [];
    for (const { s, hits, scores } of scored) {
      let prevHit = -2;
      let prevAccepted = false;
      for (const d of hits) {
        const ok = accept(s.docIdBytes[s.docIdOffsets[d]]);
        if (!ok) scores[d] = 0;
        else {
          kept.push(scores[d]);
          if (!(prevAccepted && prevHit === d - 1 && sameKey(s, d - 1, d))) total++;
        }
        prevHit = d;
        prevAccepted = ok;
      }
    }
    // The limit-th best plain score: no entry below it divided by maxBoost can reach the best `limit` boosted.
    const sorted = Float64Array.from(kept).sort().reverse();
    const floor = sorted.length > limit ? sorted[limit - 1] / maxBoost : 0;
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
   * longer terms it starts, terms a few edits away.
   */
  private derivedTerms(q: string): Map<string, { weight: number; places: Int32Array }> {
    const out = new Map<string, { weight: number; places: Int32Array }>();
    const n = this.segments.length;
    const at = (term: string, weight: number, seg: number, t: number) => {
      let found = out.get(term);
      if (!found) out.set(term, (found = { weight, places: new Int32Array(n).fill(-1) }));
      found.places[seg] = t;
    };
    const prefix = q.length >= 4;
    const maxDistance = q.length >= 6 ? Math.min(MAX_FUZZY, Math.round(q.length * 0.2)) : 0;
    this.segments.forEach((s, seg) => {
      const first = lowerBound(s, q);
      if (first < s.termCount && termAt(s, first) === q) at(q, 1, seg, first);
      if (!prefix) return;
      for (let t = first; t < s.termCount; t++) {
        const term = termAt(s, t);
        if (!term.startsWith(q)) break;
        if (term !== q) at(term, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (term.length - q.length)), seg, t);
      }
    });
    if (maxDistance) {
      this.segments.forEach((s, seg) => {
        forEachNear(s, q, maxDistance, (term, distance, t) => {
          // A prefix match is scored as one (MiniSearch drops it from the fuzzy matches).
          if (distance > 0 && !(prefix && term.startsWith(q))) at(term, (FUZZY_WEIGHT * term.length) / (term.length + distance), seg, t);
        });
      });
    }
    return out;
  }
}

interface ScoredSegment {
  s: Segment;
  /** Entries with a score, ascending. */
  hits: number[];
  /** Score by entry number. */
  scores: Float64Array;
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
 * Every term of the segment within `max` edits (Levenshtein, in UTF-16 code units as MiniSearch counts) of `q`.
 * ASCII terms are compared as bytes, with no string made; others are decoded.
 */
function forEachNear(s: Segment, q: string, max: number, found: (term: string, distance: number, t: number) => void): void {
  const ascii = /^[\x00-\x7f]*$/.test(q);
  const qBytes = ascii ? Uint8Array.from(q, (c) => c.charCodeAt(0)) : undefined;
  const qCodes = Uint16Array.from(q, (c) => c.charCodeAt(0));
  const rowA = new Uint32Array(64 + q.length);
  const rowB = new Uint32Array(64 + q.length);
  const bytes = s.termBytes;
  for (let t = 0; t < s.termCount; t++) {
    const from = s.termOffsets[t];
    const len = s.termOffsets[t + 1] - from;
    // A UTF-16 length is at most the UTF-8 length, and (for an ASCII query) each non-ASCII character is an edit.
    if (len + max < q.length || (ascii && len > q.length + 3 * max)) continue;
    let plain = true;
    for (let i = from; i < from + len; i++) if (bytes[i] >= 0x80) plain = false;
    if (plain && qBytes) {
      if (len > q.length + max) continue;
      const d = distance(qBytes, bytes, from, len, max, rowA, rowB);
      if (d <= max) found(termAt(s, t), d, t);
    } else {
      const term = termAt(s, t);
      if (Math.abs(term.length - q.length) > max) continue;
      const codes = Uint16Array.from(term, (c) => c.charCodeAt(0));
      const a = codes.length + 1 > rowA.length ? new Uint32Array(codes.length + 1) : rowA;
      const b = codes.length + 1 > rowB.length ? new Uint32Array(codes.length + 1) : rowB;
      const d = distance(qCodes, codes, 0, codes.length, max, a, b);
      if (d <= max) found(term, d, t);
    }
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
