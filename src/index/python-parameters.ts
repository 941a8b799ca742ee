import type { Tree } from 'web-tree-sitter';
import type { BindingRecord, CallRecord, SymbolRecord, ValueRecord } from './records';

/**
 * Untyped Python parameters as bindings (bound, type unknown: `def f(a): a()` calls the parameter, not a module
 * function `a`), made only for the names the linker can ask about: a name the file calls bare, passes as an
 * argument (ValueRecord `ref`) or binds another name to (a binding's `type`). Every lookup of an untyped
 * parameter's binding is by such a name (src/graph: a bare call's scopes, what an argument or alias denotes, whether a
 * callee's nested function rebinds a parameter it calls), so the others would only be carried, posted and interned:
 * they were 58% of the stdlib's bindings.
 *
 * The names are read from the source text of each function's parameter list, not by a query pattern: every
 * parameter of a file matched one, a `Node` built in JS per match. A file with syntax errors (where a `parameters`
 * node may stand outside a definition) is read from the tree instead, as the pattern did.
 */
export function parameterBindings(symbols: SymbolRecord[], calls: CallRecord[], bindings: BindingRecord[], values: ValueRecord[] | undefined, text: string, tree: Tree, locate: (offset: number) => number | undefined): { bindings: BindingRecord[]; starts: number[] } {
  const wanted = new Set<string>();
  for (const c of calls) if (c.receiver === undefined) wanted.add(c.name);
  for (const b of bindings) if (b.type !== '') wanted.add(b.type);
  for (const v of values ?? []) wanted.add(v.ref);
  const out: BindingRecord[] = [];
  const starts: number[] = [];
  const add = (name: string, start: number, scope: number | undefined) => {
    if (!wanted.has(name)) return;
    out.push({ name, type: '', scope });
    starts.push(start);
  };
  if (tree.rootNode.hasError) {
    for (const list of tree.rootNode.descendantsOfType('parameters')) {
      for (const p of list?.namedChildren ?? []) {
        const name = p && untypedName(p);
        if (name) add(name.text, name.startIndex, locate(name.startIndex));
      }
    }
    return { bindings: out, starts };
  }
  for (let i = 0; i < symbols.length; i++) {
    const s = symbols[i];
    if (s.kind !== 'function' && s.kind !== 'method') continue;
    for (const p of untypedParametersOf(text, s.startIndex, s.name)) add(p.name, p.start, i);
  }
  return { bindings: out, starts };
}

type Named = { type: string; text: string; startIndex: number; childForFieldName(f: string): Named | null; namedChildren: (Named | null)[] };

/** The name node of an untyped parameter (`a`, `a=1`, `*a`, `**a`), as the tags pattern captured it. */
function untypedName(p: Named): Named | undefined {
  if (p.type === 'identifier') return p;
  if (p.type === 'default_parameter') {
    const n = p.childForFieldName('name');
    return n?.type === 'identifier' ? n : undefined;
  }
  if (p.type === 'list_splat_pattern' || p.type === 'dictionary_splat_pattern') return p.namedChildren.find((c) => c?.type === 'identifier') ?? undefined;
  return undefined;
}

const SPACE = /[ \t\f\r\n\\]/;

/** The untyped parameters of the definition `def name(…)` starting at `defStart` (see untypedParameters). */
export function untypedParametersOf(text: string, defStart: number, name: string): { name: string; start: number }[] {
  const open = parameterListStart(text, defStart, name);
  if (open < 0) throw new Error(`python: no parameter list after def ${name} at offset ${defStart}`);
  return untypedParameters(text, open);
}

/** The offset of the `(` opening a definition's parameters: after `[async] def name` and its type parameters, if any. */
function parameterListStart(text: string, defStart: number, name: string): number {
  let at = text.indexOf('def', defStart);
  if (at < 0) return -1;
  at = skipSpace(text, at + 3);
  if (!text.startsWith(name, at)) return -1;
  at = skipSpace(text, at + name.length);
  // `def f[T: (int, str)](x)`: type parameters first.
  if (text[at] === '[') at = skipSpace(text, closing(text, at) + 1);
  return text[at] === '(' ? at : -1;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && SPACE.test(text[at])) at++;
  return at;
}

/**
 * The offset of the bracket that closes the one at `open` (or the text's end), strings and comments skipped. Each
 * character directly inside (not in a nested bracket, string or comment) goes to `visit`, which returns the offset
 * it read up to (to skip a word).
 */
function closing(text: string, open: number, visit?: (at: number) => number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = stringEnd(text, i) - 1;
    else if (c === '#') i = lineEnd(text, i) - 1;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth === 0) return i;
    } else if (depth === 1 && visit) i = visit(i);
  }
  return text.length;
}

/** The offset just past the string literal whose quote is at `at` (single, or tripled). */
function stringEnd(text: string, at: number): number {
  const q = text[at];
  const triple = text[at + 1] === q && text[at + 2] === q;
  for (let i = at + (triple ? 3 : 1); i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === q && (!triple || (text[i + 1] === q && text[i + 2] === q))) return i + (triple ? 3 : 1);
    else if (c === '\n' && !triple) return i;
  }
  return text.length;
}

function lineEnd(text: string, at: number): number {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl;
}

const IDENTIFIER = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;

/**
 * The untyped parameters of the list opening at `open`: `a`, `a=1`, `*args`, `**kw` (not `a: int`, `a: int = 1`,
 * `*`, `/`). Parts are split at the commas between parameters: not those in brackets, strings or a default's
 * `lambda x, y: …`; a part with an annotation's colon (one no lambda opened) is typed.
 */
export function untypedParameters(text: string, open: number): { name: string; start: number }[] {
  const out: { name: string; start: number }[] = [];
  let partStart = open + 1;
  let typed = false;
  let lambdas = 0;
  const endPart = () => {
    if (!typed) {
      let at = skipSpace(text, partStart);
      // `a,  # note` then the next parameter on the next line.
      while (text[at] === '#') at = skipSpace(text, lineEnd(text, at));
      while (text[at] === '*') at++;
      at = skipSpace(text, at);
      IDENTIFIER.lastIndex = at;
      const m = IDENTIFIER.exec(text);
      if (m && m[0] !== 'lambda') out.push({ name: m[0], start: at });
    }
    typed = false;
    lambdas = 0;
  };
  closing(text, open, (i) => {
    const c = text[i];
    if (c === ',' && lambdas === 0) {
      endPart();
      partStart = i + 1;
    } else if (c === ':') {
      if (lambdas > 0) lambdas--;
      else typed = true;
    } else if (c === 'l' && text.startsWith('lambda', i) && !isWordChar(text[i - 1]) && !isWordChar(text[i + 6])) {
      lambdas++;
      return i + 5;
    } else if (isWordChar(c)) {
      // The rest of a word: a `lambda` inside a longer name (`my_lambda`) is not one.
      while (i + 1 < text.length && isWordChar(text[i + 1])) i++;
    }
    return i;
  });
  endPart();
  return out;
}

const WORD = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]/u;

function isWordChar(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
  return WORD.test(c);
}
