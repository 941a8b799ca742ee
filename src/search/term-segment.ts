import { forEachTextTerm } from './tokenize';

/**
 * One immutable piece of the BM25 text index behind `retrieve`, laid out to load without per-entry work: a term
 * dictionary (terms sorted, their UTF-8 bytes end to end with offsets) whose postings are varint-coded runs in one
 * byte array, decoded per query term; the entries' ids, owners and field lengths in typed arrays. A segment
 * serialises to one buffer and is read back as views over it (`decodeSegment`), so a persisted index loads in the
 * time it takes to read and check the file.
 */

export const SEGMENT_FORMAT = 1;
const MAGIC = 0x58544c53; // "SLTX"
/** Term frequencies are kept up to this (BM25's term-frequency part is flat long before: 255 vs 300 differ by < 0.2%). */
const MAX_TF = 255;
/** Entry numbers share a 32-bit word with the term frequency while a segment is built. */
const MAX_DOCS = 1 << 24;

/** An entry as indexed: its id (`<store>|<key>`), title and text. The text is not kept. */
export interface TextEntry {
  id: string;
  title: string;
  text: string;
}

export interface Segment {
  readonly termCount: number;
  /** UTF-8 of every term, in JavaScript string order; term t is bytes [termOffsets[t], termOffsets[t + 1]). */
  readonly termBytes: Uint8Array;
  readonly termOffsets: Uint32Array;
  /** Term t's postings are bytes [postOffsets[t], postOffsets[t + 1]): count of title postings, then (doc delta, tf) pairs for the title, then for the text. */
  readonly postOffsets: Uint32Array;
  readonly postings: Uint8Array;
  readonly docCount: number;
  /** Distinct terms of each entry's title and text (BM25's field lengths). */
  readonly titleLen: Uint32Array;
  readonly textLen: Uint32Array;
  /** Index into `owners` of each entry. */
  readonly docOwner: Uint32Array;
  readonly docIdBytes: Uint8Array;
  readonly docIdOffsets: Uint32Array;
  /** Who entries belong to (a source file, a markdown file, the wiki) and the version they were built from. */
  readonly owners: readonly string[];
  readonly versions: readonly string[];
}

const utf8 = new TextDecoder();

export function termAt(s: Pick<Segment, 'termBytes' | 'termOffsets'>, t: number): string {
  return decodeShort(s.termBytes, s.termOffsets[t], s.termOffsets[t + 1]);
}

/** UTF-8 to a string; ASCII (most terms) without TextDecoder, whose per-call cost dominates for short strings. */
function decodeShort(bytes: Uint8Array, from: number, to: number): string {
  for (let i = from; i < to; i++) if (bytes[i] >= 0x80) return utf8.decode(bytes.subarray(from, to));
  return Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1');
}

export function docIdAt(s: Segment, d: number): string {
  return decodeShort(s.docIdBytes, s.docIdOffsets[d], s.docIdOffsets[d + 1]);
}

