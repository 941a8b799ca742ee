import type { SymbolRecord } from '../index/records';

/**
 * Symbol ids, built and read in this one place: `<workspace-relative path>#<qualified name>`, plus a suffix when
 * the file has more than one symbol of that qualified name — `~N` for the Nth (overloads, redeclarations), or
 * `~Trait` for a Rust method that a type has in several trait impls. Readable, and stable across edits that do
 * not rename or reorder duplicates.
 */
export function symbolId(file: string, qualifiedName: string, suffix?: string | number): string {
  return suffix === undefined || suffix === 1 ? `${file}#${qualifiedName}` : `${file}#${qualifiedName}~${suffix}`;
}

/**
 * The ids of one file's symbols, in order. A Rust method whose type has a same-named method in another impl block
 * is told apart by its trait (`Thin.method~Display`), so its id does not depend on the order of the impl blocks.
 */
export function symbolIds(file: string, symbols: readonly SymbolRecord[]): string[] {
  const count = new Map<string, number>();
  let repeated = false;
  for (const s of symbols) {
    const n = count.get(s.qualifiedName);
    if (n !== undefined) repeated = true;
    count.set(s.qualifiedName, (n ?? 0) + 1);
  }
  // Most files name each symbol once: every id is then the plain one (a warm start makes 70k at a million lines).
  if (!repeated) return symbols.map((s) => symbolId(file, s.qualifiedName));
  const taken = new Set<string>();
  const seen = new Map<string, number>();
  return symbols.map((s) => {
    if (s.trait && count.get(s.qualifiedName)! > 1) {
      const byTrait = symbolId(file, s.qualifiedName, s.trait);
      if (!taken.has(byTrait)) {
        taken.add(byTrait);
        return byTrait;
      }
    }
    const n = (seen.get(s.qualifiedName) ?? 0) + 1;
    seen.set(s.qualifiedName, n);
    // A numbered id never collides with a trait-named one: a trait name is an identifier, never a number.
    return symbolId(file, s.qualifiedName, n);
  });
}

export interface ParsedSymbolId {
  file: string;
  qualifiedName: string;
  /** `~N` or `~Trait`, when the id has one. */
  suffix?: string;
}

/** The parts of a symbol id, or undefined when `text` is not shaped like one (no `#`, or nothing on either side). */
export function parseSymbolId(text: string): ParsedSymbolId | undefined {
  const hash = text.indexOf('#');
  if (hash <= 0 || hash === text.length - 1) return undefined;
  const file = text.slice(0, hash);
  const rest = text.slice(hash + 1);
  const suffix = /~(\w+)$/.exec(rest);
  return suffix ? { file, qualifiedName: rest.slice(0, suffix.index), suffix: suffix[1] } : { file, qualifiedName: rest };
}
