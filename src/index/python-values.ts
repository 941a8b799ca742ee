import type { Node, QueryMatch } from 'web-tree-sitter';
import type { BindingRecord, ImportRecord, SymbolRecord, ValueRecord } from './records';
import type { Locate } from './js-values';

/**
 * Python functions handed to calls (ValueRecord `arg`): `run(f)`, `run(obj.m)`, `run(self.m)`, `run(cb=f)`,
 * `run(partial(f, 1))` (the function partial wraps), and a definition under its innermost decorator. The query
 * matches every argument; only references that can name a workspace function are kept (a name this file declares,
 * imports or binds to a value or type, or `self.m` / `cls.m` for a method name it declares), so records stay small.
 */

const REF_MAX = 120;
const PATH = /^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/;
const PARTIAL = new Set(['partial', 'functools.partial']);
/** Decorators that wrap or mark a definition and never call it (the last name of `@x.setter`, `@functools.wraps(f)`). */
const WRAPPING_DECORATORS = new Set([
  'property', 'setter', 'getter', 'deleter', 'staticmethod', 'classmethod', 'abstractmethod', 'cached_property', 'wraps',
  'overload', 'override', 'final', 'cache', 'lru_cache', 'contextmanager', 'asynccontextmanager', 'total_ordering', 'dataclass',
]);

export function pythonValues(
  matches: QueryMatch[], symbols: SymbolRecord[], imports: ImportRecord[], bindings: BindingRecord[], locate: Locate, column: (index: number) => number, text: string,
): ValueRecord[] | undefined {
  if (matches.length === 0) return undefined;
  // A bare name can hold a function when it names one, an import, an alias (`f = obj.m`) or what a call of one of
  // those returned (`g = make()`); a dotted path's head can be anything the file declares, imports or types
  // (`worker = Worker()` then `run(worker.process)`). Most arguments are data: they go no further.
  const functions = new Set<string>();
  const heads = new Set<string>();
  for (const s of symbols) {
    heads.add(s.name);
    if (s.kind === 'function' || s.kind === 'method') functions.add(s.name);
  }
  for (const i of imports) if (i.local !== undefined) heads.add(i.local), functions.add(i.local);
  for (const b of bindings) {
    if (b.type === '' || b.field) continue;
    heads.add(b.name);
    if ((b.alias && !b.collection) || functions.has(b.type)) functions.add(b.name);
  }
  const known = { functions, heads };
  const out: ValueRecord[] = [];
  for (const match of matches) {
    const v = valueFrom(match, known, locate, column, text);
    if (v) out.push(v);
  }
  return out.length ? out : undefined;
}

function valueFrom(match: QueryMatch, known: Known, locate: Locate, column: (index: number) => number, text: string): ValueRecord | undefined {
  let refNode: Node | undefined;
  let decorator: Node | undefined;
  for (const c of match.captures) {
    if (c.name === 'value.ref') refNode = c.node;
    else if (c.name === 'value.decorator') decorator = c.node;
  }
  if (!refNode) return undefined;
  if (decorator) return decorated(refNode, decorator, locate, column);
  // Filters first, tree walks and positions last: this runs for every argument of the file.
  // The end is read once and the text cut from the source: `refNode.text` would read the end from WASM again.
  const start = refNode.startIndex;
  const end = refNode.endIndex;
  if (end - start > REF_MAX) return undefined;
  const ref = text.slice(start, end);
  if (!PATH.test(ref) || !worthKeeping(ref, known)) return undefined;
  let argument = callArgument(refNode);
  // `run(partial(f, 1))`: f is the first argument of partial, which calls nothing; the call receiving the partial
  // calls f when it calls that argument.
  if (argument && argument.index === 0 && PARTIAL.has(argument.fn.text)) argument = callArgument(argument.call);
  if (!argument || PARTIAL.has(argument.fn.text)) return undefined;
  const { call, callee, keyword, index } = argument;
  return {
    kind: 'arg', ref, ...(keyword ? { name: keyword } : { index }),
    callLine: callee.startPosition.row + 1, callCharacter: column(callee.startIndex),
    line: refNode.startPosition.row + 1, character: column(refNode.startIndex), scope: locate(call.startIndex).symbol,
  };
}

/** The call a node is an argument of, with the callee's name node and the argument's keyword or position. */
function callArgument(node: Node): { call: Node; fn: Node; callee: Node; keyword?: string; index?: number } | undefined {
  const parent = node.parent;
  const keyword = parent?.type === 'keyword_argument' ? parent.childForFieldName('name')?.text : undefined;
  const args = keyword !== undefined ? parent!.parent : parent;
  const call = args?.parent;
  // `class C(Base)` has an argument list too.
  if (!args || args.type !== 'argument_list' || call?.type !== 'call') return undefined;
  const fn = call.childForFieldName('function');
  const callee = calleeNameNode(fn);
  if (!fn || !callee) return undefined;
  return { call, fn, callee, keyword, index: keyword !== undefined ? undefined : positionalIndex(args, node) };
}

/** `@dec` over `def f`: dec applied to f (index 0); `@dec(…)`: what dec(…) returns applied to f (index -1). */
function decorated(refNode: Node, decorator: Node, locate: Locate, column: (index: number) => number): ValueRecord | undefined {
  const applied = decorator.namedChildren.find((n) => n !== null && n.type !== 'comment') ?? undefined;
  const callee = applied && calleeNameNode(applied.type === 'call' ? applied.childForFieldName('function') : applied);
  if (!applied || !callee || WRAPPING_DECORATORS.has(callee.text)) return undefined;
  return {
    kind: 'arg', ref: refNode.text, index: applied.type === 'call' ? -1 : 0, decorates: true,
    callLine: callee.startPosition.row + 1, callCharacter: column(callee.startIndex),
    line: refNode.startPosition.row + 1, character: column(refNode.startIndex), scope: locate(decorator.startIndex).symbol,
  };
}

interface Known {
  functions: Set<string>;
  heads: Set<string>;
}

/** A reference can name a workspace function only through something this file declares, imports or binds, or `self`/`cls`. */
function worthKeeping(ref: string, known: Known): boolean {
  const dot = ref.indexOf('.');
  if (dot < 0) return known.functions.has(ref);
  const head = ref.slice(0, dot);
  if (head === 'self' || head === 'cls') return known.functions.has(ref.slice(ref.lastIndexOf('.') + 1));
  return known.heads.has(head);
}

/** The name node a call record is positioned at: `f` in `f(…)`, `m` in `a.b.m(…)`. */
function calleeNameNode(fn: Node | null | undefined): Node | undefined {
  if (!fn) return undefined;
  if (fn.type === 'identifier') return fn;
  if (fn.type === 'attribute') return fn.childForFieldName('attribute') ?? undefined;
  return undefined;
}

/** The argument's index among positional arguments; undefined after `*xs` (the position is unknown). */
function positionalIndex(args: Node, arg: Node): number | undefined {
  let i = 0;
  for (const child of args.namedChildren) {
    if (!child || child.type === 'comment' || child.type === 'keyword_argument') continue;
    if (child.startIndex === arg.startIndex) return i;
    if (child.type === 'list_splat' || child.type === 'dictionary_splat') return undefined;
    i++;
  }
  return undefined;
}
