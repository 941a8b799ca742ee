import { identifierTokens } from './tokenize';

/**
 * Symbol names by exact key, prefix, substring (trigrams) and word, kept in step file by file, so that a name
 * query touches only the names that can match instead of every symbol of the workspace (search_symbols took
 * 0.4 s at 1M lines scanning them). Keys are lower-case simple names and qualified names.
 */
export class NameIndex {
  /** key → symbol ids with that simple or qualified name (lower case). */
  private readonly byKey = new Map<string, Set<string>>();
  /** word of a qualified name (identifierTokens) → symbol ids. */
  private readonly byWord = new Map<string, Set<string>>();
  /** trigram → keys containing it. */
  private readonly byTrigram = new Map<string, Set<string>>();
  private sorted?: string[];

  add(id: string, name: string, qualified: string): void {
    for (const key of keysOf(name, qualified)) {
      let ids = this.byKey.get(key);
      if (!ids) {
        this.byKey.set(key, (ids = new Set()));
        for (const t of trigrams(key)) addTo(this.byTrigram, t, key);
        this.sorted = undefined;
      }
      ids.add(id);
    }
    for (const w of identifierTokens(qualified)) addTo(this.byWord, w, id);
  }

  remove(id: string, name: string, qualified: string): void {
    for (const key of keysOf(name, qualified)) {
      const ids = this.byKey.get(key);
      if (!ids) continue;
      ids.delete(id);
      if (ids.size) continue;
      this.byKey.delete(key);
      for (const t of trigrams(key)) removeFrom(this.byTrigram, t, key);
      this.sorted = undefined;
    }
    for (const w of identifierTokens(qualified)) removeFrom(this.byWord, w, id);
  }

  /** Ids whose simple or qualified name is exactly `q` (lower case). */
  exact(q: string): ReadonlySet<string> {
    return this.byKey.get(q) ?? EMPTY;
  }

  /** Ids of names starting with `q`: a binary search in the sorted keys, then the run of keys that share the prefix. */
  *prefix(q: string): Generator<string> {
    const keys = (this.sorted ??= [...this.byKey.keys()].sort());
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid] < q) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < keys.length && keys[i].startsWith(q); i++) yield* this.byKey.get(keys[i])!;
  }

  /** Ids of names containing `q`: keys holding all of its trigrams (the rarest first), then checked. Short queries scan the keys. */
  *substring(q: string): Generator<string> {
    let keys: Iterable<string> = this.byKey.keys();
    if (q.length >= 3) {
      const postings = [...new Set(trigrams(q))].map((t) => this.byTrigram.get(t));
      if (postings.some((p) => !p)) return;
      postings.sort((a, b) => a!.size - b!.size);
      keys = postings[0]!;
    }
    for (const key of keys) if (key.includes(q)) yield* this.byKey.get(key)!;
  }

  /** Ids whose qualified name has every one of `words` (lower case) among its words. */
  withWords(words: readonly string[]): string[] {
    const postings = words.map((w) => this.byWord.get(w));
    if (!postings.length || postings.some((p) => !p)) return [];
    postings.sort((a, b) => a!.size - b!.size);
    const [first, ...rest] = postings as Set<string>[];
    return [...first].filter((id) => rest.every((p) => p.has(id)));
  }

  /** Every distinct key, for the last-resort matches no index answers (letters in order). */
  keys(): IterableIterator<string> {
    return this.byKey.keys();
  }

  idsOf(key: string): ReadonlySet<string> {
    return this.byKey.get(key) ?? EMPTY;
  }
}

const EMPTY: ReadonlySet<string> = new Set();

function keysOf(name: string, qualified: string): string[] {
  const a = name.toLowerCase();
  const b = qualified.replace(/::/g, '.').toLowerCase();
  return a === b ? [a] : [a, b];
}

function trigrams(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 3 <= s.length; i++) out.push(s.slice(i, i + 3));
  return out;
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (!set.size) map.delete(key);
}
