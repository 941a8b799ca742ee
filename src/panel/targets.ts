import * as fs from 'node:fs';
import { isSightlineError } from '../common/errors';
import { resolveInWorkspace } from '../common/paths';
import type { Engine } from '../engine/engine';
import type { Workspaces } from '../engine/workspaces';
import type { IndexedSymbol } from '../graph/symbol-table';
import { CALLABLE_KINDS, TYPE_KINDS } from '../index/records';
import type { PanelError } from './protocol';

/**
 * The innermost indexed symbol whose lines contain `line` (1-based): with the cursor in a method, the method,
 * not its class. Undefined when the file is not indexed or the index is not built yet (the caller then offers
 * the file instead of a symbol).
 */
export function symbolAtLine(engine: Engine, file: string, line: number): IndexedSymbol | undefined {
  let symbols: IndexedSymbol[] | undefined;
  try {
    symbols = engine.graph.table.byFile.get(file);
  } catch (e) {
    if (isSightlineError(e) && e.kind === 'notReady') return undefined;
    throw e;
  }
  let best: IndexedSymbol | undefined;
  for (const s of symbols ?? []) {
    // Fields and constants have no callers in the graph: the cursor on one means its enclosing type.
    if (!(CALLABLE_KINDS.has(s.kind) || TYPE_KINDS.has(s.kind)) || s.lineStart > line || s.lineEnd < line) continue;
    if (!best || s.lineEnd - s.lineStart < best.lineEnd - best.lineStart) best = s;
  }
  return best;
}

/**
 * Checks an `open` request from the webview: only a regular file inside the workspace that produced the
 * shown result may be opened (no `../`, no absolute path elsewhere, no symlink out, no folder).
 */
export function resolveOpenRequest(root: string, file: string): { abs: string } | { error: PanelError } {
  try {
    const { abs } = resolveInWorkspace(root, file);
    if (!fs.statSync(abs).isFile()) return { error: { kind: 'invalidArgument', message: `${file} is not a file.` } };
    return { abs };
  } catch (e) {
    if (isSightlineError(e)) return { error: { kind: e.kind, message: e.message } };
    throw e;
  }
}

/** The open folder holding `fsPath` and the path relative to it, or undefined when no folder holds it. */
export function locateFile(workspaces: Workspaces, fsPath: string): { engine: Engine; rel: string } | undefined {
  for (const engine of workspaces.engines) {
    try {
      return { engine, rel: resolveInWorkspace(engine.root, fsPath).rel };
    } catch (e) {
      if (!isSightlineError(e)) throw e;
    }
  }
  return undefined;
}
