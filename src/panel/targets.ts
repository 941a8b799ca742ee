import * as fs from 'node:fs';
import { isSightlineError } from '../common/errors';
import { resolveInWorkspace } from '../common/paths';
import type { Engine } from '../engine/engine';
import type { Workspaces } from '../engine/workspaces';
import type { PanelError } from './protocol';

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
