import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Deadline } from '../common/deadline';
import type { Disposable } from '../common/disposable';
import { errorMessage, notReady } from '../common/errors';
import { type LineRange, readLineRange, readRegularFileSync } from '../common/safe-read';
import { type Logger, nullLogger } from '../common/log';
import { resolveInWorkspace } from '../common/paths';
import { CodeGraph } from '../graph/code-graph';
import type { ProjectConfig } from '../graph/modules';
import { type LanguageId, languageForPath } from '../index/languages';
import type { FileRecord } from '../index/records';
import { RetrievalIndex } from '../search/retrieval-index';
import type { ChangeTime, DocFile } from '../search/source';
import { lastCommitTimes } from './git';
import { readProjectConfig } from './project-config';
import { CONFIG_FILE_NAMES, DEFAULT_MAX_FILE_BYTES, isMarkdownPath, type ScannedFile, type ScanResult, type SkipReason } from './scanner';
import { Extractor, IDLE_WARM_DELAY_MS } from './extractor';
import { whenIdle } from './idle';
import type { Freshness } from './freshness';
import { IndexPlan } from './index-plan';
import { IndexPersistence } from './persistence';
import { RecordError } from './record-validation';
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
  /** Parse worker threads for a bulk index; default one per core. 0 extracts on the calling thread. */
  workers?: number;
}