/** The first term index whose term is not below `key` (JavaScript string order, as the dictionary is sorted). */
export function lowerBound(s: Segment, key: string): number {
  let lo = 0;
  let hi = s.termCount;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (termAt(s, mid) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function findTerm(s: Segment, term: string): number {
  const t = lowerBound(s, term);
  return t < s.termCount && termAt(s, t) === term ? t : -1;
}

/** Where `varint` reads next: a module-level cursor, so the hot loop allocates no closure. */
let cursor = 0;

function varint(p: Uint8Array, end: number): number {
  if (cursor >= end) throw new Error('truncated postings');
  let b = p[cursor++];
  let v = b & 0x7f;
  let scale = 128;
  while (b >= 0x80) {
    if (cursor >= end) throw new Error('truncated postings');
    b = p[cursor++];
    v += (b & 0x7f) * scale;
    scale *= 128;
  }
  return v;
}

/**
 * Term t's postings into `docs`/`tfs` from index 0: the title's first, then the text's. Returns how many of each.
 * A posting that names an entry the segment does not have means the bytes are not what was written: it throws.
 */
export function readPostings(s: Segment, t: number, docs: Uint32Array, tfs: Uint32Array): { title: number; count: number } {
  const p = s.postings;
  const end = s.postOffsets[t + 1];
  cursor = s.postOffsets[t];
  const title = varint(p, end);
  let n = 0;
  let doc = 0;
  while (cursor < end) {
    if (n === title) doc = 0;
    doc += varint(p, end);
    if (doc >= s.docCount) throw new Error('a posting names an entry the segment does not have');
    docs[n] = doc;
    tfs[n++] = varint(p, end);
  }
  if (n < title) throw new Error('truncated postings');
  return { title, count: n };
}

/** Upper bound of a term's postings in one field: what `readPostings` needs room for. */
export function postingBytes(s: Segment, t: number): number {
  return s.postOffsets[t + 1] - s.postOffsets[t];
}

class Growable {
  data: Uint32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Uint32Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
}

/**
 * The builder's postings, coded as they are added: for each term and field a stream of varint (entry delta, tf)
 * pairs, the layout `seal` writes, so sealing copies bytes instead of sorting numbers. Streams live in slices of
 * a pool of fixed-size byte chunks (Lucene's byte-block pool): a stream starts in a small slice, each next slice is
 * larger, and the last 4 bytes of a full slice hold the address of the next. Growing a stream never copies it and
 * leaves at most its last slice part empty. At a million lines the 3.7 million postings take ~10 MB here, where
 * two 4-byte numbers a posting as added (30 MB) and a sorted copy (15 MB) were held while sealing.
 */
class PostingStreams {
  static readonly CHUNK = 1 << 16;
  /** Slice sizes by level, each with its 4-byte link to the next; a stream's later slices are all the last size. */
  private static readonly SIZES = [8, 16, 32, 64, 128, 256, 512, 1024, 2048];
  private readonly chunks: Uint8Array[] = [];
  private used = PostingStreams.CHUNK;
  /** Per stream (term id × 2 + field): its first slice, where it writes next, where its slice's link is, the slice's level. */
  private head = new Uint32Array(1024);
  private pos = new Uint32Array(1024);
  private end = new Uint32Array(1024);
  private level = new Uint8Array(1024);
  /** Per stream: its postings, its coded bytes, and the entry of its last posting (the next one is coded as the difference). */
  count = new Uint32Array(1024);
  bytes = new Uint32Array(1024);
  private last = new Uint32Array(1024);

  /** Adds entry `doc`'s posting with term frequency `tf` to `stream`; entries come in increasing order. */
  post(stream: number, doc: number, tf: number): void {
    if (stream >= this.count.length) this.grow((stream | 1) + 1);
    if (this.count[stream] === 0) {
      const at = this.slice(PostingStreams.SIZES[0]);
      this.head[stream] = this.pos[stream] = at;
      this.end[stream] = at + PostingStreams.SIZES[0] - 4;
    }
    this.bytes[stream] += this.varint(stream, doc - this.last[stream]) + this.varint(stream, tf);
    this.last[stream] = doc;
    this.count[stream]++;
  }

  /** Copies `stream`'s bytes into `out` from `at`; returns where they end. */
  copy(stream: number, out: Uint8Array, at: number): number {
    if (this.count[stream] === 0) return at;
    const { CHUNK, SIZES } = PostingStreams;
    const stop = this.pos[stream];
    let from = this.head[stream];
    for (let level = 0; ; level = Math.min(level + 1, SIZES.length - 1)) {
      const link = from + SIZES[level] - 4;
      const chunk = this.chunks[Math.floor(from / CHUNK)];
      const offset = from % CHUNK;
      // The stream ends in this slice when its write position is in it.
      const to = stop >= from && stop <= link ? stop : link;
      // Most slices are a few bytes: copied by hand rather than through a view made for each.
      if (to - from > 64) out.set(chunk.subarray(offset, offset + to - from), at);
      else for (let k = 0; k < to - from; k++) out[at + k] = chunk[offset + k];
      at += to - from;
      if (to === stop) return at;
      from = chunk[offset + to - from] | (chunk[offset + to - from + 1] << 8) | (chunk[offset + to - from + 2] << 16) | (chunk[offset + to - from + 3] << 24);
      from >>>= 0;
    }
  }

  private varint(stream: number, v: number): number {
    let n = 1;
    while (v >= 0x80) {
      this.byte(stream, (v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
      n++;
    }
    this.byte(stream, v);
    return n;
  }

  private byte(stream: number, b: number): void {
    const { CHUNK, SIZES } = PostingStreams;
    let p = this.pos[stream];
    if (p === this.end[stream]) {
      // The slice is full: the next one's address goes in its last 4 bytes.
      const level = Math.min(this.level[stream] + 1, SIZES.length - 1);
      const next = this.slice(SIZES[level]);
      const chunk = this.chunks[Math.floor(p / CHUNK)];
      const offset = p % CHUNK;
      chunk[offset] = next & 0xff;
      chunk[offset + 1] = (next >>> 8) & 0xff;
      chunk[offset + 2] = (next >>> 16) & 0xff;
      chunk[offset + 3] = next >>> 24;
      this.level[stream] = level;
      this.end[stream] = next + SIZES[level] - 4;
      p = next;
    }
    this.chunks[Math.floor(p / CHUNK)][p % CHUNK] = b;
    this.pos[stream] = p + 1;
  }

  /** The address of `size` free bytes, all in one chunk. */
  private slice(size: number): number {
    const { CHUNK } = PostingStreams;
    if (this.used + size > CHUNK) {
      this.chunks.push(new Uint8Array(CHUNK));
      this.used = 0;
    }
    const at = (this.chunks.length - 1) * CHUNK + this.used;
    this.used += size;
    return at;
  }

  private grow(atLeast: number): void {
    const size = Math.max(atLeast, 2 * this.count.length);
    const bigger = <T extends Uint32Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.head = bigger(this.head);
    this.pos = bigger(this.pos);
    this.end = bigger(this.end);
    this.level = bigger(this.level);
    this.count = bigger(this.count);
    this.bytes = bigger(this.bytes);
    this.last = bigger(this.last);
  }
}

/**
 * Strings written as UTF-8 as they come, end to end in 64 kB chunks (a longer string gets a chunk of its own), with
 * where each ends: `table` is their `stringTable`, copied once into an array of exactly their size. Holding a
 * million-line index's 134k entry ids as strings until the segment was sealed made ~8 MB of heap that lived through
 * the build and died at its end.
 */
class StringBytes {
  private static readonly CHUNK = 1 << 16;
  private readonly chunks: Buffer[] = [];
  /** Bytes written into each chunk. */
  private readonly fills: number[] = [];
  private readonly offsets = new Growable();

  constructor() {
    this.offsets.push(0);
  }

  add(s: string): void {
    let last = this.chunks.length - 1;
    const room = last < 0 ? 0 : this.chunks[last].length - this.fills[last];
    // At most three bytes a UTF-16 unit: most strings are known to fit without being measured.
    if (last < 0 || 3 * s.length > room) {
      const bytes = Buffer.byteLength(s, 'utf8');
      if (last < 0 || bytes > room) {
        this.chunks.push(Buffer.allocUnsafeSlow(Math.max(StringBytes.CHUNK, bytes)));
        this.fills.push(0);
        last++;
      }
    }
    const written = this.chunks[last].write(s, this.fills[last], 'utf8');
    this.fills[last] += written;
    this.offsets.push(this.offsets.data[this.offsets.length - 1] + written);
  }

  table(): { bytes: Uint8Array; offsets: Uint32Array } {
    const offsets = this.offsets.data.slice(0, this.offsets.length);
    const bytes = new Uint8Array(offsets[offsets.length - 1]);
    let at = 0;
    this.chunks.forEach((chunk, i) => {
      bytes.set(chunk.subarray(0, this.fills[i]), at);
      at += this.fills[i];
    });
    return { bytes, offsets };
  }
}

class ByteWriter {
  data: Uint8Array;
  length = 0;
  constructor(capacity = 1 << 16) {
    this.data = new Uint8Array(capacity);
  }
  private room(n: number): void {
    if (this.length + n <= this.data.length) return;
    const bigger = new Uint8Array(Math.max(this.data.length * 2, this.length + n));
    bigger.set(this.data.subarray(0, this.length));
    this.data = bigger;
  }
  varint(v: number): void {
    this.room(10);
    while (v >= 0x80) {
      this.data[this.length++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.data[this.length++] = v;
  }
  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.data.set(b, this.length);
    this.length += b.length;
  }
  done(): Uint8Array {
    return this.data.slice(0, this.length);
  }
  /** The bytes written, without a copy when exactly as many as the writer was made for. */
  exact(): Uint8Array {
    return this.length === this.data.length ? this.data : this.done();
  }
}

/**
 * Terms numbered in the order first met, a term's id its place in `terms`: the dictionary of a segment being built,
 * and of the misspellings' index (name-fuzzy.ts).
 */
export class TermTable {
  private readonly ids = new Map<string, number>();
  readonly terms: string[] = [];

  /** The term's id, or undefined when it was never met. */
  idOf(term: string): number | undefined {
    return this.ids.get(term);
  }

  /** The term's id; a new term gets the next one (the number of terms before it). */
  intern(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.ids.set(term, id);
      this.terms.push(term);
    }
    return id;
  }
}

/** Entries are added owner by owner; `seal` sorts the dictionary and codes the postings. */
export class SegmentBuilder {
  private readonly table = new TermTable();
  /** Counting a field's terms (see field): by term id, the stamp of the last field it was met in and its count there; the ids met. */
  private fieldStamp = 0;
  private distinct = 0;
  private stamps = new Uint32Array(1024);
  private tfs = new Uint32Array(1024);
  private met = new Uint32Array(256);
  /** The postings of term id t's field f in stream 2t + f, coded (let go of by `seal`). */
  private postings = new PostingStreams();
  /** The entries' ids as UTF-8, written as they are added (not held as strings until `seal`). */
  private readonly docIds = new StringBytes();
  private readonly docOwner = new Growable();
  private readonly titleLen = new Growable();
  private readonly textLen = new Growable();
  private readonly owners: string[] = [];
  private readonly versions: string[] = [];

  get docCount(): number {
    return this.docOwner.length;
  }

  /** Adds an owner and its entries (an owner may have none: it is still recorded as current). */
  add(owner: string, version: string, entries: readonly TextEntry[]): void {
    // The same owner again, right after itself: more of its entries (ContentSearch adds a long list in batches).
    const last = this.owners.length - 1;
    const o = last >= 0 && this.owners[last] === owner && this.versions[last] === version ? last : this.owners.length;
    if (o === this.owners.length) {
      this.owners.push(owner);
      this.versions.push(version);
    }
    for (const e of entries) {
      if (this.docOwner.length >= MAX_DOCS) throw new Error(`the text index holds at most ${MAX_DOCS} entries`);
      const doc = this.docOwner.length;
      this.docIds.add(e.id);
      this.docOwner.push(o);
      this.titleLen.push(this.field(doc, 0, e.title));
      this.textLen.push(this.field(doc, 1, e.text));
    }
  }

  /** Posts one field's terms; returns how many distinct terms it has. */
  private field(doc: number, field: 0 | 1, text: string): number {
    // Each term's count in this field, by term id: the field's stamp marks the terms met in it, listed in the order
    // first met (no map per field: the build makes two per entry, and a body's grew while it was counted).
    this.fieldStamp++;
    this.distinct = 0;
    forEachTextTerm(text, this.count);
    for (let i = 0; i < this.distinct; i++) this.postings.post(this.met[i] * 2 + field, doc, Math.min(this.tfs[this.met[i]], MAX_TF));
    return this.distinct;
  }

  /** Counts one term of the field being posted (see field). */
  private readonly count = (term: string): void => {
    if (!term) return;
    const id = this.table.intern(term);
    if (id >= this.stamps.length) {
      this.stamps = grown(this.stamps, id + 1);
      this.tfs = grown(this.tfs, id + 1);
    }
    if (this.stamps[id] !== this.fieldStamp) {
      this.stamps[id] = this.fieldStamp;
      this.tfs[id] = 0;
      if (this.distinct === this.met.length) this.met = grown(this.met, this.distinct + 1);
      this.met[this.distinct++] = id;
    }
    this.tfs[id]++;
  };

  /**
   * The segment: the dictionary sorted and each term's coded postings copied in its order into an array of their
   * exact size. The builder is done with once sealed.
   */
  seal(): Segment {
    const terms = this.table.terms;
    const n = terms.length;
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (terms[a] < terms[b] ? -1 : 1));
    const streams = this.postings;
    this.postings = new PostingStreams();
    // A term's postings: how many are the title's, then the title's and the text's (see readPostings).
    let bytes = 0;
    for (const id of order) bytes += varintBytes(streams.count[2 * id]) + streams.bytes[2 * id] + streams.bytes[2 * id + 1];
    const w = new ByteWriter(bytes);
    const postOffsets = new Uint32Array(n + 1);
    order.forEach((id, r) => {
      postOffsets[r] = w.length;
      w.varint(streams.count[2 * id]);
      w.length = streams.copy(2 * id + 1, w.data, streams.copy(2 * id, w.data, w.length));
    });
    postOffsets[n] = w.length;
    const dictionary = stringTable(order.map((id) => terms[id]));
    const ids = this.docIds.table();
    return {
      termCount: n,
      termBytes: dictionary.bytes,
      termOffsets: dictionary.offsets,
      postOffsets,
      postings: w.exact(),
      docCount: this.docOwner.length,
      titleLen: this.titleLen.data.slice(0, this.titleLen.length),
      textLen: this.textLen.data.slice(0, this.textLen.length),
      docOwner: this.docOwner.data.slice(0, this.docOwner.length),
      docIdBytes: ids.bytes,
      docIdOffsets: ids.offsets,
      owners: this.owners,
      versions: this.versions,
    };
  }
}

/** A copy of `a` with room for at least `atLeast` (twice its length if that is more). */
function grown(a: Uint32Array, atLeast: number): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(Math.max(atLeast, 2 * a.length));
  bigger.set(a);
  return bigger;
}

/** How many bytes `ByteWriter.varint` writes for `v`. */
function varintBytes(v: number): number {
  let n = 1;
  while (v >= 0x80) {
    v = Math.floor(v / 128);
    n++;
  }
  return n;
}

/**
 * Strings as their UTF-8 bytes end to end, string i at [offsets[i], offsets[i + 1]): measured first, then written
 * into one array of that size (no array per string, no writer that doubles and is copied: at a million lines the
 * entries' ids are 5 MB, which those took to ~20 MB while sealing).
 */
export function stringTable(strings: readonly string[]): { bytes: Uint8Array; offsets: Uint32Array } {
  const offsets = new Uint32Array(strings.length + 1);
  strings.forEach((s, i) => (offsets[i + 1] = offsets[i] + Buffer.byteLength(s, 'utf8')));
  const bytes = new Uint8Array(offsets[strings.length]);
  const out = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  strings.forEach((s, i) => out.write(s, offsets[i], 'utf8'));
  return { bytes, offsets };
}

/**
 * Merges segments into one, keeping only live entries (`alive[i][d]`), renumbered in segment order. Postings are
 * merged per term as coded runs are decoded, never rebuilt from text (the text is not kept).
 */
export function mergeSegments(segments: readonly Segment[], alive: readonly Uint8Array[], ownerAlive: (segment: number, owner: number) => boolean): Segment {
  const remap = segments.map((s, i) => {
    const m = new Int32Array(s.docCount).fill(-1);
    return { s, m, live: alive[i] };
  });
  const docIds: Uint8Array[] = [];
  const titleLen = new Growable();
  const textLen = new Growable();
  const docOwner = new Growable();
  const owners: string[] = [];
  const versions: string[] = [];
  const ownerNumber = new Map<string, number>();
  remap.forEach(({ s, m, live }, i) => {
    const ownerNumbers = new Int32Array(s.owners.length).fill(-1);
    s.owners.forEach((o, k) => {
      if (!ownerAlive(i, k)) return;
      // An owner in two segments (added in two parts) becomes one.
      let number = ownerNumber.get(o);
      if (number === undefined) {
        number = owners.length;
        ownerNumber.set(o, number);
        owners.push(o);
        versions.push(s.versions[k]);
      }
      ownerNumbers[k] = number;
    });
    for (let d = 0; d < s.docCount; d++) {
      if (!live[d] || ownerNumbers[s.docOwner[d]] < 0) continue;
      m[d] = docIds.length;
      docIds.push(s.docIdBytes.subarray(s.docIdOffsets[d], s.docIdOffsets[d + 1]));
      titleLen.push(s.titleLen[d]);
      textLen.push(s.textLen[d]);
      docOwner.push(ownerNumbers[s.docOwner[d]]);
    }
  });
  // Every term of every segment, in order, each with the segments that have it.
  const all = new Map<string, { seg: number; t: number }[]>();
  remap.forEach(({ s }, i) => {
    for (let t = 0; t < s.termCount; t++) {
      const term = termAt(s, t);
      const list = all.get(term);
      if (list) list.push({ seg: i, t });
      else all.set(term, [{ seg: i, t }]);
    }
  });
  const sortedTerms = [...all.keys()].sort();
  const w = new ByteWriter();
  const keptTerms: string[] = [];
  const postOffsets: number[] = [];
  let docs = new Uint32Array(1024);
  let tfs = new Uint32Array(1024);
  const out: { doc: number; tf: number }[][] = [[], []];
  for (const term of sortedTerms) {
    out[0] = [];
    out[1] = [];
    for (const { seg, t } of all.get(term)!) {
      const { s, m } = remap[seg];
      if (docs.length < postingBytes(s, t)) {
        docs = new Uint32Array(postingBytes(s, t));
        tfs = new Uint32Array(postingBytes(s, t));
      }
      const { title, count } = readPostings(s, t, docs, tfs);
      for (let k = 0; k < count; k++) if (m[docs[k]] >= 0) out[k < title ? 0 : 1].push({ doc: m[docs[k]], tf: tfs[k] });
    }
    if (!out[0].length && !out[1].length) continue;
    keptTerms.push(term);
    postOffsets.push(w.length);
    w.varint(out[0].length);
    for (const field of [0, 1]) {
      let prev = 0;
      for (const { doc, tf } of out[field]) {
        w.varint(doc - prev);
        w.varint(tf);
        prev = doc;
      }
    }
  }
  postOffsets.push(w.length);
  const terms = stringTable(keptTerms);
  const idBytes = new ByteWriter();
  const idOffsets = new Uint32Array(docIds.length + 1);
  docIds.forEach((b, i) => {
    idOffsets[i] = idBytes.length;
    idBytes.bytes(b);
  });
  idOffsets[docIds.length] = idBytes.length;
  return {
    termCount: keptTerms.length,
    termBytes: terms.bytes,
    termOffsets: terms.offsets,
    postOffsets: Uint32Array.from(postOffsets),
    postings: w.done(),
    docCount: docIds.length,
    titleLen: titleLen.data.slice(0, titleLen.length),
    textLen: textLen.data.slice(0, textLen.length),
    docOwner: docOwner.data.slice(0, docOwner.length),
    docIdBytes: idBytes.done(),
    docIdOffsets: idOffsets,
    owners,
    versions,
  };
}

/**
 * The segment serialised, as pieces to be written end to end: a header (magic, format, counts, the owners as JSON),
 * then each array 4-byte aligned, so that `decodeSegment` makes views over the bytes instead of copies. The arrays
 * are views over the segment's own, not copies (saving the first build does not hold the segment twice).
 */
export function segmentPieces(s: Segment): Buffer[] {
  const head = Buffer.from(JSON.stringify({ owners: s.owners, versions: s.versions }), 'utf8');
  const arrays: Uint8Array[] = [s.termOffsets, s.postOffsets, s.titleLen, s.textLen, s.docOwner, s.docIdOffsets, s.termBytes, s.postings, s.docIdBytes].map(
    (a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength),
  );
  const pieces: Buffer[] = [];
  const fixed = Buffer.alloc(4 * (5 + arrays.length));
  fixed.writeUInt32LE(MAGIC, 0);
  fixed.writeUInt32LE(SEGMENT_FORMAT, 4);
  fixed.writeUInt32LE(s.termCount, 8);
  fixed.writeUInt32LE(s.docCount, 12);
  fixed.writeUInt32LE(head.length, 16);
  arrays.forEach((a, i) => fixed.writeUInt32LE(a.byteLength, 20 + 4 * i));
  pieces.push(fixed, head, Buffer.alloc(pad(head.length)));
  for (const a of arrays) pieces.push(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.alloc(pad(a.byteLength)));
  return pieces;
}

const pad = (n: number) => (4 - (n % 4)) % 4;

/** Reads the bytes of `segmentPieces` (end to end), checking every bound a search relies on; throws on anything else. */
export function decodeSegment(bytes: Buffer): Segment {
  // Views need 4-byte alignment: a buffer that is not aligned is copied once.
  const buf = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
  const fail = (what: string): never => {
    throw new Error(`not a text index segment (${what})`);
  };
  const arrayCount = 9;
  if (buf.length < 4 * (5 + arrayCount)) fail('too short');
  if (buf.readUInt32LE(0) !== MAGIC) fail('magic');
  if (buf.readUInt32LE(4) !== SEGMENT_FORMAT) fail(`format ${buf.readUInt32LE(4)}, expected ${SEGMENT_FORMAT}`);
  const termCount = buf.readUInt32LE(8);
  const docCount = buf.readUInt32LE(12);
  const headLength = buf.readUInt32LE(16);
  const lengths = Array.from({ length: arrayCount }, (_, i) => buf.readUInt32LE(20 + 4 * i));
  let at = 4 * (5 + arrayCount);
  if (at + headLength > buf.length) fail('header');
  const head: unknown = JSON.parse(buf.toString('utf8', at, at + headLength));
  at += headLength + pad(headLength);
  const views: Uint8Array[] = lengths.map((n) => {
    if (at + n > buf.length) fail('truncated');
    const v = new Uint8Array(buf.buffer, buf.byteOffset + at, n);
    at += n + pad(n);
    return v;
  });
  const u32 = (v: Uint8Array, count: number, what: string): Uint32Array => {
    if (v.byteLength !== 4 * count) fail(what);
    return new Uint32Array(v.buffer, v.byteOffset, count);
  };
  if (!isOwners(head)) return fail('owners');
  const s: Segment = {
    termCount,
    termOffsets: u32(views[0], termCount + 1, 'term offsets'),
    postOffsets: u32(views[1], termCount + 1, 'posting offsets'),
    titleLen: u32(views[2], docCount, 'title lengths'),
    textLen: u32(views[3], docCount, 'text lengths'),
    docOwner: u32(views[4], docCount, 'owners of entries'),
    docIdOffsets: u32(views[5], docCount + 1, 'id offsets'),
    termBytes: views[6],
    postings: views[7],
    docIdBytes: views[8],
    docCount,
    owners: head.owners,
    versions: head.versions,
  };
  if (!ascending(s.termOffsets, s.termBytes.length) || !ascending(s.postOffsets, s.postings.length) || !ascending(s.docIdOffsets, s.docIdBytes.length)) fail('offsets');
  for (let d = 0; d < docCount; d++) if (s.docOwner[d] >= s.owners.length) fail('owner of an entry');
  return s;
}

function isOwners(x: unknown): x is { owners: string[]; versions: string[] } {
  if (typeof x !== 'object' || x === null) return false;
  const { owners, versions } = x as Record<string, unknown>;
  return Array.isArray(owners) && Array.isArray(versions) && owners.length === versions.length && owners.every((o) => typeof o === 'string') && versions.every((v) => typeof v === 'string');
}

/** Offsets start at 0, never go down, and end exactly at the end of what they index. */
function ascending(offsets: Uint32Array, end: number): boolean {
  if (offsets[0] !== 0 || offsets[offsets.length - 1] !== end) return false;
  for (let i = 1; i < offsets.length; i++) if (offsets[i] < offsets[i - 1]) return false;
  return true;
}
