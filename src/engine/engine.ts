import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Disposable } from '../common/disposable';
import { errorMessage, isSightlineError, notReady } from '../common/errors';
import { type LineRange, readLineRange, readRegularFileSync } from '../common/safe-read';
import { contentHash } from '../common/hash';
import { type Logger, nullLogger } from '../common/log';
import { resolveInWorkspace } from '../common/paths';
import { CodeGraph, sameShape } from '../graph/code-graph';
import type { ProjectConfig } from '../graph/modules';
import { languageForPath } from '../index/languages';
import type { FileRecord } from '../index/records';
import { RetrievalIndex } from '../search/retrieval-index';
import type { ChangeTime, DocFile } from '../search/source';
import { lastCommitTimes } from './git';
import { readProjectConfig } from './project-config';
import { CONFIG_FILE_NAMES, contentSkipReason, DEFAULT_MAX_FILE_BYTES, isMarkdownPath, type ScanResult, type ScannedFile, scanWorkspace, type SkipReason } from './scanner';
import { Extractor } from './extractor';
import type { Freshness } from './freshness';
import { IndexPersistence } from './persistence';
import type { StoredFile } from './store';

export interface EngineOptions {
  root: string;
  /** Where the index is persisted; default `<root>/.sightline`. `null` keeps it in memory only. */
  storageDir?: string | null;
  /** The secret that signs the persisted index; default the machine-local key (cache-key.ts). */
  cacheKey?: Buffer;
  maxFileBytes?: number;
  exclude?: string[];
  /** Extra markdown collections for retrieval, as gitignore-style globs (besides one per docs folder). */
  docCollections?: string[];
  logger?: Logger;
  /** Parse worker threads for a bulk index; default one per core, 0 extracts on the calling thread. */
  workers?: number;
}

const YIELD_EVERY_FILES = 64;
/** Tools read a file whole up to this size (or the index's own limit, if higher); read_file_range streams any size. */
const READ_WHOLE_MAX_BYTES = 8 * 1024 * 1024;
/** Edits to at most this many files are re-linked in place instead of rebuilding the graph. */
const MAX_IN_PLACE_FILES = 32;
const PREWARM_MIN_FILES = 16;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export interface IndexStats {
  files_indexed: number;
  files_skipped: number;
  files_removed: number;
  files_unchanged: number;
  symbols: number;
  edges: number;
  elapsed_ms: number;
  skipped_by_reason: Partial<Record<SkipReason | 'parse_error', number>>;
  /** Set when the index could not be saved (e.g. a full disk): answers are right, the next start re-parses. */
  cache_warning?: string;
  /** Lines of .gitignore files (or the exclude setting) passed over as unusable: too long, too wild, or invalid. */
  ignore_rules_skipped: number;
}

export type { Freshness } from './freshness';

export type EngineStatus = 'empty' | 'indexing' | 'ready' | 'error';

/**
 * The headless facade over one workspace root: scans, extracts changed files only, links the graph,
 * persists, and knows how fresh it is. Both composition roots (CLI, extension) build one per folder.
 */
export class Engine implements Disposable {
  readonly root: string;
  private readonly logger: Logger;
  private readonly persistence: IndexPersistence;
  private files = new Map<string, StoredFile>();
  private loadedFromDisk = false;
  private current?: CodeGraph;
  private indexedAt: string | null = null;
  private running?: Promise<IndexStats>;
  private rerun = false;
  private readonly dirty = new Set<string>();
  private readonly overlays = new Map<string, string>();
  private watcher?: fs.FSWatcher;
  private lastError?: string;
  private state: EngineStatus = 'empty';
  private readonly listeners = new Set<(stats: IndexStats) => void>();
  readonly maxFileBytes: number;
  private readonly exclude: string[];
  private readonly docCollections: string[];
  private docs: ScannedFile[] = [];
  private retrievalIndex?: RetrievalIndex;
  private readonly extractor: Extractor;
  private configFiles: string[] = [];
  private disposed = false;

