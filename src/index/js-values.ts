import type { Node, QueryMatch } from 'web-tree-sitter';
import type { CallRecord, ImportRecord, SymbolRecord, ValueRecord } from './records';

/**
 * JavaScript/TypeScript function values: which names hold a function (`const f = api.start`, `g = make()`,
 * `const h = this.m.bind(this)`), what a function returns, which arguments are functions (`xs.map(f)`, `run(cb)`),
 * and `module.exports = f`. The query matches every declarator and argument; only the few that can matter are
 * kept, so records stay small and linking stays cheap:
 *  - a local or assigned name only when the file calls that name bare (a call the value can answer, or a local
 *    that must shadow a module function of the same name: `var formatDate = calendar.formatDate`);
 *  - a property, return or argument only when it names something the file declares or imports (or `this.m`).
 */

const REF_MAX = 120;
const FUNCTION_NODES = new Set(['function_expression', 'arrow_function', 'generator_function', 'function', 'class']);
/**
 * What a declarator's value must be to be recorded (the `@declarator` pattern matches every declarator of a name):
 * a value that may hold a function defined elsewhere, or a local that shadows a module function of the same name.
 */
export const VALUE_REFS: ReadonlySet<string> = new Set([
  'identifier', 'member_expression', 'call_expression', 'binary_expression', 'ternary_expression', 'subscript_expression', 'await_expression', 'parenthesized_expression',
]);

export type Locate = (offset: number) => { symbol?: number };

export function functionValues(
  matches: QueryMatch[],
  calls: CallRecord[],
  symbols: SymbolRecord[],
  imports: ImportRecord[],
  locate: Locate,
  column: (index: number) => number,
): ValueRecord[] | undefined {
  if (matches.length === 0) return undefined;
  const bare = new Set<string>();
  for (const c of calls) if (c.receiver === undefined) bare.add(c.name);
  const known = new Set<string>();
  for (const s of symbols) known.add(s.name);
  for (const i of imports) if (i.local !== undefined) known.add(i.local);
  const out: ValueRecord[] = [];
  for (const match of matches) {
    const v = valueFrom(match, bare, known, symbols, locate, column);
    if (v) out.push(v);
  }
  return out.length ? out : undefined;
}

function positionOf(ref: Node, anchor: Node, symbols: SymbolRecord[], locate: Locate, column: (index: number) => number): Pick<ValueRecord, 'line' | 'character' | 'scope'> {
  return { line: ref.startPosition.row + 1, character: column(ref.startIndex), scope: scopeOf(anchor, symbols, locate) };
}

/** The symbol whose body holds the node; a declarator that is itself a symbol (`const f = g`) is in its parent. */
function scopeOf(node: Node, symbols: SymbolRecord[], locate: Locate): number | undefined {
  const inside = locate(node.startIndex).symbol;
  return inside !== undefined && symbols[inside].startIndex === node.startIndex ? symbols[inside].parent : inside;
}

/**
 * The query captures the value only (`@value.ref` with its name or holder, `@value.return`, `@value.arg`,
 * `@value.export`); the enclosing node is read here for the few kept. A declarator or assignment starts where its
 * name (or holder) does, which is all the scope needs.
 */
