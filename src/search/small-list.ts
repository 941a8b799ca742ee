/**
 * Small lists for the name indexes (name-index.ts, name-fuzzy.ts): a list kept as one bare value while it has one (ids and slots are never arrays): an array of one costs ~5× the
 * value, and most keys, words and trigrams of a large workspace have one.
 */
export function appended<V>(list: V | V[] | undefined, value: V): V | V[] {
  if (list === undefined) return value;
  if (Array.isArray(list)) {
    list.push(value);
    return list;
  }
  return [list, value];
}

/** The list without `value` (undefined once empty; back to a bare value at one). */
export function without<V>(list: V | V[], value: V): V | V[] | undefined {
  if (!Array.isArray(list)) return list === value ? undefined : list;
  const at = list.indexOf(value);
  if (at >= 0) list.splice(at, 1);
  return list.length === 1 ? list[0] : list.length ? list : undefined;
}

/** Whether the list holds `value`. */
export function includes<V>(list: V | V[], value: V): boolean {
  return Array.isArray(list) ? list.includes(value) : list === value;
}

/** The list as an array (a new array of one for a bare value). */
export function listOf<V>(list: V | V[]): readonly V[] {
  return Array.isArray(list) ? list : [list];
}

/** Each value of the list, in order. */
export function forEachId<V>(list: V | V[], visit: (value: V) => void): void {
  if (Array.isArray(list)) list.forEach((v) => visit(v));
  else visit(list);
}
