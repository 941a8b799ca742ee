import type { BindingRecord } from './records';

/**
 * Rust generic bounds: `fn f<T: Shape>(s: &T)` and `where T: Shape` say that a value of type `T` is a Shape
 * as far as calls on it go. The query captures each bound as a binding of the type parameter (`T` → `Shape`,
 * marked `@bind.bound`); this rewrites the bindings of the same scope that name the parameter as their type,
 * so the resolver sees `s: Shape` and the call `s.area()` goes through the trait (and dispatches from there).
 * The bound bindings themselves are dropped: a type parameter is not a variable.
 */
export function withTypeBounds(bindings: BindingRecord[], bounds: BindingRecord[]): BindingRecord[] {
  if (!bounds.length) return bindings;
  const boundOf = new Map<string, string>();
  // The first bound of a parameter names the trait calls most likely go through (`T: Shape + Clone`).
  for (const b of bounds) {
    const key = `${b.scope ?? ''}\0${b.name}`;
    if (!boundOf.has(key)) boundOf.set(key, b.type);
  }
  return bindings.map((b) => {
    const bound = boundOf.get(`${b.scope ?? ''}\0${b.type}`);
    return bound === undefined ? b : { ...b, type: bound };
  });
}
