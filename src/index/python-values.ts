import type { Node, QueryMatch } from 'web-tree-sitter';
import type { Locate } from './js-values';
import { closing, CONTINUATION, isWordChar, PUNCT, skipBlank, WORD } from './python-text';
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
      out.push({
        kind: 'arg', ref: path, ...(arg.keyword !== undefined ? { name: arg.keyword } : { index: arg.index }),
        callLine: call.line, callCharacter: call.character,
        line: at.line(ref.start), character: column(ref.start), scope: call.enclosing,
      });
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

interface Argument {
  /** Where the value is (a keyword argument's after the `=`); none for `*xs` / `**kw`. */
  value?: { start: number; end: number };
  /** The value is made of names and dots only (a path, if the text says so). */
  simple: boolean;
  keyword?: string;
  /** Among positional arguments; undefined after `*xs` or `**kw`, as the position is then unknown. */
  index?: number;
  /** Where the argument ends: its comma or the closing parenthesis. */
  end: number;
}

/**
 * The arguments of the list opening at `open`, split at the commas between them (not those in brackets, strings,
 * comments or a `lambda a, b: …`); none for a generator argument (`f(x for x in xs)`, no argument list in the tree).
 * Spaces, line continuations and comments around a value are not part of it.
 */
function argumentsOf(text: string, open: number): Argument[] {
  const tokens: number[] = [];
  const close = closing(text, open, tokens);
  const out: Argument[] = [];
  let first = -1;
  let valueStart = -1;
  let valueEnd = -1;
  let simple = true;
  let keyword: string | undefined;
  let lambdas = 0;
  let position = 0;
  let splat = false;
  for (let t = 0; t <= tokens.length; t += 3) {
    const kind = tokens[t];
    const start = tokens[t + 1];
    const end = tokens[t + 2];
    const c = kind === PUNCT ? text[start] : '';
    if (t === tokens.length || (c === ',' && lambdas === 0)) {
      const partEnd = t === tokens.length ? close : start;
      if (first >= 0) {
        if (text[first] === '*') {
          splat = true;
          out.push({ simple: false, end: partEnd });
        } else {
          const value = valueStart >= 0 ? { start: valueStart, end: valueEnd } : undefined;
          if (keyword !== undefined) out.push({ value, simple, keyword, end: partEnd });
          else out.push({ value, simple, index: splat ? undefined : position++, end: partEnd });
        }
      }
      first = valueStart = valueEnd = -1;
      simple = true;
      keyword = undefined;
      lambdas = 0;
      continue;
    }
    if (kind === CONTINUATION) {
      // A line continuation between arguments is a node of the list in the tree, which the query's positions counted.
      if (first < 0) position++;
      continue;
    }
    if (first < 0) first = start;
    if (c === '=' && keyword === undefined && simple && lambdas === 0 && text[start + 1] !== '=' && valueStart >= 0 && tokens[t - 3] === WORD && tokens[t - 2] === valueStart) {
      // `name=value`: what came before is one name.
      keyword = text.slice(valueStart, valueEnd);
      valueStart = valueEnd = -1;
      continue;
    }
    if (valueStart < 0) valueStart = start;
    valueEnd = end;
    if (kind === WORD) {
      if (end - start === 6 && text.startsWith('lambda', start)) {
        lambdas++;
        simple = false;
      } else if (end - start === 3 && text.startsWith('for', start)) {
        // `f(x for x in xs)`: the one argument is a generator, whose commas are its own (`for a, b in pairs`).
        return [];
      }
    } else if (c !== '.') {
      if (c === ':' && lambdas > 0) lambdas--;
      simple = false;
    }
  }
  return out;
}

/** Offsets of 1-based lines and code-point characters in `text`, and the line of an offset. */
function offsets(text: string): { offset(line: number, character: number): number; line(offset: number): number } {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
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
