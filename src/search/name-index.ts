import { identifierTokens } from './tokenize';

/**
 * Symbol names by exact key, prefix, substring (trigrams) and word, kept in step file by file, so that a name
 * query touches only the names that can match instead of every symbol of the workspace (search_symbols took
 * 0.4 s at 1M lines scanning them). Keys are lower-case simple names and qualified names.
 */
export class NameIndex<Id = string> {
  /**
   * key → symbol ids with that simple or qualified name (lower case), in the order added. An array, not a Set: nearly
   * every qualified name is one symbol's, and a Set of one cost ~5× an array of one (17 MB at a million lines).
   * An id is added under a key once (a symbol's keys are distinct) and removed when its symbol is.
   */
  private readonly byKey = new Map<string, Id[]>();
  /** word of a qualified name (identifierTokens) → symbol ids. */
  private readonly byWord = new Map<string, Id[]>();
  /** trigram → simple-name keys containing it (qualified names are not cut into trigrams: nesting makes them long). */
  private readonly byTrigram = new Map<string, string[]>();
  /** How many symbols have each simple-name key, so its trigrams go when the last one does. */
  private readonly simpleNames = new Map<string, number>();
  /** Simple names over TRIGRAM_KEY_MAX: few, and scanned by substring queries instead. */
  private readonly longNames = new Set<string>();
  /** The keys in order (sorted again on the first prefix query after a key comes or goes). */
  private sorted?: string[];
  /**
   * The sorted keys' ids laid end to end, key i's at [starts[i], starts[i + 1]) (laid again on the first prefix
   * query after an id comes or goes): a prefix's ids are then one run of a flat array.
   */
  private flat?: { starts: Int32Array; ids: Id[] };
  /** Which characters each key holds, as one bitmap per character over key slots: the letters-in-order prefilter. */
  private readonly letters = new LetterPostings();

  add(id: Id, name: string, qualified: string): void {
    for (const key of keysOf(name, qualified)) {
      let ids = this.byKey.get(key);
      if (!ids) {
        this.byKey.set(key, (ids = []));
        this.sorted = undefined;
        this.letters.add(key);
      }
      ids.push(id);
      this.flat = undefined;
    }
    const simple = name.toLowerCase();
    const uses = this.simpleNames.get(simple) ?? 0;
    if (uses === 0 && simple.length > TRIGRAM_KEY_MAX) this.longNames.add(simple);
    else if (uses === 0) for (const t of new Set(trigrams(simple))) addTo(this.byTrigram, t, simple);
    this.simpleNames.set(simple, uses + 1);
    for (const w of new Set(identifierTokens(qualified))) addTo(this.byWord, w, id);
  }

  remove(id: Id, name: string, qualified: string): void {
    for (const key of keysOf(name, qualified)) {
      const ids = this.byKey.get(key);
      const at = ids?.indexOf(id) ?? -1;
      if (!ids || at < 0) continue;
      ids.splice(at, 1);
      this.flat = undefined;
      if (ids.length) continue;
      this.byKey.delete(key);
      this.sorted = undefined;
      this.letters.remove(key);
    }
    const simple = name.toLowerCase();
    const uses = (this.simpleNames.get(simple) ?? 1) - 1;
    if (uses > 0) this.simpleNames.set(simple, uses);
    else {
      this.simpleNames.delete(simple);
      if (simple.length > TRIGRAM_KEY_MAX) this.longNames.delete(simple);
      else for (const t of new Set(trigrams(simple))) removeFrom(this.byTrigram, t, simple);
    }
    for (const w of new Set(identifierTokens(qualified))) removeFrom(this.byWord, w, id);
  }

  /** Ids whose simple or qualified name is exactly `q` (lower case). */
  exact(q: string): readonly Id[] {
    return this.byKey.get(q) ?? [];
  }

  /** Ids of names starting with `q`, to `visit`: see prefixRun. */
  prefix(q: string, visit: (id: Id) => void): void {
    const { ids, from, to } = this.prefixRun(q);
    for (let i = from; i < to; i++) visit(ids[i]);
  }

  /**
   * Ids of names starting with `q` as the run `ids[from..to)` (an id whose simple and qualified names both start
   * with `q` is in it twice): a binary search in the sorted keys for the first and the last key with the prefix.
   */
  prefixRun(q: string): { ids: readonly Id[]; from: number; to: number } {
    const keys = (this.sorted ??= [...this.byKey.keys()].sort());
    if (!this.flat) {
      const starts = new Int32Array(keys.length + 1);
      const ids: Id[] = [];
      keys.forEach((k, i) => {
        for (const id of this.byKey.get(k)!) ids.push(id);
        starts[i + 1] = ids.length;
      });
      this.flat = { starts, ids };
    }
    const { starts, ids } = this.flat;
    const first = firstKey(keys, (k) => k >= q);
    // The keys with the prefix follow those below q; every key after them is above q without starting with it.
    const end = firstKey(keys, (k) => k >= q && !k.startsWith(q), first);
    return { ids, from: starts[first], to: starts[end] };
  }

