import * as vscode from 'vscode';
import { DisposableStore } from '../common/disposable';
import { languageForPath } from '../index/languages';
import type { FolderEngines } from './folders';

/** How long typing must pause before unsaved contents are re-indexed. */
export const EDIT_DEBOUNCE_MS = 300;

/**
 * Keeps every folder's index current: files created, changed or deleted on disk (VS Code's watcher, which
 * honours files.watcherExclude), and unsaved editor contents, so an agent sees what the user sees.
 */
export class IndexSync implements vscode.Disposable {
  private readonly store = new DisposableStore();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** Documents whose unsaved text the index holds instead of the file. */
  private readonly overlaid = new Set<string>();

  constructor(private readonly folders: FolderEngines) {
    const watcher = this.store.add(vscode.workspace.createFileSystemWatcher('**/*'));
    this.store.add(watcher.onDidCreate((uri) => this.onDisk(uri)));
    this.store.add(watcher.onDidChange((uri) => this.onDisk(uri)));
    this.store.add(watcher.onDidDelete((uri) => this.onDisk(uri)));
    this.store.add(vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length > 0 && this.onEdit(e.document)));
    // Saving, or closing without saving, makes the file on disk the truth again.
    const release = (d: vscode.TextDocument) => this.overlaid.has(d.uri.toString()) && this.settle(d, undefined);
    this.store.add(vscode.workspace.onDidSaveTextDocument(release));
    this.store.add(vscode.workspace.onDidCloseTextDocument(release));
  }

  private onDisk(uri: vscode.Uri): void {
    const hit = this.folders.engineFor(uri);
    if (!hit) return;
    // A document with unsaved edits keeps its overlay; the disk event still matters for everything else.
    hit.engine.markDirty(hit.rel);
    this.folders.scheduleIndex(hit.engine);
  }

  private onEdit(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        this.settle(document, document.isDirty ? document.getText() : undefined);
      }, EDIT_DEBOUNCE_MS),
    );
  }

  /** Indexes `text` instead of the file (or the file again when undefined). */
  private settle(document: vscode.TextDocument, text: string | undefined): void {
    const hit = this.folders.engineFor(document.uri);
    if (!hit || !languageForPath(hit.rel)) return;
    const key = document.uri.toString();
    if (text === undefined) {
      clearTimeout(this.pending.get(key));
      this.pending.delete(key);
      this.overlaid.delete(key);
    } else this.overlaid.add(key);
    hit.engine.setOverlay(hit.rel, text);
    this.folders.scheduleIndex(hit.engine, 50);
  }

  dispose(): void {
    for (const t of this.pending.values()) clearTimeout(t);
    this.pending.clear();
    this.store.dispose();
  }
}
