/**
 * Reading types out of the signature text extraction keeps (no type checker at index time): enough to follow
 * `const s = make()` and `make().run()` to the declared return type.
 */

/** `innerFrom(input)` → `innerFrom`; `a.b(x, f(y))` → `a.b`; `new ns.Foo(1)` → `ns.Foo`; anything that is not one call on a plain path → undefined. */
export function calleeOfCallExpression(receiver: string): string | undefined {
  if (!receiver.endsWith(')')) return undefined;
  // `new Foo(…)` calls the class: the resolver makes that an instance of Foo.
  if (receiver.startsWith('new ')) return calleeOfCallExpression(receiver.slice(4));
  let depth = 0;
  for (let i = receiver.length - 1; i >= 0; i--) {
    const c = receiver[i];
    if (c === ')') depth++;
    else if (c === '(') {
      depth--;
      if (depth === 0) {
        const callee = receiver.slice(0, i).replace(/<[^()]*>$/, '');
        return /^[A-Za-z_$][\w$]*((\.|::)[A-Za-z_$][\w$]*)*$/.test(callee) ? callee : undefined;
      }
    }
  }
  return undefined;
}

/**
 * The named type a function declares it returns, per language family: TS `f(a: A): Foo<T>` / `f = (): ns.Foo =>`,
 * Python `def f(x) -> Foo`, Rust `fn f() -> Self` / `-> Box<Foo>`, Go `func F() (*pkg.Foo, error)`.
 * Unions, anonymous types and type predicates give undefined.
 */
export function returnTypeName(signature: string, name: string, family: string): string | undefined {
  const at = signature.indexOf(name);
  const open = signature.indexOf('(', at < 0 ? 0 : at + name.length);
  if (open < 0) return undefined;
  let depth = 0;
  for (let i = open; i < signature.length; i++) {
    const c = signature[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return RETURN_TYPE[family]?.exec(signature.slice(i + 1))?.[1];
  }
  return undefined;
}

const PATH = '([A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*)';
const RETURN_TYPE: Record<string, RegExp> = {
  js: new RegExp(`^\\s*:\\s*(?:Promise<)?${PATH}(?![\\w$.]*\\s+is\\b)\\s*(?:[<>;{]|$|=>)`),
  python: new RegExp(`^\\s*->\\s*["']?${PATH}["']?\\s*(?:\\[|$)`),
  rust: new RegExp(`^\\s*->\\s*&?(?:mut\\s+)?(?:(?:Box|Rc|Arc|Option|Result)<\\s*(?:dyn\\s+)?)?(?:impl\\s+)?${PATH}`),
  go: new RegExp(`^\\s*\\(?\\s*\\*?${PATH}`),
};

/** `f(source: Observable<T>, n?: number)` → [[source, Observable], [n, number]]: the TS parameters a signature annotates. */
export function annotatedParameters(signature: string): [string, string][] {
  const open = signature.indexOf('(');
  if (open < 0) return [];
  const out: [string, string][] = [];
  for (const m of signature.slice(open).matchAll(/[(,]\s*(?:(?:public|private|protected|readonly)\s+)*([A-Za-z_$][\w$]*)\??\s*:\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)/g)) {
    out.push([m[1], m[2]]);
  }
  return out;
}