function valueFrom(match: QueryMatch, bare: Set<string>, known: Set<string>, symbols: SymbolRecord[], locate: Locate, column: (index: number) => number): ValueRecord | undefined {
  let refNode: Node | undefined;
  let nameNode: Node | undefined;
  let holder: Node | undefined;
  let kind: ValueRecord['kind'] = 'alias';
  for (const c of match.captures) {
    if (c.name === 'value.ref') refNode = c.node;
    else if (c.name === 'value.name') nameNode = c.node;
    else if (c.name === 'value.holder') holder = c.node;
    else if (c.name === 'value.return') (kind = 'return'), (refNode = c.node);
    else if (c.name === 'value.arg') (kind = 'arg'), (refNode = c.node);
    else if (c.name === 'value.export') (kind = 'export'), (refNode = c.node);
  }
  if (!refNode) return undefined;
  // Read once: each read of a node's type crosses into WASM.
  const refType = refNode.type;
  // Filters first, positions last: this runs for every declarator and argument of the file.
  if (kind === 'alias' && !holder) {
    // A function written in place is a definition of its own (a nested symbol): nothing to record.
    if (!nameNode || !bare.has(nameNode.text) || FUNCTION_NODES.has(refType)) return undefined;
    const ref = referenceText(refNode, refType) ?? '';
    // `const m = require('./m')` is an import (records.ts ImportRecord), not a value.
    return ref === 'require()' ? undefined : { kind, name: nameNode.text, ref, ...positionOf(refNode, nameNode, symbols, locate, column) };
  }
  if (refType === 'identifier' && !known.has(refNode.text)) return undefined;
  const ref = referenceText(refNode, refType);
  // Only a local can hold what a call returns (`g = make()`): returned and passed call results are too common to keep.
  if (ref === undefined || (holder === undefined && ref.endsWith('()')) || !worthKeeping(ref, known)) return undefined;
  if (kind === 'alias') return { kind, name: `${holder!.text}.${nameNode!.text}`, ref, ...positionOf(refNode, holder!, symbols, locate, column) };
  const anchor = refNode.parent;
  if (!anchor) return undefined;
  const at = positionOf(refNode, anchor, symbols, locate, column);
  if (kind === 'return') return at.scope === undefined ? undefined : { kind, ref, ...at };
  if (kind === 'export') return { kind, ref, ...at };
  const call = anchor.parent;
  const callee = call?.type === 'call_expression' || call?.type === 'new_expression' ? calleeNameNode(call) : undefined;
  if (!callee) return undefined;
  return { kind, ref, index: argumentIndex(anchor, refNode), callLine: callee.startPosition.row + 1, callCharacter: column(callee.startIndex), ...at };
}

/** `f`, `a.b`, `this.m`; `x.bind(…)` is `x`; `make(…)` is `make()` (the value it returns). Anything else: undefined. */
function referenceText(node: Node, type: string): string | undefined {
  if (type === 'identifier') return node.text;
  if (type === 'member_expression') return pathText(node);
  if (type !== 'call_expression') return undefined;
  const fn = node.childForFieldName('function');
  if (!fn) return undefined;
  if (fn.type === 'member_expression' && fn.childForFieldName('property')?.text === 'bind') {
    const bound = fn.childForFieldName('object');
    return bound && (bound.type === 'identifier' || bound.type === 'member_expression') ? pathText(bound) : undefined;
  }
  const callee = fn.type === 'identifier' ? fn.text : fn.type === 'member_expression' ? pathText(fn) : undefined;
  return callee === undefined ? undefined : `${callee}()`;
}

/** A plain dotted path (`a.b.c`, `this.m`), or undefined for computed or long expressions. */
function pathText(node: Node): string | undefined {
  const text = node.text;
  if (text.length > REF_MAX) return undefined;
  const compact = text.replace(/\s+/g, '');
  return /^[A-Za-z_$][\w$]*(\.[A-Za-z_$#][\w$]*)*$/.test(compact) ? compact : undefined;
}

/** A reference can name a workspace function only through something this file declares or imports, or `this`. */
function worthKeeping(ref: string, known: Set<string>): boolean {
  const plain = ref.endsWith('()') ? ref.slice(0, -2) : ref;
  const dot = plain.indexOf('.');
  const head = dot < 0 ? plain : plain.slice(0, dot);
  if (head === 'this') return known.has(plain.slice(plain.lastIndexOf('.') + 1));
  return known.has(head) || (dot >= 0 && known.has(plain.slice(plain.lastIndexOf('.') + 1)));
}

function calleeNameNode(call: Node): Node | undefined {
  const fn = call.childForFieldName('function') ?? call.childForFieldName('constructor');
  if (!fn) return undefined;
  if (fn.type === 'identifier') return fn;
  if (fn.type === 'member_expression') return fn.childForFieldName('property') ?? undefined;
  return undefined;
}

function argumentIndex(args: Node, arg: Node): number {
  let i = 0;
  for (const child of args.namedChildren) {
    if (!child || child.type === 'comment') continue;
    if (child.startIndex === arg.startIndex) return i;
    i++;
  }
  return i;
}
