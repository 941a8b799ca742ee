import { appended, forEachId, includes, listOf, without } from './small-list';
import { identifierTokens } from './tokenize';

/**
 * Symbol names by exact key, prefix, substring (trigrams) and word, kept in step file by file, so that a name
 * query touches only the names that can match instead of every symbol of the workspace (search_symbols took
 * 0.4 s at 1M lines scanning them). Keys are lower-case simple names and qualified names.
 */
export class NameIndex<Id = string> {
  /**
   * Every key (lower-case simple and qualified names) has a slot while a symbol has it: key → slot here, and by slot
   * the key, its ids, how many symbols have it as their simple name, and its letters (the letters-in-order bitmaps).
   * A key's slot is a small integer in the map, not an object; its ids are one bare id (nearly every qualified name is
   * one symbol's) or an array of them in the order added: an array per key, and the `Map`s by key beside this one,
   * held ~25 MB at a million lines. An id is added under a key once (a symbol's keys are distinct) and removed when
   * its symbol is. Slots of removed keys are reused.
   */
  private readonly slotOf = new Map<string, number>();
  private readonly keyAt: (string | undefined)[] = [];
  private readonly idsAt: (Id | Id[] | undefined)[] = [];
  /** How many symbols have each slot's key as their simple name, so its trigrams go when the last one does. */
  private simpleUses: Uint32Array = new Uint32Array(1024);
  private readonly free: number[] = [];
  /** word of a qualified name (identifierTokens) → symbol ids (one bare, or an array). */
  private readonly byWord = new Map<string, Id | Id[]>();
  /** trigram → slots of the simple-name keys containing it (qualified names are not cut into trigrams: nesting makes them long). */
  private readonly byTrigram = new Map<string, number | number[]>();
  /** Simple names over TRIGRAM_KEY_MAX: few, and scanned by substring queries instead. */
  private readonly longNames = new Set<string>();
  /** The keys in order (sorted again on the first prefix query after a key comes or goes). */
  private sorted?: string[];
  /**
   * The sorted keys' ids laid end to end, key i's at [starts[i], starts[i + 1]) (laid again on the first prefix
   * query after an id comes or goes): a prefix's ids are then one run of a flat array.
   */
  private flat?: { starts: Int32Array; ids: Id[] };
  /** Which characters each slot's key holds, as one bitmap per character over slots: the letters-in-order prefilter. */
  private readonly letters = new LetterBitmaps();

  add(id: Id, name: string, qualified: string): void {
    // keysOf's keys, without an array or a second lower-casing per symbol (the build runs over every symbol).
    const simple = name.toLowerCase();
    const slot = this.addKey(simple, id);
    const full = qualifiedKey(qualified);
    if (full !== simple) this.addKey(full, id);
    if (this.simpleUses[slot]++ === 0) {
      if (simple.length > TRIGRAM_KEY_MAX) this.longNames.add(simple);
      else {
        for (let i = 0; i + 3 <= simple.length; i++) {
          const t = simple.slice(i, i + 3);
          // Each distinct trigram once, in the order of first occurrence.
          if (simple.indexOf(t) === i) this.byTrigram.set(t, appended(this.byTrigram.get(t), slot));
        }
      }
    }
    const words = identifierTokens(qualified);
    for (let i = 0; i < words.length; i++) if (words.indexOf(words[i]) === i) this.byWord.set(words[i], appended(this.byWord.get(words[i]), id));
  }

