import { LANGUAGE_IDS } from '../index/languages';
import { SYMBOL_KINDS } from '../index/records';
import type { StoredFile } from './store';

/**
 * Checks every field of every persisted record before the graph sees it: types, ranges, and references between
 * records (a parent or enclosing index must name a symbol of the same file). Hand-written rather than a schema
 * library because it runs over millions of records; it stops at the first problem and names it, and the caller
 * discards the whole cache. Heads (validateStoredHead) are checked on load, bodies (calls, imports, bindings) when
 * first read (record-bodies.ts). Fields it does not know are left alone: the signature on
 * the file already proves this engine wrote them.
 */
export class RecordError extends Error {}

/** Longest text any record field may hold: no file we index is larger (see DEFAULT_MAX_FILE_BYTES's ceiling). */
const MAX_TEXT = 1 << 24;
/** Longest workspace-relative path kept in an index. */
export const MAX_PATH_CHARS = 4096;

const LANGS: ReadonlySet<string> = new Set(LANGUAGE_IDS);
const KINDS: ReadonlySet<string> = new Set(SYMBOL_KINDS);

function fail(where: string, what: string): never {
  throw new RecordError(`${where}: ${what}`);
}

// The checks say what is wrong only when something is: a message (and the place it names) built for every valid
// field was a third of checking the heads at load (two strings per symbol, 70k symbols at a million lines).

function isText(v: unknown): boolean {
  return typeof v === 'string' && v.length <= MAX_TEXT;
}

function notText(field: string): string {
  return `${field} is not a string of at most ${MAX_TEXT} characters`;
}

function textProblem(v: unknown, field: string, optional = false): string | undefined {
  if (v === undefined && optional) return undefined;
  return isText(v) ? undefined : notText(field);
}

function intProblem(v: unknown, field: string, min: number, max: number, optional = false): string | undefined {
  if (v === undefined && optional) return undefined;
  return typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max ? `${field} is not an integer in ${min}..${max}` : undefined;
}

function text(v: unknown, where: string, field: string, optional = false): void {
  const problem = textProblem(v, field, optional);
  if (problem !== undefined) fail(where, problem);
}

function int(v: unknown, where: string, field: string, min: number, max: number, optional = false): void {
  const problem = intProblem(v, field, min, max, optional);
  if (problem !== undefined) fail(where, problem);
}

function flag(v: unknown, where: string, field: string): void {
  if (v !== undefined && typeof v !== 'boolean') fail(where, `${field} is not a boolean`);
}

function list(v: unknown, where: string, field: string): unknown[] {
  if (!Array.isArray(v)) fail(where, `${field} is not an array`);
  return v;
}

function object(v: unknown, where: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(where, 'is not an object');
  return v as Record<string, unknown>;
}

