import ts from 'typescript';
import type { IndexedSymbol } from '../../src/graph/symbol-table';
import type { Oracle, OracleSite } from './oracle';
import { type Counts, THRESHOLDS, counts, fnv, tally } from './score-ts';
import { type Edge, type SightlineIndex, enclosingAt, groupOf, lineOf, offsetOf, siteIndex, supportsArg, walkTool } from './sightline';

/**
 * Scores Sightline on plain JavaScript (no types) against TypeScript's call hierarchy in JS mode (`allowJs`,
 * `checkJs` off). Unlike the TypeScript corpora, targets are taken from the oracle's side: every function-like
 * declaration TypeScript sees (prototype methods, object-literal methods, `exports.f = function`, …), because the
 * commonest miss in plain JS is a function Sightline has no symbol for at all, which sampling Sightline's own
 * symbols would never see. Callers are named, as elsewhere, by the Sightline symbol enclosing the call site.
 * Every miss is classified automatically by the way the target is declared and the way the site calls it.
 */

export type JsPattern =
  | 'function declaration'
  | 'function expression in a variable'
  | 'object-literal method'
  | 'prototype method'
  | 'exports.f = function'
  | 'property assignment obj.p = function'
  | 'class method'
  | 'class field arrow';

export interface JsDecl {
  file: string;
  /** Offset of the name the declaration is known by. */
  pos: number;
  /**
   * Where TypeScript's call hierarchy is asked, in order: the name, then the function expression's own name or
   * its `function` keyword (TS has no call hierarchy item at `obj.p` in `obj.p = function p() {}`).
   */
  askAt: number[];
  /** Other names of the same function (`app.use = function use(…)`: `use` both ways). */
  names: string[];
  pattern: JsPattern;
  line: number;
}

export interface JsScore {
  corpus: string;
  declarations: Record<string, number>;
  /** Declarations Sightline has a function or method symbol for, by pattern. */
  declarationsWithSymbol: Record<string, number>;
  /** Declarations with a call hierarchy in the oracle and at least one call in the corpus, by pattern. */
  targets: Record<string, { targets: number; withSymbol: number; calls: number; found: number }>;
  /** The headline: every oracle caller of every target (targets without a Sightline symbol included). */
  callers: Record<string, Counts>;
  /** Only targets Sightline has a symbol for. */
  callersWithSymbol: Record<string, Counts>;
  direct: Record<string, Counts>;
  misses: Record<string, number>;
  /**
   * Sightline callers at the default floor that the oracle does not list, split by what TypeScript says at their
   * call sites: it resolves the callee to something else (confirmed false), or it has no symbol there (untyped
   * receiver: TypeScript cannot tell, so the edge is neither confirmed nor refuted).
   */
  falseConfirmed: number;
  falseUnverifiable: number;
  missExamples: string[];
  falseExamples: string[];
}

const FUNCTION_VALUE = (n: ts.Node | undefined): n is ts.FunctionExpression | ts.ArrowFunction => !!n && (ts.isFunctionExpression(n) || ts.isArrowFunction(n));

