import type { Node } from 'web-tree-sitter';
import type { SymbolRecord } from './records';
import { replaceComments } from '../common/text-match';

/**
 * JavaScript functions that are not declarations (queries/ecmascript-tags.scm finds them; naming follows ES
 * classes so one convention serves both): `const api = { start() {} }` → `api.start` (a method of the constant
 * `api`), `X.prototype.m = function` and `X.prototype = { m() {} }` → `X.m` (a method of the class `X`),
 * `obj.p = function` → `obj.p`, and CommonJS `exports.f` / `module.exports = { f }` → top-level `f`.
 */

/** `m() {}` or `m: function () {}` written directly in an object literal. */
export function isObjectMember(node: Node): boolean {
  return node.parent?.type === 'object' || (node.type === 'pair' && node.parent?.type === 'object');
}

/**
 * A function with prototype methods is an ES5 class: it becomes one, so `new X()`, `this.m()` inside its methods
 * and calls on its instances resolve like those of an ES class.
 */
export function markPrototypeOwners(symbols: SymbolRecord[], owners: string[]): void {
  if (owners.length === 0) return;
  const names = new Set(owners);
  for (const s of symbols) {
    if (s.parent === undefined && s.kind === 'function' && names.has(s.name) && s.qualifiedName === s.name) s.kind = 'class';
  }
}

/** `const m = require('./m')` declares an import (records.ts ImportRecord), not a constant of this file. */
export function isRequire(declarator: Node): boolean {
  const value = declarator.childForFieldName('value');
  return value?.type === 'call_expression' && value.childForFieldName('function')?.text === 'require';
}

/**
 * The named type calls of a TS constant return, from its type annotation: `const sleep: (d: Duration) => Effect<void>
 * = …` → `Effect`, and for an object type of call signatures (effect's `dual` overloads: `{ <A>(value: A): (self:
 * Ref<A>) => Effect<void>; <A>(self: Ref<A>, value: A): Effect<void> }`) the one named type its signatures return
 * that is not a function (a call whose result is used as an object took one of those); an arrow function's declared
 * result type (`Promise<T>` → T). Several, a function returned by every signature, or no type: undefined.
 */
export function annotatedResult(declarator: Node): string | undefined {
  if (declarator.type !== 'variable_declarator') return undefined;
  const dual = dualSignatures(declarator.childForFieldName('value'));
  if (dual !== undefined) {
    const names = new Set(callSignatureResults(dual));
    return names.size === 1 ? [...names][0] : undefined;
  }
  const type = declarator.childForFieldName('type')?.namedChildren[0];
  if (!type) {
    // `const make = (options: { …long… }): ConfigProvider => ({ … })`: the declared result, which a long parameter
    // list can push past the end of the kept signature.
    const value = declarator.childForFieldName('value');
    const declared = value?.type === 'arrow_function' || value?.type === 'function_expression' ? value.childForFieldName('return_type')?.namedChildren[0] : undefined;
    const promised = declared?.type === 'generic_type' && declared.childForFieldName('name')?.text === 'Promise' ? declared.childForFieldName('type_arguments')?.namedChildren[0] : declared;
    return (promised && constructedType(promised)) ?? namedType(promised);
  }
  if (type.type === 'function_type') return namedType(type.childForFieldName('return_type'));
  const constructed = constructedType(type);
  if (constructed !== undefined || type.type !== 'object_type') return constructed;
  const names = new Set(callSignatureResults(type.text));
  return names.size === 1 ? [...names][0] : undefined;
}

/**
 * effect's `dual<DataLast, DataFirst>(arity, body)` (Function.ts) is both function types: the text of its type
 * arguments (`<A>(value: A) => (self: Ref<A>) => Effect<void>, <A>(self: Ref<A>, value: A) => Effect<void>`).
 */
function dualSignatures(value: Node | null): string | undefined {
  if (value?.type !== 'call_expression') return undefined;
  const callee = value.childForFieldName('function')?.text;
  if (callee !== 'dual' && !callee?.endsWith('.dual')) return undefined;
  const text = value.text;
  const open = text.indexOf('<');
  if (open < 0 || !/^[\w$.]+\s*$/.test(text.slice(0, open))) return undefined;
  const close = closingAngle(text, open);
  return close < 0 ? undefined : text.slice(open + 1, close);
}

