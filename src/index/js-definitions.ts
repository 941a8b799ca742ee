import type { Node } from 'web-tree-sitter';
import type { SymbolRecord } from './records';

/**
 * JavaScript functions that are not declarations (queries/javascript-tags.scm finds them; naming follows ES
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