  constructor(options: EngineOptions) {
    this.root = fs.realpathSync(options.root);
    this.logger = options.logger ?? nullLogger;
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.exclude = options.exclude ?? [];
    this.docCollections = options.docCollections ?? [];
    this.extractor = new Extractor(options.workers, (reason) =>
      this.logger.log('warn', `Parse workers failed (${reason}); indexing on the main thread instead, which is slower.`),
    );
    const dir = options.storageDir === null ? undefined : (options.storageDir ?? path.join(this.root, '.sightline'));
    this.persistence = new IndexPersistence(dir, options.cacheKey, this.logger, () => ({ files: this.files, indexedAt: this.indexedAt, graph: this.current }));
  }

  get status(): EngineStatus {
    return this.state;
  }

  get error(): string | undefined {
    return this.lastError;
  }

  /** The linked graph. Throws `notReady` before the first index has finished. */
  get graph(): CodeGraph {
    if (!this.current) {
      throw notReady(this.state === 'error'
        ? `The index failed to build (${this.lastError}). Run index_workspace to retry, or see server_logs.`
        : 'The index is still being built. Call index_workspace to wait for it, or retry in a few seconds.');
    }
    return this.current;
  }

  /** The linked graph, or undefined before the first index has finished: for answers that can do without it. */
  graphIfReady(): CodeGraph | undefined {
    return this.current;
  }

  /** Indexes if nothing is indexed yet or files changed since; returns the up-to-date graph. */
  async ready(): Promise<CodeGraph> {
    if (!this.current) await this.index();
    else if (this.dirty.size > 0) await this.run(true);
    return this.graph;
  }