/**
 * The instance a constructor type builds, for `class X extends Data.Error<{…}>` (effect's `const Error: new<A>(args:
 * …) => Cause.YieldableError & Readonly<A>`) and `extends TaggedError("E")<{…}>` (a function returning such a type):
 * the one named type of its intersection, object types and wrapped type parameters (`Readonly<A>`) aside. Undefined
 * for anything but a constructor type.
 */
function constructedType(type: Node): string | undefined {
  const parts = instanceParts(type);
  if (!parts) return undefined;
  const names = new Set(parts.map((p) => namedType(p)).filter((n): n is string => n !== undefined && !INSTANCE_WRAPPERS.has(n)));
  return names.size === 1 ? [...names][0] : undefined;
}

/** What an intersection's named parts wrap rather than add (`Readonly<A>` of the constructor's type parameter). */
const INSTANCE_WRAPPERS = new Set(['Readonly', 'Partial', 'Required', 'Omit', 'Pick', 'Record']);

/**
 * The parts of a constructor type's instance. tree-sitter reads `new (…) => A & B` as `(new (…) => A) & B`: an
 * intersection whose first part is the constructor type holds the instance's other parts.
 */
function instanceParts(node: Node): Node[] | undefined {
  if (node.type === 'constructor_type') {
    const instance = node.childForFieldName('type');
    return instance ? intersectionParts(instance) : [];
  }
  if (node.type !== 'intersection_type') return undefined;
  const [first, ...rest] = node.namedChildren;
  const inner = first ? instanceParts(first) : undefined;
  return inner && [...inner, ...rest.flatMap((c) => (c ? intersectionParts(c) : []))];
}

/** `A & B & C` (nested as `(A & B) & C`) → its parts. */
function intersectionParts(node: Node): Node[] {
  return node.type === 'intersection_type' ? node.namedChildren.flatMap((c) => (c ? intersectionParts(c) : [])) : [node];
}

/** `Effect<A>` → `Effect`, `ns.Foo` → `ns.Foo`; anything but a named type (function, union, literal, predicate) → undefined. */
function namedType(type: Node | null | undefined): string | undefined {
  if (type?.type === 'type_identifier' || type?.type === 'nested_type_identifier') return type.text;
  if (type?.type === 'generic_type') return type.childForFieldName('name')?.text;
  return undefined;
}

/**
 * The named result types of the call signatures of an object type's text (`{ <A>(a: A): Foo<A>; (…): ns.Bar }`), or
 * of a list of function types (`<A>(a: A) => Foo<A>, (…) => ns.Bar`). Read from the text, not the tree: tree-sitter misparses call signatures separated by line breaks alone when one
 * returns a function type (`<A>(v: A): (self: Ref<A>) => Effect<void>` then `<A>(self: …): Effect<void>` on the
 * next line), which is how effect writes every `dual` API. A signature returning a function, a union, a literal or
 * a predicate names nothing.
 */
export function callSignatureResults(objectType: string): string[] {
  // By hand: the comment regex was quadratic on a run of unclosed `/*` in a (hostile) type.
  const text = replaceComments(objectType, ' ');
  const out: string[] = [];
  let depth = 0;
  // Whether the member being read began with `(` or `<` (a call signature), and where the next one may begin.
  let callMember = false;
  let memberStart = true;
  // Only the first `)` of a member closes its parameters: `(v: A) => (self: B) => C` returns a function, not C.
  let params = false;
  for (let i = text[0] === '{' ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (c === '=' && text[i + 1] === '>') {
      i++;
      continue;
    }
    if (depth === 0 && memberStart && !/\s/.test(c)) {
      callMember = c === '(' || c === '<';
      memberStart = false;
      params = false;
    }
    if ('([{<'.includes(c)) depth++;
    else if (')]}>'.includes(c)) depth--;
    else if (depth === 0 && (c === ';' || c === ',' || c === '\n')) memberStart = true;
    if (c === ')' && depth === 0 && callMember && !params) {
      params = true;
      const result = /^\s*(?::|=>)\s*((?:[A-Za-z_$][\w$]*)(?:\.[A-Za-z_$][\w$]*)*)\s*(<|[;,}\n]|$)/.exec(text.slice(i + 1));
      if (result && (result[2] !== '<' || wholeType(text, i + 1 + result[0].length - 1))) out.push(result[1]);
    }
  }
  return out;
}