  /**
   * Ids of simple names containing `q`, to `visit`: names holding all of its trigrams (the rarest first), then
   * checked. Short queries, and names too long to cut into trigrams, are scanned. With `afterPrefix`, names that
   * start with `q` are left out: the caller has visited their ids already (`prefix`), tens of thousands for a
   * common stem.
   */
  substring(q: string, visit: (id: Id) => void, afterPrefix = false): void {
    const skip = (key: string) => !key.includes(q) || (afterPrefix && key.startsWith(q));
    let keys: Iterable<string> = this.simpleNames.keys();
    if (q.length >= 3) {
      for (const key of this.longNames) if (!skip(key)) this.byKey.get(key)!.forEach((id) => visit(id));
      const postings = [...new Set(trigrams(q))].map((t) => this.byTrigram.get(t));
      if (postings.some((p) => !p)) return;
      postings.sort((a, b) => a!.length - b!.length);
      keys = postings[0]!;
    }
    for (const key of keys) if (!skip(key)) this.byKey.get(key)!.forEach((id) => visit(id));
  }

  /** Ids whose qualified name has every one of `words` (lower case) among its words. */
  withWords(words: readonly string[]): Iterable<Id> {
    const postings = words.map((w) => this.byWord.get(w));
    if (!postings.length || postings.some((p) => !p)) return [];
    postings.sort((a, b) => a!.length - b!.length);
    const [first, ...rest] = postings as Id[][];
    if (!rest.length) return first;
    // The other words' ids as sets for this query only (kept as arrays: a Set per word cost ~3× as much).
    const others = rest.map((p) => new Set(p));
    return first.filter((id) => others.every((p) => p.has(id)));
  }


  /**
   * Keys that hold every character of `q` (lower case): a superset of the keys with `q`'s letters in order, from
   * the intersected character bitmaps, so the letters-in-order match checks only these instead of every name.
   */
  withLettersOf(q: string, visit: (key: string) => void): void {
    this.letters.candidates(q, visit);
  }

  idsOf(key: string): readonly Id[] {
    return this.byKey.get(key) ?? [];
  }
}


/** Character classes of the bitmaps: a–z, 0–9, `_`, `.`, `$`, and one for everything else (so the filter stays a superset). */
const CLASSES = 40;
function classOf(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return 26 + code - 48;
  if (code === 95) return 36;
  if (code === 46) return 37;
  if (code === 36) return 38;
  return 39;
}

/**
 * Keys by slot number, and for each character class a bitmap of the slots whose key holds that character.
 * Intersecting a query's bitmaps is a few thousand word ANDs at a million lines (~100k keys); only the keys left
 * are compared letter by letter. Slots of removed keys are reused.
 */
class LetterPostings {
  private readonly slotOf = new Map<string, number>();
  private readonly keyAt: (string | undefined)[] = [];
  private readonly free: number[] = [];
  private bits: Uint32Array[] = Array.from({ length: CLASSES }, () => new Uint32Array(64));

  add(key: string): void {
    if (this.slotOf.has(key)) return;
    const slot = this.free.pop() ?? this.keyAt.length;
    this.keyAt[slot] = key;
    this.slotOf.set(key, slot);
    if (slot >> 5 >= this.bits[0].length) this.bits = this.bits.map((b) => grow(b, (slot >> 5) + 1));
    for (const c of classesOf(key)) this.bits[c][slot >> 5] |= 1 << (slot & 31);
  }

  remove(key: string): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    this.slotOf.delete(key);
    this.keyAt[slot] = undefined;
    this.free.push(slot);
    for (const c of classesOf(key)) this.bits[c][slot >> 5] &= ~(1 << (slot & 31));
  }

  candidates(q: string, visit: (key: string) => void): void {
    const maps = [...classesOf(q)].map((c) => this.bits[c]);
    if (!maps.length) return;
    const words = (this.keyAt.length + 31) >> 5;
    for (let w = 0; w < words; w++) {
      let word = maps[0][w];
      for (let i = 1; i < maps.length && word; i++) word &= maps[i][w];
      while (word) {
        const low = word & -word;
        const key = this.keyAt[(w << 5) | (31 - Math.clz32(low))];
        if (key !== undefined) visit(key);
        word ^= low;
      }
    }
  }
}

function classesOf(s: string): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < s.length; i++) out.add(classOf(s.charCodeAt(i)));
  return out;
}

function grow(bits: Uint32Array, atLeast: number): Uint32Array {
  const next = new Uint32Array(Math.max(atLeast, bits.length * 2));
  next.set(bits);
  return next;
}
/** Longer simple names (generated code, minified leftovers) are matched by a scan instead of trigrams. */
const TRIGRAM_KEY_MAX = 64;

function keysOf(name: string, qualified: string): string[] {
  const a = name.toLowerCase();
  const b = qualified.replace(/::/g, '.').toLowerCase();
  return a === b ? [a] : [a, b];
}

/** The first position of `keys` from `lo` on where `past` holds: it must hold from there to the end. */
function firstKey(keys: readonly string[], past: (key: string) => boolean, lo = 0): number {
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (!past(keys[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function trigrams(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 3 <= s.length; i++) out.push(s.slice(i, i + 3));
  return out;
}

/** Adds `value` to `key`'s list (the callers add a value to a key at most once). */
function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function removeFrom<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  const at = list?.indexOf(value) ?? -1;
  if (!list || at < 0) return;
  list.splice(at, 1);
  if (!list.length) map.delete(key);
}