  onDidIndex(listener: (stats: IndexStats) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Incremental: unchanged files (size, mtime, then content hash) are not re-extracted. Calls overlap into one run. */
  index(): Promise<IndexStats> {
    return this.run(false);
  }

  /** `onlyDirty`: re-check just the files marked dirty (an edit, a save) instead of scanning the whole tree. */
  private run(onlyDirty: boolean): Promise<IndexStats> {
    if (this.running) {
      this.rerun = true;
      return this.running.then(() => this.run(onlyDirty));
    }
    this.running = this.doIndex(onlyDirty).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async doIndex(onlyDirty = false): Promise<IndexStats> {
    const started = performance.now();
    this.state = 'indexing';
    try {
      this.rerun = false;
      if (!this.loadedFromDisk) {
        this.loadedFromDisk = true;
        const stored = this.persistence.loadFiles();
        if (stored) {
          this.files = stored.files;
          this.indexedAt = stored.indexedAt;
        }
      }
      const dirtyNow = new Set(this.dirty);
      this.dirty.clear();
      const targeted = onlyDirty ? this.scanDirty(dirtyNow) : undefined;
      const scan = targeted ?? scanWorkspace(this.root, { maxFileBytes: this.maxFileBytes, exclude: this.exclude });
      // Nothing indexed yet: every file will be parsed, so the workers start while the files are read.
      if (!targeted && this.files.size === 0 && scan.files.length > PREWARM_MIN_FILES) {
        this.extractor.prewarm([...new Set(scan.files.map((f) => languageForPath(f.rel)!.id))]);
      }
      const skippedByReason: IndexStats['skipped_by_reason'] = {};
      const count = (reason: SkipReason | 'parse_error') => (skippedByReason[reason] = (skippedByReason[reason] ?? 0) + 1);
      for (const reason of scan.skipped.values()) count(reason);
      let indexed = 0;
      let unchanged = 0;
      // A targeted run starts from what is indexed and revisits only the dirty files.
      const next = targeted ? new Map(this.files) : new Map<string, StoredFile>();
      if (targeted) for (const f of targeted.files) next.delete(f.rel);
      const pending: { file: ScannedFile; hash: string; text: string }[] = [];
      for (const file of scan.files) {
        const overlay = this.overlays.get(file.rel);
        const prev = this.files.get(file.rel);
        if (prev && overlay === undefined && !dirtyNow.has(file.rel) && prev.size === file.size && prev.mtimeMs === file.mtimeMs) {
          next.set(file.rel, prev);
          unchanged++;
          continue;
        }
        let bytes: Buffer;
        try {
          // The scan saw a regular file under the limit; by now it may be a FIFO or have grown: checked again.
          bytes = overlay !== undefined ? Buffer.from(overlay, 'utf8') : readRegularFileSync(file.abs, this.maxFileBytes, file.rel);
        } catch (e) {
          count(isSightlineError(e) && e.kind === 'tooLarge' ? 'too_large' : 'unreadable');
          continue;
        }
        const hash = contentHash(bytes);
        if (prev && prev.hash === hash) {
          next.set(file.rel, { ...prev, size: file.size, mtimeMs: file.mtimeMs });
          unchanged++;
          continue;
        }
        const reason = contentSkipReason(file.rel, bytes);
        if (reason) {
          count(reason);
          continue;
        }
        pending.push({ file, hash, text: bytes.toString('utf8') });
        // Reading and hashing a large tree takes a while: let the host's event loop breathe.
        if (pending.length % YIELD_EVERY_FILES === 0) await yieldToEventLoop();
      }
      // Extraction runs on the worker pool for a bulk index; results land in scan order.
      const results = await this.extractor.extractAll(pending.map((p) => ({ lang: languageForPath(p.file.rel)!.id, text: p.text, key: p.file.rel })));
      // Disposed while parsing (the client went away): stop quietly, keep nothing half-done.
      if (this.disposed) throw new EngineDisposed();
      const failed = results.filter((r) => r instanceof Error);
      if (pending.length > 1 && failed.length === pending.length) {
        // Nothing could be parsed at all: that is a broken install, not a workspace of odd files. Say so
        // (status bar: error, tools: notReady with the reason) instead of serving an empty index as ready.
        throw new Error(`Could not parse any of ${pending.length} files (${errorMessage(failed[0] as Error)}). Reinstall Sightline or see the log.`);
      }
      pending.forEach(({ file, hash }, i) => {
        const record = results[i];
        if (record instanceof Error) {
          this.logger.log('warn', `Could not parse ${file.rel}: ${errorMessage(record)}`);
          count('parse_error');
          return;
        }
        next.set(file.rel, { hash, size: file.size, mtimeMs: file.mtimeMs, record });
        indexed++;
      });
      this.docs = scan.docs;
      const removed = [...this.files.keys()].filter((rel) => !next.has(rel)).length;
      const extracted = pending.map((p) => p.file.rel).filter((rel) => next.get(rel) !== this.files.get(rel));
      const before = this.files;
      this.files = next;
      const config = this.projectConfig(targeted ? this.configFiles : scan.configFiles);
      // A warm start: the graph as it was saved, then only what changed since is re-linked (below). Whether the
      // changes can be re-linked in place is judged from the records first: restoring to rebuild anyway is waste.
      if (!this.current && before.size > 0) {
        if (this.fitsInPlace(before, extracted, removed)) this.current = this.persistence.restoreGraph(before, config);
        else this.logger.log('info', `${extracted.length} changed and ${removed} removed files since the index was saved, not all re-linkable in place: linking the graph from the index instead of the link snapshot.`);
      }
      const changed = indexed > 0 || removed > 0 || !this.current;
      if (changed) this.persistence.graphChanged();
      if (changed && !this.relinkInPlace(extracted, removed)) {
        const records = new Map<string, FileRecord>([...next].map(([rel, f]) => [rel, f.record]));
        this.current = await CodeGraph.build(records, config);
      }
      if (!targeted) this.configFiles = scan.configFiles;
      this.indexedAt = new Date().toISOString();
      // Writing the whole index costs far more than re-linking an edit: edits are saved once they settle.
      if (indexed > 0 || removed > 0) {
        if (targeted) this.persistence.saveSoon();
        else await this.persistence.save();
      } else {
        await this.persistence.saveLinksIfChanged();
      }
      this.state = 'ready';
      this.lastError = undefined;
      const stats: IndexStats = {
        files_indexed: indexed,
        files_skipped: Object.values(skippedByReason).reduce((a, b) => a + (b ?? 0), 0),
        files_removed: removed,
        files_unchanged: unchanged,
        symbols: this.current!.table.all.length,
        edges: this.current!.edgeCount(),
        elapsed_ms: Math.round(performance.now() - started),
        skipped_by_reason: skippedByReason,
        ...(this.persistence.lastSaveError ? { cache_warning: this.persistence.lastSaveError } : {}),
        ignore_rules_skipped: [...scan.skippedIgnoreRules.values()].reduce((a, b) => a + b, 0),
      };
      for (const [file, n] of scan.skippedIgnoreRules) this.logger.log('warn', `Skipped ${n} unusable ignore rule${n > 1 ? 's' : ''} in ${file} (longer than 1000 characters, more than 4 runs of *, or invalid); the rest of it applies.`);
      this.logger.log('info', `Indexed ${this.root}: ${stats.files_indexed} parsed, ${stats.files_unchanged} unchanged, ${stats.files_removed} removed, ${stats.files_skipped} skipped; ${stats.symbols} symbols, ${stats.edges} call edges in ${stats.elapsed_ms} ms.`);
      for (const l of this.listeners) l(stats);
      if (this.rerun) return this.doIndex();
      return stats;
    } catch (e) {
      if (e instanceof EngineDisposed) throw e;
      this.state = this.current ? 'ready' : 'error';
      this.lastError = errorMessage(e);
      this.logger.log('error', `Indexing ${this.root} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      throw e;
    }
  }

  /**
   * The dirty files alone, when they are all files already indexed (an edit or a save); undefined when a
   * full scan is needed (a file created or deleted, a build file changed, or too many to be worth it).
   */
  private scanDirty(dirty: ReadonlySet<string>): ScanResult | undefined {
    if (!this.current || dirty.size === 0 || dirty.size > MAX_IN_PLACE_FILES) return undefined;
    const files: ScannedFile[] = [];
    const docs = new Map(this.docs.map((d) => [d.rel, d]));
    for (const rel of dirty) {
      // An edited markdown document the last scan found is re-stated on its own; a new one needs a scan.
      if (isMarkdownPath(rel) && docs.has(rel)) {
        try {
          const stat = fs.statSync(path.join(this.root, rel));
          if (stat.size > this.maxFileBytes) return undefined;
          docs.set(rel, { ...docs.get(rel)!, size: stat.size, mtimeMs: stat.mtimeMs });
          continue;
        } catch {
          return undefined;
        }
      }
      if (!this.files.has(rel) || CONFIG_FILE_NAMES.has(path.basename(rel))) return undefined;
      const abs = path.join(this.root, rel);
      try {
        const stat = fs.statSync(abs);
        if (stat.size > this.maxFileBytes) return undefined;
        files.push({ rel, abs, size: stat.size, mtimeMs: stat.mtimeMs });
      } catch {
        return undefined;
      }
    }
    return { files, docs: [...docs.values()], skipped: new Map(), configFiles: this.configFiles, skippedIgnoreRules: new Map() };
  }

  /**
   * Whether edits to `extracted` (records now in `this.files`) could be re-linked in place into a graph of
   * `before`'s records, judged from the records alone: few files, none removed or new, every one of the same
   * shape (CodeGraph.updateFile can still refuse for what only the graph knows: cross-file value flows).
   */
  private fitsInPlace(before: ReadonlyMap<string, StoredFile>, extracted: string[], removed: number): boolean {
    if (removed > 0 || extracted.length > MAX_IN_PLACE_FILES) return false;
    return extracted.every((rel) => {
      const old = before.get(rel);
      return old !== undefined && sameShape(old.record, this.files.get(rel)!.record);
    });
  }

  /** Re-links a few edited files in the current graph; false when a rebuild is needed (see CodeGraph.updateFile). */
  private relinkInPlace(extracted: string[], removed: number): boolean {
    if (!this.current || removed > 0 || extracted.length === 0 || extracted.length > MAX_IN_PLACE_FILES) return false;
    return extracted.every((rel) => this.current!.updateFile(rel, this.files.get(rel)!.record));
  }

  private projectConfig(configFiles: string[]): ProjectConfig {
    return readProjectConfig(this.root, configFiles.filter((f) => CONFIG_FILE_NAMES.has(path.basename(f))));
  }

  /** A file changed on disk (from a watcher); the next `ready()` re-indexes it. */
  markDirty(rel: string): void {
    this.dirty.add(rel);
  }

  /** Unsaved editor contents: indexed instead of the file on disk until cleared with `undefined`. */
  setOverlay(rel: string, text: string | undefined): void {
    if (text === undefined) this.overlays.delete(rel);
    else this.overlays.set(rel, text);
    this.dirty.add(rel);
  }

  freshness(): Freshness {
    const stale = [...this.dirty].sort();
    return { indexed_at: this.indexedAt, stale_files: stale.slice(0, 20), stale_count: stale.length };
  }

  /** The text tools read: the editor's unsaved contents if any, else the file on disk (inside the workspace only). */
  readText(file: string): string {
    const { rel, abs } = resolveInWorkspace(this.root, file);
    const overlay = this.overlays.get(rel);
    return overlay ?? readRegularFileSync(abs, Math.max(this.maxFileBytes, READ_WHOLE_MAX_BYTES), rel).toString('utf8');
  }

  /**
   * Lines start..end (1-based, inclusive) of a file: from the editor's unsaved text if any, else streamed from
   * disk as far as needed, so a huge file costs what is read and a FIFO or device is refused, never waited on.
   */
  async readLines(file: string, start: number, end: number): Promise<LineRange & { rel: string }> {
    const { rel, abs } = resolveInWorkspace(this.root, file);
    const overlay = this.overlays.get(rel);
    if (overlay !== undefined) {
      const all = overlay.split('\n');
      if (all.length > 1 && all[all.length - 1] === '') all.pop();
      const lines = all.slice(start - 1, end);
      return { rel, lines, totalLines: all.length, binary: overlay.includes('\0') };
    }
    const range = await readLineRange(abs, start, end, { what: rel, maxLineBytes: READ_WHOLE_MAX_BYTES, countAllBelowBytes: READ_WHOLE_MAX_BYTES });
    return { rel, ...range };
  }

  /** Records of the files currently indexed (workspace-relative path → record). */
  indexedFiles(): ReadonlyMap<string, StoredFile> {
    return this.files;
  }

  /** Markdown documents found by the last scan (retrieval reads them; the code index does not). */
  docFiles(): readonly DocFile[] {
    return this.docs;
  }

  /** When each indexed file and doc last changed: its last commit when the root is in git, else (or if untracked) its mtime. */
  changeTimes(): Map<string, ChangeTime> {
    const commits = lastCommitTimes(this.root);
    const times = new Map<string, ChangeTime>();
    const add = (rel: string, mtimeMs: number) => {
      const committed = commits.get(rel);
      times.set(rel, committed ? { at: new Date(committed).toISOString(), basis: 'git_commit' } : { at: new Date(mtimeMs).toISOString(), basis: 'mtime' });
    };
    for (const [rel, f] of this.files) add(rel, f.mtimeMs);
    for (const d of this.docs) add(d.rel, d.mtimeMs);
    return times;
  }

  /** Search and read indexes over code, markdown collections and the generated wiki; built on first use, then kept in step. */
  get retrieval(): RetrievalIndex {
    this.retrievalIndex ??= new RetrievalIndex(this, path.basename(this.root), this.docCollections);
    return this.retrievalIndex;
  }

  /** Watches the root (recursively) and marks changed source files dirty. */
  watch(): Disposable {
    if (this.watcher) return { dispose: () => undefined };
    try {
      this.watcher = fs.watch(this.root, { recursive: true }, (_event, name) => {
        if (!name) return;
        const rel = name.toString().split(path.sep).join('/');
        if (rel.startsWith('.sightline') || rel.split('/').includes('node_modules') || rel.startsWith('.git/')) return;
        if (languageForPath(rel) || isMarkdownPath(rel) || CONFIG_FILE_NAMES.has(path.basename(rel))) this.dirty.add(rel);
      });
      this.watcher.on('error', (e) => this.logger.log('warn', `File watcher stopped: ${errorMessage(e)}`));
    } catch (e) {
      this.logger.log('warn', `Could not watch ${this.root} (${errorMessage(e)}); call index_workspace after edits.`);
    }
    return { dispose: () => this.stopWatching() };
  }

  private stopWatching(): void {
    this.watcher?.close();
    this.watcher = undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.stopWatching();
    this.retrievalIndex?.dispose();
    this.listeners.clear();
    this.extractor.dispose();
    this.persistence.flush();
  }
}

/** Indexing stopped because the engine was disposed mid-run; callers that dispose expect it. */
export class EngineDisposed extends Error {
  constructor() {
    super('The workspace was closed while it was being indexed.');
  }
}
