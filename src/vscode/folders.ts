import * as path from 'node:path';
import * as vscode from 'vscode';
import { contentHash } from '../common/hash';
import { errorMessage } from '../common/errors';
import type { Logger } from '../common/log';
import { leavesBase } from '../common/paths';
import { Engine, EngineDisposed } from '../engine/engine';
import { Workspaces } from '../engine/workspaces';
import type { Settings } from './settings';

/** After the first index, when to look once more for files the watcher may have missed while starting. */
const CATCH_UP_DELAY_MS = 5000;

export type IndexState = 'indexing' | 'ready' | 'error' | 'empty';

export interface IndexSummary {
  state: IndexState;
  symbols: number;
  folders: number;
  error?: string;
}

/**
 * One Engine per open workspace folder (multi-root: each is indexed), persisted in the extension's
 * workspace storage so nothing is written into the user's repository. Rebuilt when folders or index
 * settings change. Indexing runs in the background with window progress; `onDidChange` drives the
 * status bar.
 */
export class FolderEngines implements vscode.Disposable {
  private current = new Workspaces([]);
  private readonly changed = new vscode.EventEmitter<IndexSummary>();
  readonly onDidChange = this.changed.event;
  private readonly timers = new Map<Engine, NodeJS.Timeout>();
  private running = 0;
  private generation = 0;
  private initial: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: vscode.Uri | undefined,
    private readonly logger: Logger,
  ) {}

  get workspaces(): Workspaces {
    return this.current;
  }

  /** Resolves when the indexing started by the last `rebuild` has finished (successfully or not). */
  whenIndexed(): Promise<void> {
    return this.initial;
  }

  rebuild(settings: Settings): void {
    this.generation++;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.current.dispose();
    const engines: Engine[] = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      if (folder.uri.scheme !== 'file') {
        this.logger.log('warn', `Skipping workspace folder ${folder.uri.toString()}: only local folders are indexed.`);
        continue;
      }
      try {
        engines.push(
          new Engine({
            root: folder.uri.fsPath,
            storageDir: this.storage ? path.join(this.storage.fsPath, 'index', contentHash(folder.uri.fsPath).slice(0, 16)) : null,
            maxFileBytes: settings.maxFileBytes,
            exclude: settings.exclude,
            docCollections: settings.docCollections,
            logger: this.logger,
          }),
        );
      } catch (e) {
        this.logger.log('error', `Cannot index ${folder.uri.fsPath}: ${errorMessage(e)}`);
      }
    }
    this.current = new Workspaces(engines);
    this.initial = this.indexAll('Indexing');
    // VS Code's file watcher starts a moment after the window: a file created in that moment (seen right after
    // a window reload) raises no event. One more incremental pass, once, picks it up; unchanged files cost a stat.
    const generation = this.generation;
    void this.initial.then(() => {
      if (generation !== this.generation) return;
      for (const engine of engines) this.scheduleIndex(engine, CATCH_UP_DELAY_MS);
    });
  }

  /** Indexes every folder with window progress; failures are logged and shown in the status bar. */
  indexAll(title: string): Promise<void> {
    const engines = this.current.engines;
    if (engines.length === 0) {
      this.fire();
      return Promise.resolve();
    }
    return Promise.resolve(
      vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Sightline: ${title.toLowerCase()}…` }, async () => {
        await Promise.all(engines.map((e) => this.index(e)));
      }),
    );
  }

  private async index(engine: Engine): Promise<void> {
    const generation = this.generation;
    this.running++;
    this.fire();
    try {
      await engine.index();
    } catch (e) {
      // A folder closed or rebuilt mid-run (settings changed) is not a failure.
      if (!(e instanceof EngineDisposed)) this.logger.log('error', `Indexing ${engine.root} failed: ${errorMessage(e)}`);
    } finally {
      this.running--;
      if (generation === this.generation) this.fire();
    }
  }

  /** The engine whose folder holds a file, and the file's workspace-relative path. */
  engineFor(uri: vscode.Uri): { engine: Engine; rel: string } | undefined {
    if (uri.scheme !== 'file') return undefined;
    for (const engine of this.current.engines) {
      const rel = path.relative(engine.root, uri.fsPath);
      if (rel && !leavesBase(rel)) return { engine, rel: rel.split(path.sep).join('/') };
    }
    return undefined;
  }

  /** Re-indexes a folder shortly after its files stop changing (one run for a burst of events). */
  scheduleIndex(engine: Engine, delayMs = 400): void {
    clearTimeout(this.timers.get(engine));
    this.timers.set(
      engine,
      setTimeout(() => {
        this.timers.delete(engine);
        void this.index(engine);
      }, delayMs),
    );
  }

  summary(): IndexSummary {
    const engines = this.current.engines;
    if (engines.length === 0) return { state: 'empty', symbols: 0, folders: 0 };
    let symbols = 0;
    let error: string | undefined;
    for (const e of engines) {
      if (e.status === 'error') error ??= `${path.basename(e.root)}: ${e.error}`;
      try {
        symbols += e.graph.table.all.length;
      } catch {
        // Not indexed yet.
      }
    }
    const state: IndexState = this.running > 0 ? 'indexing' : error ? 'error' : 'ready';
    return { state, symbols, folders: engines.length, ...(error ? { error } : {}) };
  }

  private fire(): void {
    this.changed.fire(this.summary());
  }

  dispose(): void {
    this.generation++;
    for (const t of this.timers.values()) clearTimeout(t);
    this.current.dispose();
    this.changed.dispose();
  }
}
