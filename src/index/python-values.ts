import type { Node, QueryMatch } from 'web-tree-sitter';
import { lineStarts } from '../common/text-match';
import type { Locate } from './js-values';
import { argumentsOf, closing, isWordChar, skipBlank } from './python-text';
import type { BindingRecord, CallRecord, ImportRecord, SymbolRecord, ValueRecord } from './records';

/**
 * Python functions handed to calls (ValueRecord `arg`): `run(f)`, `run(obj.m)`, `run(self.m)`, `run(cb=f)`,
 * `run(partial(f, 1))` (the function partial wraps), and a definition under its innermost decorator (a query match).
 * Arguments are read from each call's text (argumentsOf), not matched by the query: a pattern matched every
 * argument of a file, a `Node` built in JS for each, and most are data. Only references that can name a workspace
 * function are kept (a name this file declares, imports or binds to a value or type, or `self.m` / `cls.m` for a
 * method name it declares), so records stay small.
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
  matches: QueryMatch[], calls: CallRecord[], symbols: SymbolRecord[], imports: ImportRecord[], bindings: BindingRecord[], locate: Locate, column: (index: number) => number, text: string,
): ValueRecord[] | undefined {
  if (matches.length === 0 && calls.length === 0) return undefined;
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
    const v = decoratedFrom(match, locate, column);
    if (v) out.push(v);
  }
  argumentValues(calls, known, text, column, out);
  if (!out.length) return undefined;
  // In the order of the text, as the query gave them when it matched arguments.
  return out.sort((a, b) => a.line - b.line || a.character - b.character);
}

function decoratedFrom(match: QueryMatch, locate: Locate, column: (index: number) => number): ValueRecord | undefined {
  let refNode: Node | undefined;
  let decorator: Node | undefined;
  for (const c of match.captures) {
    if (c.name === 'value.ref') refNode = c.node;
    else if (c.name === 'value.decorator') decorator = c.node;
  }
  return refNode && decorator ? decorated(refNode, decorator, locate, column) : undefined;
}

/**
 * The arguments that can name a workspace function, of every call with an argument list (`f(…)`, `a.b.m(…)`; not
 * `xs[0](…)`, a bare decorator or `partial(…)` itself): a plain name or dotted path, by position or keyword, or the
 * function a `partial(f, …)` argument wraps, placed as the tags query placed them (the call at its callee's name).
 */
function argumentValues(calls: CallRecord[], known: Known, text: string, column: (index: number) => number, out: ValueRecord[]): void {
  if (!calls.length) return;
  const at = offsets(text);
  for (const call of calls) {
    const nameAt = at.offset(call.line, call.character);
    const open = skipBlank(text, nameAt + call.name.length);
    if (text[open] !== '(' || isPartialCall(text, call, nameAt)) continue;
    for (const arg of argumentsOf(text, open)) {
      if (arg.value === undefined) continue;
      let ref = arg.value;
      if (!arg.simple) {
        // `run(partial(f, 1))`: f is the first argument of partial, which calls nothing; run calls f when it calls that argument.
        const wrapped = partialArgument(text, ref.start, arg.end);
        if (!wrapped) continue;
        ref = wrapped;
      }
      if (ref.end - ref.start > REF_MAX) continue;
      const path = text.slice(ref.start, ref.end);
      if (!PATH.test(path) || !worthKeeping(path, known)) continue;
      const line = at.line(ref.start);
      const character = at.column(ref.start, line, column);
      // Two literals, not a spread of `{ name }` or `{ index }`: the same keys in the same order, without the copy.
      if (arg.keyword !== undefined) out.push({ kind: 'arg', ref: path, name: arg.keyword, callLine: call.line, callCharacter: call.character, line, character, scope: call.enclosing });
      else out.push({ kind: 'arg', ref: path, index: arg.index, callLine: call.line, callCharacter: call.character, line, character, scope: call.enclosing });
    }
  }
}

/** A call whose callee is written `partial` or `functools.partial`. */
function isPartialCall(text: string, call: CallRecord, nameAt: number): boolean {
  if (call.name !== 'partial') return false;
  return call.receiver === undefined || (call.receiver === 'functools' && text.startsWith('functools.', nameAt - 10));
}

const PARTIAL_CALLEE = /(?:functools\.)?partial/y;

/** The first positional argument of `partial(…)` when the argument from `start` to `end` is just that call. */
function partialArgument(text: string, start: number, end: number): { start: number; end: number } | undefined {
  PARTIAL_CALLEE.lastIndex = start;
  const m = PARTIAL_CALLEE.exec(text);
  if (!m) return undefined;
  const after = start + m[0].length;
  if (isWordChar(text[after]) || text[after] === '.') return undefined;
  const open = skipBlank(text, after);
  if (text[open] !== '(') return undefined;
  const close = closing(text, open);
  if (skipBlank(text, close + 1) !== end) return undefined;
  for (const arg of argumentsOf(text, open)) {
    if (arg.keyword !== undefined) continue;
    return arg.index === 0 && arg.simple ? arg.value : undefined;
  }
  return undefined;
}

/**
 * Offsets of 1-based lines and code-point characters in `text`, and the line and character of an offset: from the
 * line starts when the text has no surrogate pairs (string units are then code points), else by `column`.
 */
function offsets(text: string): { offset(line: number, character: number): number; line(offset: number): number; column(offset: number, line: number, column: (offset: number) => number): number } {
  const starts = lineStarts(text);
  const wide = /[\ud800-\udfff]/.test(text);
  return {
    offset(line, character) {
      const start = starts[line - 1];
      if (!wide) return start + character - 1;
      let at = start;
      for (let n = 1; n < character; n++) at += (text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
      return at;
    },
    line(offset) {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo + 1;
    },
    column(offset, line, column) {
      return wide ? column(offset) : offset - starts[line - 1] + 1;
    },
  };
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
