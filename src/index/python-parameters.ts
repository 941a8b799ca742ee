import type { Tree } from 'web-tree-sitter';
import { closing, skipSpace, untypedParameters } from './python-text';
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
