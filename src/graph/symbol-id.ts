/**
 * Symbol ids, built and read in this one place: `<workspace-relative path>#<qualified name>`, plus `~N` for the
 * Nth symbol of the same qualified name in a file (overloads, redeclarations). Readable, and stable across edits
 * that do not rename or reorder duplicates.
 */
export function symbolId(file: string, qualifiedName: string, occurrence = 1): string {
  return occurrence === 1 ? `${file}#${qualifiedName}` : `${file}#${qualifiedName}~${occurrence}`;
}

export interface ParsedSymbolId {
  file: string;
  qualifiedName: string;
  occurrence: number;
}

/** The parts of a symbol id, or undefined when `text` is not shaped like one (no `#`, or nothing on either side). */
export function parseSymbolId(text: string): ParsedSymbolId | undefined {
  const hash = text.indexOf('#');
  if (hash <= 0 || hash === text.length - 1) return undefined;
  const file = text.slice(0, hash);
  const rest = text.slice(hash + 1);
  const dup = /~(\d+)$/.exec(rest);
  return dup ? { file, qualifiedName: rest.slice(0, dup.index), occurrence: Number(dup[1]) } : { file, qualifiedName: rest, occurrence: 1 };
}