/** Function-like declarations in a JS file, as TypeScript's binder sees them, with the pattern that declares each. */
export function jsDeclarations(sf: ts.SourceFile, file: string): JsDecl[] {
  const out: JsDecl[] = [];
  const add = (name: ts.Node, pattern: JsPattern, fn?: ts.FunctionExpression | ts.ArrowFunction) => {
    const own = fn && ts.isFunctionExpression(fn) && fn.name ? [fn.name.text] : [];
    const pos = name.getStart(sf);
    const askAt = [pos, ...(fn && ts.isFunctionExpression(fn) ? [fn.name ? fn.name.getStart(sf) : fn.getStart(sf)] : [])];
    out.push({ file, pos, askAt, names: [...new Set([name.getText(sf), ...own])], pattern, line: sf.getLineAndCharacterOfPosition(pos).line + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name) add(node.name, 'function declaration');
    else if (ts.isConstructorDeclaration(node) && node.body) add(node.getFirstToken(sf) ?? node, 'class method');
    else if (ts.isMethodDeclaration(node) && ts.isIdentifier(node.name)) add(node.name, ts.isObjectLiteralExpression(node.parent) ? 'object-literal method' : 'class method');
    else if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && FUNCTION_VALUE(node.initializer)) add(node.name, 'object-literal method', node.initializer);
    else if (ts.isPropertyDeclaration(node) && ts.isIdentifier(node.name) && FUNCTION_VALUE(node.initializer)) add(node.name, 'class field arrow', node.initializer);
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && FUNCTION_VALUE(node.initializer)) add(node.name, 'function expression in a variable', node.initializer);
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && FUNCTION_VALUE(innermostAssigned(node.right))) {
      const target = node.left.expression.getText(sf);
      const pattern: JsPattern = /\.prototype$/.test(target) ? 'prototype method' : /^(module\.)?exports$/.test(target) ? 'exports.f = function' : 'property assignment obj.p = function';
      add(node.left.name, pattern, innermostAssigned(node.right) as ts.FunctionExpression);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** `a.f = b.f = function () {}`: the function at the end of a chain of assignments. */
function innermostAssigned(node: ts.Expression): ts.Expression {
  while (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) node = node.right;
  return node;
}

/** The Sightline function or method a declaration maps to: same file, same first line, one of its names. */
function sightlineSymbol(index: SightlineIndex, d: JsDecl): IndexedSymbol | undefined {
  return (index.graph.table.byFile.get(d.file) ?? []).find((s) => (s.kind === 'function' || s.kind === 'method') && s.lineStart === d.line && d.names.includes(s.name));
}

/** How the site calls the target, from TypeScript's syntax tree. */
function siteKind(sf: ts.SourceFile, site: OracleSite, decl: JsDecl): string {
  if (site.rel === 'base') return 'dispatch (call through a base member)';
  let node: ts.Node | undefined = sf;
  for (;;) {
    let next: ts.Node | undefined;
    ts.forEachChild(node!, (c) => {
      if (next === undefined && c.getStart(sf) <= site.pos && site.pos < c.getEnd()) next = c;
    });
    if (!next) break;
    node = next;
  }
  const call = findCall(node);
  const callee = call?.expression;
  if (!callee) return 'other';
  if (ts.isIdentifier(callee)) {
    const other = decl.names.includes(callee.text) ? '' : ' under another name';
    return requireBound(sf, callee.text) ? `f() bound by require()${other}` : other ? 'function value: called through another name' : 'plain call f()';
  }
  if (!ts.isPropertyAccessExpression(callee)) return 'other callee expression';
  const recv = callee.expression;
  if (recv.kind === ts.SyntaxKind.ThisKeyword) return 'this.m()';
  if (ts.isIdentifier(recv)) return /^(exports|module)$/.test(recv.text) ? 'exports.f()' : 'x.m() on a variable or parameter';
  if (ts.isCallExpression(recv)) return ts.isIdentifier(recv.expression) && recv.expression.text === 'require' ? "require('./m').f()" : 'f().m() on a call result';
  if (ts.isPropertyAccessExpression(recv)) return recv.expression.kind === ts.SyntaxKind.ThisKeyword ? 'this.a.m() on a field' : 'a.b.m() on a member chain';
  return 'other receiver';
}

/** The call sites of the edge caller → callee (1-based line and character). */
function edgeSites(index: SightlineIndex, caller: string, callee: string): { file: string; line: number; character: number }[] {
  const out: { file: string; line: number; character: number }[] = [];
  index.graph.calls.forEachInEdge(callee, (_e, data, source) => {
    if (groupOf(source) === caller) out.push(...data.sites);
  });
  return out;
}

/** Whether the file binds `name` from a `require(…)` call (`const f = require('./f')`, `const { f } = require('./m')`). */
function requireBound(sf: ts.SourceFile, name: string): boolean {
  let found = false;
  const visit = (n: ts.Node) => {
    if (found) return;
    if (ts.isVariableDeclaration(n) && n.initializer && /^require\(|^require\(.*\)\.\w+$/.test(n.initializer.getText(sf))) {
      const names = ts.isIdentifier(n.name) ? [n.name.text] : ts.isObjectBindingPattern(n.name) ? n.name.elements.map((e) => e.name.getText(sf)) : [];
      if (names.includes(name)) found = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function findCall(node: ts.Node | undefined): ts.CallExpression | ts.NewExpression | undefined {
  for (let n = node; n; n = n.parent) if (ts.isCallExpression(n) || ts.isNewExpression(n)) return n;
  return undefined;
}

export async function scoreJs(name: string, index: SightlineIndex, oracle: Oracle, files: string[], limit: number, floor: number): Promise<JsScore> {
  const score: JsScore = { corpus: name, declarations: {}, declarationsWithSymbol: {}, targets: {}, callers: {}, callersWithSymbol: {}, direct: {}, misses: {}, falseConfirmed: 0, falseUnverifiable: 0, missExamples: [], falseExamples: [] };
  for (const t of THRESHOLDS) {
    score.callers[t] = counts();
    score.callersWithSymbol[t] = counts();
    score.direct[t] = counts();
  }
  const bump = (rec: Record<string, number>, k: string) => (rec[k] = (rec[k] ?? 0) + 1);
  const sites = siteIndex(index);
  const decls = files.flatMap((f) => {
    const sf = oracle.sourceFile(f);
    return sf ? jsDeclarations(sf, f) : [];
  });
  for (const d of decls) {
    bump(score.declarations, d.pattern);
    if (sightlineSymbol(index, d)) bump(score.declarationsWithSymbol, d.pattern);
  }
  const sample = decls.sort((a, b) => fnv(`${a.file}:${a.pos}`) - fnv(`${b.file}:${b.pos}`)).slice(0, limit);
  const hasDispatchArg = supportsArg('find_callers', 'dispatch');

  for (const d of sample) {
    const at = d.askAt.find((p) => oracle.incoming(d.file, p) !== null);
    if (at === undefined) continue;
    const incoming = oracle.incoming(d.file, at)!;
    const sym = sightlineSymbol(index, d);
    const self = sym ? groupOf(sym.id) : undefined;
    // Expected callers in Sightline's vocabulary: the symbol enclosing each call site (module level left out).
    const truth = new Map<string, OracleSite>();
    const direct = new Map<string, OracleSite>();
    const consider = (site: OracleSite) => {
      if (site.use !== 'call' && site.use !== 'new') return;
      if (site.rel === 'family') return;
      const enc = enclosingAt(index, site.file, site.pos);
      if (!enc || groupOf(enc.id) === self) return;
      if (!truth.has(groupOf(enc.id))) truth.set(groupOf(enc.id), site);
      if (site.rel === 'direct' && !direct.has(groupOf(enc.id))) direct.set(groupOf(enc.id), site);
    };
    incoming.forEach(consider);
    for (const base of oracle.bases(d.file, at)) for (const site of oracle.incoming(base.file, base.pos) ?? []) consider({ ...site, rel: site.rel === 'family' ? 'family' : 'base' });
    if (!truth.size) continue;
    const row = (score.targets[d.pattern] ??= { targets: 0, withSymbol: 0, calls: 0, found: 0 });
    row.targets++;
    row.calls += truth.size;
    if (sym) row.withSymbol++;
    const answer: Map<string, Edge> = sym ? await walkTool(index, sym.id, 'in', 1, 0) : new Map();
    const answerDirect = sym && hasDispatchArg ? await walkTool(index, sym.id, 'in', 1, 0, { dispatch: false }) : answer;
    for (const t of THRESHOLDS) {
      tally(score.callers[t], answer, truth, t);
      if (sym) tally(score.callersWithSymbol[t], answer, truth, t);
      tally(score.direct[t], answerDirect, direct, t);
    }
    for (const [caller, site] of truth) {
      const got = answer.get(caller);
      if ((got?.confidence ?? -1) >= floor) {
        row.found++;
        continue;
      }
      const how = siteKind(oracle.sourceFile(site.file)!, site, d);
      const onLine = sites.get(`${site.file}:${lineOf(index, site.file, site.pos)}`) ?? [];
      const cause = !sym
        ? `target has no Sightline symbol (${d.pattern})`
        : got
          ? `${how}; below min_confidence (${got.resolution} ${got.confidence})`
          : `${how}; ${onLine.length ? 'edge to another target' : 'no edge at the site'}`;
      bump(score.misses, cause);
      if (score.missExamples.length < 40) score.missExamples.push(`${d.file}:${d.line} ${d.names[0]} (${d.pattern}) <- ${caller} at ${site.file}:${lineOf(index, site.file, site.pos)}: ${cause}`);
    }
    for (const e of answer.values()) {
      if (e.confidence < floor || truth.has(e.other)) continue;
      const refuted = edgeSites(index, e.other, sym!.id).some((site) => {
        const decls = oracle.symbolAt(site.file, offsetOf(index, site.file, site.line, site.character));
        return decls !== undefined && !decls.some((x) => x.file === d.file && d.askAt.includes(x.pos));
      });
      if (refuted) score.falseConfirmed++;
      else score.falseUnverifiable++;
      if (score.falseExamples.length < 20) score.falseExamples.push(`${self} <- ${e.other} (${e.resolution} ${e.confidence}; ${refuted ? 'TypeScript resolves the call elsewhere' : 'TypeScript has no symbol at the call'})`);
    }
  }
  return score;
}