  /** Adds `id` under `key`, making the key's slot if it is new; returns the slot. */
  private addKey(key: string, id: Id): number {
    let slot = this.slotOf.get(key);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.keyAt.length;
      this.slotOf.set(key, slot);
      this.keyAt[slot] = key;
      this.idsAt[slot] = id;
      if (slot >= this.simpleUses.length) this.simpleUses = grow(this.simpleUses, slot + 1);
      this.simpleUses[slot] = 0;
      this.letters.add(slot, key);
      this.sorted = undefined;
    } else this.idsAt[slot] = appended(this.idsAt[slot]!, id);
    this.flat = undefined;
    return slot;
  }

  remove(id: Id, name: string, qualified: string): void {
    const simple = name.toLowerCase();
    const simpleSlot = this.slotOf.get(simple);
    // The simple name's trigrams first: they are listed by slot, and the slot goes with the key's last id.
    if (simpleSlot !== undefined && includes(this.idsAt[simpleSlot]!, id) && --this.simpleUses[simpleSlot] === 0) {
      if (simple.length > TRIGRAM_KEY_MAX) this.longNames.delete(simple);
      else for (const t of new Set(trigrams(simple))) removeFrom(this.byTrigram, t, simpleSlot);
    }
    for (const key of keysOf(name, qualified)) {
      const slot = this.slotOf.get(key);
      if (slot === undefined) continue;
      const ids = this.idsAt[slot]!;
      if (!includes(ids, id)) continue;
      this.flat = undefined;
      const left = without(ids, id);
      this.idsAt[slot] = left;
      if (left !== undefined) continue;
      this.slotOf.delete(key);
      this.keyAt[slot] = undefined;
      this.letters.remove(slot, key);
      this.free.push(slot);
      this.sorted = undefined;
    }
    for (const w of new Set(identifierTokens(qualified))) removeFrom(this.byWord, w, id);
  }

  /** Ids whose simple or qualified name is exactly `q` (lower case). */
  exact(q: string): readonly Id[] {
    return this.idsOf(q);
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
    const keys = (this.sorted ??= [...this.slotOf.keys()].sort());
    if (!this.flat) {
      const starts = new Int32Array(keys.length + 1);
      const ids: Id[] = [];
      keys.forEach((k, i) => {
        forEachId(this.idsAt[this.slotOf.get(k)!]!, (id) => ids.push(id));
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
    const visitKey = (key: string) => {
      if (!skip(key)) forEachId(this.idsAt[this.slotOf.get(key)!]!, visit);
    };
    if (q.length < 3) {
      // Too short for trigrams: every simple name is checked.
      for (const [key, slot] of this.slotOf) if (this.simpleUses[slot] > 0) visitKey(key);
      return;
    }
    this.longNames.forEach(visitKey);
    const postings = [...new Set(trigrams(q))].map((t) => this.byTrigram.get(t));
    if (postings.some((p) => p === undefined)) return;
    const lists = postings.map((p) => (typeof p === 'number' ? [p] : p!)).sort((a, b) => a.length - b.length);
    for (const slot of lists[0]) visitKey(this.keyAt[slot]!);
  }

  /** Ids whose qualified name has every one of `words` (lower case) among its words. */
  withWords(words: readonly string[]): Iterable<Id> {
    const postings = words.map((w) => this.byWord.get(w));
    if (!postings.length || postings.some((p) => p === undefined)) return [];
    const lists = postings.map((p) => listOf(p!)).sort((a, b) => a.length - b.length);
    const [first, ...rest] = lists;
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
    this.letters.candidates(q, (slot) => {
      const key = this.keyAt[slot];
      if (key !== undefined) visit(key);
    });
  }

  idsOf(key: string): readonly Id[] {
    const slot = this.slotOf.get(key);
    return slot === undefined ? [] : listOf(this.idsAt[slot]!);
  }
}

function removeFrom<K, V>(map: Map<K, V | V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined || !includes(list, value)) return;
  const left = without(list, value);
  if (left === undefined) map.delete(key);
  else map.set(key, left);
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
 * For each character class a bitmap of the key slots whose key holds that character (NameIndex numbers the keys).
 * Intersecting a query's bitmaps is a few thousand word ANDs at a million lines (~100k keys); only the keys left
 * are compared letter by letter.
 */
class LetterBitmaps {
  private bits: Uint32Array[] = Array.from({ length: CLASSES }, () => new Uint32Array(64));
  /** One past the highest slot ever set. */
  private slots = 0;

  add(slot: number, key: string): void {
    if (slot >> 5 >= this.bits[0].length) this.bits = this.bits.map((b) => grow(b, (slot >> 5) + 1));
    this.slots = Math.max(this.slots, slot + 1);
    // A character met twice sets its bit twice: no set of the key's classes is made.
    for (let i = 0; i < key.length; i++) this.bits[classOf(key.charCodeAt(i))][slot >> 5] |= 1 << (slot & 31);
  }

  remove(slot: number, key: string): void {
    for (let i = 0; i < key.length; i++) this.bits[classOf(key.charCodeAt(i))][slot >> 5] &= ~(1 << (slot & 31));
  }

  candidates(q: string, visit: (slot: number) => void): void {
    const maps = [...classesOf(q)].map((c) => this.bits[c]);
    if (!maps.length) return;
    const words = (this.slots + 31) >> 5;
    for (let w = 0; w < words; w++) {
      let word = maps[0][w];
      for (let i = 1; i < maps.length && word; i++) word &= maps[i][w];
      while (word) {
        const low = word & -word;
        visit((w << 5) | (31 - Math.clz32(low)));
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
  const b = qualifiedKey(qualified);
  return a === b ? [a] : [a, b];
}

/** A qualified name's key: lower case, `::` read as `.`. */
function qualifiedKey(qualified: string): string {
  return (qualified.includes('::') ? qualified.replaceAll('::', '.') : qualified).toLowerCase();
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
