import type { FileRecord } from './records';

/**
 * Overloads are one symbol to an agent: TS overload signatures (`function f(a: string): …; function f(a: number): …;
 * function f(a) {…}`), interface method overloads, a Python property's getter and setter. A run of same-named
 * functions or methods side by side under the same parent becomes its last member (the implementation), with
 * its range and name position widened to the first, and the first one's doc when it has none. Indices into the symbol list
 * (parents, enclosing symbols of calls, binding and value scopes) are remapped.
 */
export function mergeOverloads(record: FileRecord): FileRecord {
  const { symbols } = record;
  const mergedInto = new Map<number, number>();
  for (let i = 0; i + 1 < symbols.length; i++) {
    const a = symbols[i];
    const b = symbols[i + 1];
    if (callable(a.kind) && callable(b.kind) && a.qualifiedName === b.qualifiedName && a.parent === b.parent && a.trait === b.trait && a.lineEnd <= b.lineStart && !assigned(a) && !assigned(b)) {
      mergedInto.set(i, i + 1);
    }
  }
  if (mergedInto.size === 0) return record;
  const final = (i: number): number => {
    let j = i;
    while (mergedInto.has(j)) j = mergedInto.get(j)!;
    return j;
  };
  const newIndex = new Map<number, number>();
  const kept: typeof symbols = [];
  symbols.forEach((s, i) => {
    if (mergedInto.has(i)) return;
    newIndex.set(i, kept.length);
    kept.push({ ...s });
  });
  // Widen each kept symbol to its first overload and take that one's doc if it has none.
  symbols.forEach((s, i) => {
    if (!mergedInto.has(i)) return;
    const target = kept[newIndex.get(final(i))!];
    if (s.lineStart < target.lineStart) {
      target.lineStart = s.lineStart;
      target.startIndex = s.startIndex;
      // The name's column goes with its line: positions (line_start, character) point at the first declaration.
      target.character = s.character;
      target.doc ??= s.doc;
    }
  });
  const remap = (i: number | undefined) => (i === undefined ? undefined : newIndex.get(final(i)));
  for (const s of kept) s.parent = remap(s.parent);
  return {
    ...record,
    symbols: kept,
    calls: record.calls.map((c) => (c.enclosing === undefined ? c : { ...c, enclosing: remap(c.enclosing) })),
    bindings: record.bindings.map((b) => (b.scope === undefined ? b : { ...b, scope: remap(b.scope) })),
    ...(record.values ? { values: record.values.map((v) => (v.scope === undefined ? v : { ...v, scope: remap(v.scope) })) } : {}),
  };
}

/** A function or method: what can be overloaded. Not a closure in mergeOverloads' loop: one would be made per symbol. */
function callable(kind: string): boolean {
  return kind === 'function' || kind === 'method';
}

/**
 * `f = () => …` / `f: T = function …`: a function held by a variable or field cannot be overloaded. Two of them with
 * one name side by side are two functions (seen where a parse error flattens nesting), never one.
 */
function assigned(s: { name: string; signature: string }): boolean {
  return s.signature.startsWith(s.name) && /^\s*(?::[^=(]*)?=/.test(s.signature.slice(s.name.length));
}
