import type { CallRecord, FileRecord, ImportRecord, SymbolRecord, ValueRecord } from '../index/records';
import type { Resolution } from './denotation';
import type { IndexedSymbol } from './symbol-table';

/** One call edge a call makes: to which symbol, how it was resolved, how sure. */
export interface CallTarget {
  to: IndexedSymbol;
  resolution: Resolution;
  confidence: number;
}

/** Files whose calls' targets are kept: the few being edited (like the parser's TreeCache). */
const MAX_FILES = 8;

/**
 * What each call of the files edited last resolved to, so that the next in-place update of a file resolves only
 * the calls the edit changed (typing in a 1,334-line TSX file re-resolved its ~1,100 calls on every keystroke).
 *
 * Sound because of what an in-place update is (CodeGraph.updateFile): every file keeps its outward shape, so a
 * call's targets depend only on the call and on its own file's records — its symbols, imports, bindings and
 * function values, which the resolver reads by name, scope and order, never by position. The memo is therefore
 * kept while that context, positions left out, stays the same: an inserted line shifts every position below it
 * and changes no target. A call is known by what it says (name, receiver, enclosing symbol, flags), not where it
 * is. Function values passed between functions (valueFlows) match calls by position and are not memoised.
 */
export class RelinkMemo {
  private readonly files = new Map<string, { context: string; calls: Map<string, CallTarget[]> }>();

  /** The targets known for `file`'s calls, to read and fill: the last ones if `record` has the same context, else none. */
  callsOf(file: string, record: FileRecord): Map<string, CallTarget[]> {
    const context = contextKey(record);
    const last = this.files.get(file);
    this.files.delete(file);
    const calls = last && last.context === context ? last.calls : new Map<string, CallTarget[]>();
    this.files.set(file, { context, calls });
    for (const key of this.files.keys()) {
      if (this.files.size <= MAX_FILES) break;
      this.files.delete(key);
    }
    return calls;
  }
}

/**
 * Every field of a call but its position, in key order. Typed so that a field added to CallRecord fails to compile
 * until it is listed here (or as a position): a field the key left out could hand a call another call's targets.
 */
const CALL_FIELDS: Record<Exclude<keyof CallRecord, 'line' | 'character'>, number> = { name: 0, receiver: 1, constructs: 2, enclosing: 3, decorator: 4, element: 5 };
const CALL_KEY_FIELDS = Object.keys(CALL_FIELDS) as (keyof typeof CALL_FIELDS)[];

/** A call as the resolver sees it: everything but its position (an undefined field and an empty one differ). */
export function callKey(call: CallRecord): string {
  let key = '';
  for (const field of CALL_KEY_FIELDS) {
    const value = call[field];
    key += value === undefined ? '\u0001' : `${String(value)}\u0000`;
  }
  return key;
}

/** What of a file's records the resolution of its calls may read, positions (and so doc comments' places) left out. */
function contextKey(record: FileRecord): string {
  const symbols = record.symbols.map(({ lineStart: _a, lineEnd: _b, character: _c, startIndex: _d, endIndex: _e, ...rest }: SymbolRecord) => rest);
  const imports = record.imports.map(({ line: _line, ...rest }: ImportRecord) => rest);
  const values = (record.values ?? []).map(({ line: _a, character: _b, callLine: _c, callCharacter: _d, ...rest }: ValueRecord) => rest);
  return JSON.stringify([record.lang, record.packageName, symbols, imports, record.bindings, values]);
}