/** A workspace-relative posix path that stays inside the workspace. */
export function validStoredPath(rel: string): boolean {
  if (rel.length === 0 || rel.length > MAX_PATH_CHARS || rel.includes('\0') || rel.includes('\\')) return false;
  if (rel.startsWith('/') || /^[A-Za-z]:/.test(rel)) return false;
  return rel.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** What a record's body fields (calls, imports, bindings) are checked against: its symbol count and last line. */
export interface BodyBounds {
  symbolCount: number;
  lastLine: number;
}

export function bodyBounds(record: { symbols: readonly unknown[]; lines: number }): BodyBounds {
  return { symbolCount: record.symbols.length, lastLine: record.lines + 1 };
}

/**
 * The part of a stored file a warm start reads: its hash, size and mtime, and the record's language, line count
 * and symbols. The body (calls, imports, bindings) is checked by the functions below when it is first read
 * (store.ts keeps it unparsed until then).
 */
export function validateStoredHead(rel: string, value: unknown): asserts value is StoredFile {
  if (!validStoredPath(rel)) fail(JSON.stringify(rel.slice(0, 200)), 'is not a workspace-relative path');
  const file = object(value, rel);
  if (typeof file.hash !== 'string' || !/^[0-9a-f]{40,128}$/.test(file.hash)) fail(rel, 'hash is not a hex digest');
  int(file.size, rel, 'size', 0, Number.MAX_SAFE_INTEGER);
  if (typeof file.mtimeMs !== 'number' || !Number.isFinite(file.mtimeMs)) fail(rel, 'mtimeMs is not a number');
  const record = object(file.record, `${rel} record`);
  if (typeof record.lang !== 'string' || !LANGS.has(record.lang)) fail(rel, `lang ${String(record.lang).slice(0, 40)} is not a known language`);
  if (typeof record.hasErrors !== 'boolean') fail(rel, 'hasErrors is not a boolean');
  int(record.lines, rel, 'lines', 0, MAX_TEXT);
  text(record.packageName, rel, 'packageName', true);
  const lastLine = (record.lines as number) + 1;
  const symbols = list(record.symbols, rel, 'symbols');
  const symbolCount = symbols.length;
  for (let i = 0; i < symbolCount; i++) {
    const problem = symbolProblem(symbols[i], symbolCount, lastLine);
    if (problem !== undefined) fail(`${rel} symbols[${i}]`, problem);
  }
  checkParentsAcyclic(symbols as { parent?: number }[], rel);
}

export function validateCalls(value: unknown, rel: string, { symbolCount, lastLine }: BodyBounds): void {
  list(value, rel, 'calls').forEach((c, i) => {
    const where = `${rel} calls[${i}]`;
    const call = object(c, where);
    text(call.name, where, 'name');
    text(call.receiver, where, 'receiver', true);
    for (const key of ['constructs', 'decorator', 'element'] as const) flag(call[key], where, key);
    int(call.line, where, 'line', 1, lastLine);
    int(call.character, where, 'character', 1, MAX_TEXT);
    int(call.enclosing, where, 'enclosing', 0, symbolCount - 1, true);
  });
}

export function validateImports(value: unknown, rel: string, { lastLine }: BodyBounds): void {
  list(value, rel, 'imports').forEach((m, i) => {
    const where = `${rel} imports[${i}]`;
    const imp = object(m, where);
    text(imp.source, where, 'source');
    text(imp.name, where, 'name', true);
    text(imp.local, where, 'local', true);
    flag(imp.namespace, where, 'namespace');
    flag(imp.reexport, where, 'reexport');
    int(imp.line, where, 'line', 1, lastLine);
  });
}

export function validateBindings(value: unknown, rel: string, { symbolCount }: BodyBounds): void {
  list(value, rel, 'bindings').forEach((b, i) => {
    const where = `${rel} bindings[${i}]`;
    const binding = object(b, where);
    text(binding.name, where, 'name');
    text(binding.type, where, 'type');
    for (const key of ['field', 'fromCall', 'collection', 'elementOf', 'alias'] as const) flag(binding[key], where, key);
    int(binding.scope, where, 'scope', 0, symbolCount - 1, true);
    int(binding.result, where, 'result', 1, 255, true);
  });
}

/** Parent links form a forest: walking up from any symbol ends (linear: each symbol is settled once). */
function checkParentsAcyclic(symbols: readonly { parent?: number }[], rel: string): void {
  const state = new Uint8Array(symbols.length); // 0 unseen, 1 on the current walk, 2 known to reach a root
  const walk: number[] = [];
  for (let start = 0; start < symbols.length; start++) {
    walk.length = 0;
    let at: number | undefined = start;
    while (at !== undefined && state[at] === 0) {
      state[at] = 1;
      walk.push(at);
      at = symbols[at].parent;
    }
    if (at !== undefined && state[at] === 1) fail(`${rel} symbols[${at}]`, 'parent links form a cycle');
    for (const i of walk) state[i] = 2;
  }
}

/** What is wrong with a stored symbol, or undefined when nothing is. */
function symbolProblem(value: unknown, symbolCount: number, lastLine: number): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not an object';
  const symbol = value as Record<string, unknown>;
  return (
    textProblem(symbol.name, 'name') ??
    textProblem(symbol.qualifiedName, 'qualifiedName') ??
    (typeof symbol.kind !== 'string' || !KINDS.has(symbol.kind) ? 'kind is not a symbol kind' : undefined) ??
    intProblem(symbol.lineStart, 'lineStart', 1, lastLine) ??
    intProblem(symbol.lineEnd, 'lineEnd', symbol.lineStart as number, lastLine) ??
    intProblem(symbol.character, 'character', 1, MAX_TEXT) ??
    textProblem(symbol.signature, 'signature') ??
    textProblem(symbol.doc, 'doc', true) ??
    intProblem(symbol.parent, 'parent', 0, symbolCount - 1, true) ??
    heritageProblem(symbol.heritage) ??
    textProblem(symbol.trait, 'trait', true) ??
    textProblem(symbol.returns, 'returns', true) ??
    intProblem(symbol.startIndex, 'startIndex', 0, Number.MAX_SAFE_INTEGER) ??
    intProblem(symbol.endIndex, 'endIndex', symbol.startIndex as number, Number.MAX_SAFE_INTEGER)
  );
}

function heritageProblem(heritage: unknown): string | undefined {
  if (heritage === undefined) return undefined;
  if (!Array.isArray(heritage)) return 'heritage is not an array';
  for (let i = 0; i < heritage.length; i++) if (!isText(heritage[i])) return notText(`heritage[${i}]`);
  return undefined;
}
