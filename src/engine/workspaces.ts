import * as path from 'node:path';
import type { Disposable } from '../common/disposable';
import { invalidArgument, quoteInput } from '../common/errors';
import type { Engine } from './engine';

/**
 * The open workspace folders, one Engine each. Tools pick one with an optional `workspace` argument
 * (folder name or path); without it, the folder holding an absolute `file`, else the first folder.
 */
export class Workspaces implements Disposable {
  constructor(readonly engines: Engine[]) {}

  get names(): string[] {
    return this.engines.map((e) => path.basename(e.root));
  }

  pick(workspace?: string, fileHint?: string): Engine {
    if (this.engines.length === 0) throw invalidArgument('No workspace folder is open. Open a folder (or pass --root to the CLI) and try again.');
    if (workspace) {
      const found = this.engines.find((e) => e.root === path.resolve(workspace) || path.basename(e.root) === workspace);
      if (!found) throw invalidArgument(`Unknown workspace ${quoteInput(workspace)}. Open folders: ${this.names.join(', ')}.`);
      return found;
    }
    if (fileHint && path.isAbsolute(fileHint)) {
      const holder = this.engines.find((e) => fileHint === e.root || fileHint.startsWith(e.root + path.sep));
      if (holder) return holder;
    }
    return this.engines[0];
  }

  dispose(): void {
    for (const e of this.engines) e.dispose();
  }
}