/** Tools read a file whole up to this size (or the index's own limit, if higher); read_file_range streams any size. */
const READ_WHOLE_MAX_BYTES = 8 * 1024 * 1024;
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
  /** `files` holds records loaded from the cache, whose bodies are validated when first read (record-bodies.ts). */
  private storedRecords = false;
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
  /** The saved text index, read ahead and loaded in idle time after a warm start's pass (see preloadTextIndex). */
  private preloading?: Promise<void>;
  /** The first pass is a warm start (a saved index was loaded). */
  private preloadAfterPass = false;
  /** The in-thread grammar warm-up after the first pass (see Extractor.warmInThread); the languages it loaded. */
  private warming?: Promise<LanguageId[]>;

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
    this.persistence = new IndexPersistence(dir, options.cacheKey, this.logger, () => ({ files: this.files, indexedAt: this.indexedAt, graph: this.current, unsaved: this.overlays }));
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

  /**
   * `ready()`, waited for no longer than a call's deadline: the first index of a large folder (or a re-index after
   * a checkout) is shared work that goes on for later calls; this call answers `timeout` and says to retry.
   */
  readyWithin(deadline: Deadline | undefined): Promise<CodeGraph> {
    return deadline ? deadline.race(this.ready(), this.stillIndexing()) : this.ready();
  }

  /** The retrieval indexes, waited for no longer than a call's deadline (see readyWithin). */
  retrievalWithin(deadline: Deadline | undefined): Promise<RetrievalIndex> {
    return deadline ? deadline.race(this.retrieval.ready(), this.stillIndexing()) : this.retrieval.ready();
  }

  /** What a call that ran out of budget waiting for this folder's index tells the agent. */
  stillIndexing(): string {
    return `${path.basename(this.root)} is still being indexed: retry in a few seconds, or call index_workspace to wait for it.`;
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

  /** One pass: plan it (index-plan.ts), parse what it says on the extractor, link the graph, save, tell listeners. */
  private async doIndex(onlyDirty = false): Promise<IndexStats> {
    const started = performance.now();
    this.state = 'indexing';
    try {
      this.rerun = false;
      let scanned: ScanResult | undefined;
      if (!this.loadedFromDisk) {
        this.loadedFromDisk = true;
        const loading = this.persistence.loadFiles();
        // The saved records' head inflates on the thread pool meanwhile: the tree is scanned on this thread.
        if (!onlyDirty) scanned = IndexPlan.scan({ root: this.root, maxFileBytes: this.maxFileBytes, exclude: this.exclude });
        const stored = await loading;
        if (stored) {
          this.files = stored.files;
          this.indexedAt = stored.indexedAt;
          this.storedRecords = true;
          this.preloadAfterPass = true;
          // The saved text index is read on a worker from now, for the first `retrieve` (TextIndexStore.readAhead).
          this.persistence.textIndex?.readAhead();
        }
      }
      const dirty = new Set(this.dirty);
      this.dirty.clear();
      const before = this.files;
      const plan = await IndexPlan.make(
        { root: this.root, maxFileBytes: this.maxFileBytes, exclude: this.exclude, files: before, docs: this.docs, configFiles: this.configFiles, graph: this.current, overlays: this.overlays, dirty },
        onlyDirty,
        scanned,
      );
      const prewarm = plan.prewarm;
      if (prewarm) this.extractor.prewarm(prewarm.langs, prewarm.bytes);
      // Extraction runs on the worker pool for a bulk index; results land in the plan's order.
      const results = await this.extractor.extractAll(plan.pending.map((p) => ({ lang: languageForPath(p.file.rel)!.id, text: p.text, key: p.file.rel })));
      // Disposed while parsing (the client went away): stop quietly, keep nothing half-done.
      if (this.disposed) throw new EngineDisposed();
      plan.addParsed(results, this.logger);
      this.docs = plan.scan.docs;
      this.files = plan.next;
      this.configFiles = plan.configFiles;
      await this.link(plan, before);
      this.indexedAt = new Date().toISOString();
      await this.persistence.persist({ files: plan.filesChanged, settle: plan.targeted });
      this.state = 'ready';
      this.lastError = undefined;
      const stats: IndexStats = {
        files_indexed: plan.indexed,
        files_skipped: plan.skippedCount,
        files_removed: plan.removed,
        files_unchanged: plan.unchanged,
        symbols: this.graph.table.all.length,
        edges: this.graph.edgeCount(),
        elapsed_ms: Math.round(performance.now() - started),
        skipped_by_reason: plan.skipped,
        ...(this.persistence.lastSaveError ? { cache_warning: this.persistence.lastSaveError } : {}),
        ignore_rules_skipped: [...plan.scan.skippedIgnoreRules.values()].reduce((a, b) => a + b, 0),
      };
      for (const [file, n] of plan.scan.skippedIgnoreRules) this.logger.log('warn', `Skipped ${n} unusable ignore rule${n > 1 ? 's' : ''} in ${file} (longer than 1000 characters, more than 4 runs of *, or invalid); the rest of it applies.`);
      this.logger.log('info', `Indexed ${this.root}: ${stats.files_indexed} parsed, ${stats.files_unchanged} unchanged, ${stats.files_removed} removed, ${stats.files_skipped} skipped; ${stats.symbols} symbols, ${stats.edges} call edges in ${stats.elapsed_ms} ms.`);
      for (const l of this.listeners) l(stats);
      this.warming ??= this.warmForEdits();
      // A warm start's pass is done: the saved text index (read ahead since it began) is loaded at the next idle moment.
      if (this.preloadAfterPass && !this.preloading) this.preloading = this.preloadTextIndex();
      if (this.rerun) return this.doIndex();
      return stats;
    } catch (e) {
      if (e instanceof EngineDisposed) throw e;
      if (e instanceof RecordError && this.storedRecords) return this.discardStoredRecords(e);
      this.state = this.current ? 'ready' : 'error';
      this.lastError = errorMessage(e);
      this.logger.log('error', `Indexing ${this.root} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      throw e;
    }
  }

  /**
   * A record body from the cache failed its checks when it was read (it is signed, so only a bug of ours writes
   * one): the cache is not trusted, as when a head fails at load, and everything is indexed afresh.
   */
  private discardStoredRecords(e: RecordError): Promise<IndexStats> {
    this.logger.log('warn', `Index cache of ${this.root} is not trusted (${e.message}): discarding it and rebuilding the index.`);
    this.storedRecords = false;
    this.files = new Map();
    this.current = undefined;
    this.persistence.graphChanged();
    return this.doIndex();
  }

  /** The graph after a pass: on a warm start the saved one, then kept, re-linked in place, or built again as the plan says. */
  private async link(plan: IndexPlan, before: ReadonlyMap<string, StoredFile>): Promise<void> {
    // Read only when a graph is restored or built: an edit re-linked in place needs no build files (a monorepo's
    // package.json files were re-read and parsed on every keystroke).
    const config = () => this.projectConfig(plan.configFiles);
    // A warm start: the graph as it was saved, then only what changed since is re-linked. Whether the changes can
    // be re-linked in place is judged from the records first: restoring to rebuild anyway is waste.
    if (plan.mayRestore) this.current = await this.persistence.restoreGraph(before, config());
    else this.persistence.releaseGraph();
    if (!plan.mayRestore && plan.warmStart) this.logger.log('info', `${plan.parsed.length} changed and ${plan.removed} removed files since the index was saved, not all re-linkable in place: linking the graph from the index instead of the link snapshot.`);
    const step = plan.linkStep(this.current);
    if (step.kind === 'keep') return;
    this.persistence.graphChanged();
    const graph = this.current;
    if (step.kind === 'relink' && graph && step.files.every((rel) => graph.updateFile(rel, this.files.get(rel)!.record))) return;
    this.current = await CodeGraph.build(new Map<string, FileRecord>([...this.files].map(([rel, f]) => [rel, f.record])), config());
  }

  /**
   * What the first edit would otherwise pay, done when the thread is idle after the first pass (src/engine/idle.ts:
   * not in the middle of a tool call's work): the grammars and queries of the indexed languages loaded on this
   * thread (a bulk index loads them in the workers only), then the graph's lazily built lookups (a warm start
   * restores the graph without them).
   */
  private async warmForEdits(): Promise<LanguageId[]> {
    const langs = await this.extractor.warmInThread(this.languagesByFiles());
    if (await this.extractor.idle(0)) this.current?.prepareEdits();
    return langs;
  }

  /**
   * After a warm start, at the thread's first idle moment once the pass is done (src/engine/idle.ts), the text index
   * read ahead is verified and loaded, so a `retrieve` that comes later does not wait for it (~50 ms at a million
   * lines, after the read). Nothing is built here: without a usable saved text index, the first search builds it.
   */
  private async preloadTextIndex(): Promise<void> {
    if (await whenIdle(IDLE_WARM_DELAY_MS, () => this.disposed)) await this.retrieval.preload();
  }

  /** The languages of the indexed files, the most files first: the order edits are likeliest to need them in. */
  private languagesByFiles(): LanguageId[] {
    const count = new Map<LanguageId, number>();
    for (const f of this.files.values()) count.set(f.record.lang, (count.get(f.record.lang) ?? 0) + 1);
    return [...count].sort((a, b) => b[1] - a[1]).map(([lang]) => lang);
  }

  /**
   * The languages whose grammar and query the first pass loaded on this thread in idle time, once it has (empty
   * before the first pass, or when disposed first): the first edit in one of them does not load it.
   */
  grammarsWarmed(): Promise<LanguageId[]> {
    return this.warming ?? Promise.resolve([]);
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

  /** What `graph` was linked from, as the link snapshot's key: every file's content hash, the project configuration, the formats. */
  graphKey(graph: CodeGraph): string {
    return this.persistence.linkKey(this.files, graph.modules.config);
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
    this.retrievalIndex ??= new RetrievalIndex(this, path.basename(this.root), this.docCollections, {
      file: this.persistence.textIndex,
      log: (level, message) => this.logger.log(level, message),
    });
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
    this.persistence.textIndex?.dispose();
    this.persistence.flush();
  }
}

/** Indexing stopped because the engine was disposed mid-run; callers that dispose expect it. */
export class EngineDisposed extends Error {
  constructor() {
    super('The workspace was closed while it was being indexed.');
  }
}
