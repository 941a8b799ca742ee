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
 * Unions, anonymous types and type predicates give undefined. `result` picks another of Go's results (`(n int, err
 * error)`: 1 is `error`); with `elements`, a Go result's element type (`([]DirEntry, error)` → `DirEntry`, `map[K]V` → V).
 */
export function returnTypeName(signature: string, name: string, family: string, result = 0, elements = false): string | undefined {
  const at = signature.indexOf(name);
  const open = signature.indexOf('(', at < 0 ? 0 : at + name.length);
  if (open < 0) return undefined;
  let depth = 0;
  for (let i = open; i < signature.length; i++) {
    const c = signature[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) {
      const results = signature.slice(i + 1);
      if (family === 'go' && /^\s*\(/.test(results)) return goResultType(results, result, elements);
      if (family === 'go') return result === 0 ? goTypeName(results.trim(), elements) : undefined;
      if (result > 0 || elements) return undefined;
      // A constant annotated with a function type: `const succeed: <A>(value: A) => Effect<A> = core.succeed`.
      if (family === 'js' && at >= 0 && FUNCTION_TYPE_ANNOTATION.test(signature.slice(at + name.length, open))) return ANNOTATED_RETURN.exec(results)?.[1];
      return RETURN_TYPE[family]?.exec(results)?.[1];
    }
  }
  return undefined;
}

const PATH = '([A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*)';
/** Between a constant's name and its parameters: `: ` and the function type's own type parameters, if any. */
const FUNCTION_TYPE_ANNOTATION = /^\s*:\s*(?:<[^()]*>\s*)?$/;
/** The result of a function type: `=> Effect<A> = …`, `=> ns.Foo`; a type predicate or a function type returned says nothing. */
const ANNOTATED_RETURN = new RegExp(`^\\s*=>\\s*(?:Promise<)?${PATH}(?![\\w$.]*\\s+is\\b)\\s*(?:[<;=]|$)`);
const RETURN_TYPE: Record<string, RegExp> = {
  js: new RegExp(`^\\s*:\\s*(?:Promise<)?${PATH}(?![\\w$.]*\\s+is\\b)\\s*(?:[<>;{]|$|=>)`),
  python: new RegExp(`^\\s*->\\s*["']?${PATH}["']?\\s*(?:\\[|$)`),
  rust: new RegExp(`^\\s*->\\s*&?(?:mut\\s+)?(?:(?:Box|Rc|Arc|Option|Result)<\\s*(?:dyn\\s+)?)?(?:impl\\s+)?${PATH}`),
};

/** Result `index` of a Go result list (`(*T, error)`, `(n int, err error)`, `(a, b *T)`): its named type, without `*`. */
function goResultType(results: string, index: number, elements: boolean): string | undefined {
  const list = /^\s*\((.*)\)\s*$/.exec(results)?.[1];
  if (list === undefined) return undefined;
  const parts = splitTopLevel(list);
  if (index >= parts.length) return undefined;
  // Named results (`n int, err error`, `a, b *T`): a bare name takes the type of the next part that has one.
  const named = parts.some((p) => /^[A-Za-z_]\w*\s+\S/.test(p));
  for (let i = index; i < parts.length; i++) {
    const type = named ? /^[A-Za-z_]\w*\s+(.+)$/.exec(parts[i])?.[1] : parts[i];
    if (type !== undefined) return goTypeName(type.trim(), elements);
    if (!named) return undefined;
  }
  return undefined;
}

const GO_NAMED = new RegExp(`^\\*?${PATH}\\s*(?:\\[|$)`);
const GO_ELEMENTS = new RegExp(`^(?:\\[\\d*\\]|map\\[[^\\]]*\\])\\*?${PATH}\\s*(?:\\[|$)`);

/** The named type a Go type expression is (`*pkg.T` → `pkg.T`), or with `elements` the element type of a slice, array or map of one. */
function goTypeName(type: string, elements: boolean): string | undefined {
  const name = (elements ? GO_ELEMENTS : GO_NAMED).exec(type)?.[1];
  return name === undefined || GO_TYPE_KEYWORDS.has(name) ? undefined : name;
}

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

const GO_TYPE_KEYWORDS = new Set(['func', 'map', 'chan', 'struct', 'interface']);

/**
 * The parameter and result types of a Go method, names and package qualifiers dropped (`Write(p []byte) (n int,
 * err error)` → `([]byte)(int,error)`), so an interface method and a concrete one can be compared the way method
 * sets are: same name and same signature. undefined when the signature was cut short (too long to compare).
 */
export function goMethodShape(signature: string, name: string): string | undefined {
  if (signature.endsWith('…')) return undefined;
  // A method's receiver comes before its name: start at the name followed by its parameter list.
  const at = nameBeforeParameters(signature, name);
  if (at < 0) return undefined;
  let open = signature.indexOf('(', at + name.length);
  // A generic method's type parameters (`M[T any](…)`) are not part of the shape.
  if (signature[signature.slice(at + name.length).search(/\S/) + at + name.length] === '[') open = signature.indexOf('(', matching(signature, signature.indexOf('[', at)) + 1);
  const close = matching(signature, open);
  if (open < 0 || close < 0) return undefined;
  const params = goTypeList(signature.slice(open + 1, close));
  const rest = signature.slice(close + 1).trim();
  const results = rest.startsWith('(') ? goTypeList(rest.slice(1, matching(rest, 0))) : rest ? [unqualified(rest)] : [];
  return `(${params.join(',')})(${results.join(',')})`;
}

/** Where `name` stands as a whole word followed by `(` or `[` (its parameters), or -1. */
function nameBeforeParameters(signature: string, name: string): number {
  for (let at = signature.indexOf(name); at >= 0; at = signature.indexOf(name, at + 1)) {
    if (at > 0 && /\w/.test(signature[at - 1])) continue;
    let i = at + name.length;
    while (signature[i] === ' ') i++;
    if (signature[i] === '(' || signature[i] === '[') return at;
  }
  return -1;
}

function matching(text: string, open: number): number {
  if (open < 0) return -1;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && --depth === 0) return i;
  }
  return -1;
}

/** `a, b int, c ...string` → [int, int, ...string]; `[]byte, error` → [[]byte, error]. */
function goTypeList(list: string): string[] {
  const parts = list.trim() ? splitTopLevel(list) : [];
  const namedPart = (p: string) => {
    const m = /^([A-Za-z_]\w*)\s+(\S.*)$/.exec(p);
    return m && !GO_TYPE_KEYWORDS.has(m[1]) ? m[2] : undefined;
  };
  const named = parts.some((p) => namedPart(p) !== undefined);
  if (!named) return parts.map(unqualified);
  // Named: a bare name takes the type of the next part that has one (`a, b int`).
  const out: string[] = [];
  let pending = 0;
  for (const p of parts) {
    const type = namedPart(p);
    if (type === undefined) {
      pending++;
      continue;
    }
    for (let i = 0; i <= pending; i++) out.push(unqualified(type));
    pending = 0;
  }
  return out;
}

function unqualified(type: string): string {
  return type.replace(/\b[A-Za-z_]\w*\./g, '').replace(/\s+/g, '').replace(/interface\{\}/g, 'any');
}

/** `a int, f func(x, y int), m map[K]V` split at its top-level commas, each part trimmed. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts;
}
