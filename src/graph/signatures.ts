/**
 * Reading types out of the signature text extraction keeps (no type checker at index time): enough to follow
 * `const s = make()` and `make().run()` to the declared return type.
 */

/** `innerFrom(input)` → `innerFrom`; `a.b(x, f(y))` → `a.b`; anything that is not one call on a plain path → undefined. */
export function calleeOfCallExpression(receiver: string): string | undefined {
  if (!receiver.endsWith(')')) return undefined;
  let depth = 0;
  for (let i = receiver.length - 1; i >= 0; i--) {
    const c = receiver[i];
    if (c === ')') depth++;
    else if (c === '(') {
      depth--;
      if (depth === 0) {
        const callee = receiver.slice(0, i).replace(/<[^()]*>$/, '');
        return /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(callee) ? callee : undefined;
      }
    }
  }
  return undefined;
}

/**
 * The named type a TS/JS function declares it returns: `function f(a: A): Foo<T>` / `f = (): ns.Foo =>` → `Foo` /
 * `ns.Foo`. Type predicates, unions and anonymous types give undefined.
 */
export function returnTypeName(signature: string, name: string): string | undefined {
  const at = signature.indexOf(name);
  const open = signature.indexOf('(', at < 0 ? 0 : at + name.length);
  if (open < 0) return undefined;
  let depth = 0;
  for (let i = open; i < signature.length; i++) {
    const c = signature[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) {
      const m = /^\s*:\s*(?:Promise<)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?![\w$.]*\s+is\b)\s*(?:<|$|=>|\{|\s*;)/.exec(signature.slice(i + 1));
      return m?.[1];
    }
  }
  return undefined;
}
