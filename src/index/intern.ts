import type { FileRecord } from './records';

/**
 * One copy of each string across many files' records. Records that come back from a parse worker are parsed
 * from JSON text: every name, kind, signature, receiver and type in them is a fresh string, so the thousands of
 * `run`, `this`, `method` and `string` of a large workspace each held their own copy for as long as the index lives.
 * `record` replaces each string field with the first equal string seen; values do not change. Doc comments are
 * left alone (long, rarely repeated: hashing them would cost more than it saves).
 */
export class StringPool {
  private readonly strings = new Map<string, string>();

  intern<T extends string | undefined>(s: T): T {
    if (s === undefined) return s;
    const known = this.strings.get(s);
    if (known !== undefined) return known as T;
    this.strings.set(s, s);
    return s;
  }

  /** The same record, its strings interned in place. */
  record(r: FileRecord): FileRecord {
    r.lang = this.intern(r.lang);
    if (r.packageName !== undefined) r.packageName = this.intern(r.packageName);
    for (const s of r.symbols) {
      s.name = this.intern(s.name);
      s.qualifiedName = this.intern(s.qualifiedName);
      s.kind = this.intern(s.kind);
      s.signature = this.intern(s.signature);
      if (s.heritage) s.heritage = s.heritage.map((h) => this.intern(h));
      if (s.trait !== undefined) s.trait = this.intern(s.trait);
    }
    for (const c of r.calls) {
      c.name = this.intern(c.name);
      if (c.receiver !== undefined) c.receiver = this.intern(c.receiver);
    }
    for (const i of r.imports) {
      i.source = this.intern(i.source);
      if (i.name !== undefined) i.name = this.intern(i.name);
      if (i.local !== undefined) i.local = this.intern(i.local);
    }
    for (const b of r.bindings) {
      b.name = this.intern(b.name);
      b.type = this.intern(b.type);
    }
    for (const v of r.values ?? []) {
      v.kind = this.intern(v.kind);
      if (v.name !== undefined) v.name = this.intern(v.name);
      v.ref = this.intern(v.ref);
    }
    return r;
  }
}