/** Whether the type arguments opening at `open` close the type: no `|`, `&`, `[]` or `is` after them. */
function wholeType(text: string, open: number): boolean {
  const close = closingAngle(text, open);
  return close >= 0 && /^[ \t]*(?:[;,}\n]|$)/.test(text.slice(close + 1));
}

/** The `>` that closes the `<` at `open` (arrows `=>` inside are not brackets), or -1. */
function closingAngle(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '=' && text[i + 1] === '>') i++;
    else if (text[i] === '<') depth++;
    else if (text[i] === '>' && --depth === 0) return i;
  }
  return -1;
}

/** A function written in place: what makes `const f = …` and `obj.p = …` definitions. */
export const FUNCTION_VALUES: ReadonlySet<string> = new Set(['function_expression', 'arrow_function', 'generator_function']);
/** Objects whose function properties are not members of a named object: `exports.f` and `module.exports.f` are top-level. */
const NOT_CONTAINERS = new Set(['exports', 'module', 'window', 'globalThis', 'global', 'self']);

/** A definition made by an assignment: the node it spans, its name, its kind and, for a member, its container. */
export interface AssignedDef {
  node: Node;
  name: Node;
  kind: 'function' | 'method';
  container?: string;
  /** `X.prototype.m = …` and `X.prototype = { m }`: X is a constructor. */
  prototype?: true;
}

/**
 * The definitions an assignment of a function or an object literal to a member makes (the query's one `@assign`
 * pattern; classified here rather than by seven patterns, each of which cost the query's walk ~2 ms on eslint
 * whether it matched or not): CommonJS `exports.f = function`, `module.exports.f = …` and `module.exports = { f:
 * function }` are top-level functions; `X.prototype.m = …` and `X.prototype = { m() {}, n: function }` are methods
 * of X, a constructor; `obj.p = function` is a method of obj (not of a global object). `exports.f = …` (not a
 * generator) only with `plainExports`: JavaScript's query had that pattern, TypeScript's did not.
 */
export function assignedDefs(assignment: Node, plainExports: boolean): AssignedDef[] {
  const left = assignment.childForFieldName('left')!;
  const right = assignment.childForFieldName('right')!;
  const name = left.childForFieldName('property');
  const object = left.childForFieldName('object');
  if (name?.type !== 'property_identifier' || !object) return [];
  const rightType = right.type;
  const isFunction = FUNCTION_VALUES.has(rightType);
  if (object.type === 'identifier') {
    const owner = object.text;
    if (isFunction) {
      if (owner === 'exports') return !plainExports || rightType === 'generator_function' ? [] : [{ node: assignment, name, kind: 'function' }];
      return NOT_CONTAINERS.has(owner) ? [] : [{ node: assignment, name, kind: 'method', container: owner }];
    }
    const property = name.text;
    if (owner === 'module' && property === 'exports') return objectFunctions(right, false).map((d) => ({ ...d, kind: 'function' as const }));
    if (property !== 'prototype') return [];
    return objectFunctions(right, true).map((d) => ({ ...d, kind: 'method' as const, container: owner, prototype: true as const }));
  }
  if (!isFunction || object.type !== 'member_expression') return [];
  const inner = object.childForFieldName('object');
  const innerProperty = object.childForFieldName('property');
  if (inner?.type !== 'identifier' || innerProperty?.type !== 'property_identifier') return [];
  const owner = inner.text;
  const property = innerProperty.text;
  if (owner === 'module' && property === 'exports') return [{ node: assignment, name, kind: 'function' }];
  if (property === 'prototype') return [{ node: assignment, name, kind: 'method', container: owner, prototype: true }];
  return [];
}

/** The functions an object literal holds as `key: function` pairs (and, with `methods`, as `m() {}`): node and name. */
function objectFunctions(object: Node, methods: boolean): { node: Node; name: Node }[] {
  const out: { node: Node; name: Node }[] = [];
  for (const member of object.namedChildren) {
    if (!member) continue;
    if (member.type === 'pair') {
      const key = member.childForFieldName('key');
      const value = member.childForFieldName('value');
      if (key?.type === 'property_identifier' && value && FUNCTION_VALUES.has(value.type)) out.push({ node: member, name: key });
    } else if (methods && member.type === 'method_definition') {
      const key = member.childForFieldName('name');
      if (key?.type === 'property_identifier') out.push({ node: member, name: key });
    }
  }
  return out;
}
