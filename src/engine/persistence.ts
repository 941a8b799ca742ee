import { errorMessage } from '../common/errors';
import type { Logger } from '../common/log';
import { sightlineVersion } from '../common/version';
import { CodeGraph } from '../graph/code-graph';
import { linkKey, SnapshotMismatch } from '../graph/link-snapshot';
import type { ProjectConfig } from '../graph/modules';
import { machineCacheKey } from './cache-key';
import { LinkStore } from './link-store';
import { IndexStore, INDEX_FORMAT, type StoredFile, type StoredIndex } from './store';
import { TextIndexStore } from './text-index-store';

const PERSIST_DELAY_MS = 2000;

/** What is saved: the engine's current files, when they were indexed, and the graph linked from them. */
export interface IndexState {
  files: ReadonlyMap<string, StoredFile>;
  indexedAt: string | null;
  graph: CodeGraph | undefined;
  /** Files whose record may come from the editor's unsaved text rather than the file on disk. */
  unsaved: ReadonlyMap<string, unknown>;
}

/**
 * Where an engine's index lives between sessions: the signed file records (IndexStore) and the graph's link
 * snapshot (LinkStore), saved now, after edits settle, or synchronously on dispose. Never throws on a failed
 * write: the next start rebuilds what it cannot trust, and the reason is in the log.
 */
export class IndexPersistence {
  private readonly store?: IndexStore;
  private readonly links?: LinkStore;
  /** Where the retrieval text index is kept: signed with the same key, under its own domain. */
  readonly textIndex?: TextIndexStore;
  /** The persisted link snapshot matches the current graph (nothing to write). */
  private linksSaved = false;
  private timer?: NodeJS.Timeout;
  private lastLinkKey?: { files: ReadonlyMap<string, StoredFile>; config: ProjectConfig; key: string };

  /** `dir` undefined: in memory only. */
  constructor(
    dir: string | undefined,
    key: Buffer | undefined,
    private readonly logger: Logger,
    private readonly state: () => IndexState,
  ) {
    if (dir === undefined) return;
    this.store = openStore(dir, key, logger);
    if (this.store) this.links = new LinkStore(dir, logger, this.store);
    if (this.store) this.textIndex = new TextIndexStore(dir, this.store);
  }

  /** The last write's failure, for index stats. */
  get lastSaveError(): string | undefined {
    return this.store?.lastSaveError;
  }

  /**
   * The saved records, if any can be trusted. The file is read and its signature checked before this returns; its
   * head inflates on libuv's thread pool while the caller goes on (IndexStore.loadAsync).
   */
  async loadFiles(): Promise<{ files: Map<string, StoredFile>; indexedAt: string } | undefined> {
    // The link snapshot loads alongside (see LinkStore.preload); `restoreGraph` or `releaseGraph` ends it.
    this.links?.preload();
    const stored = await this.store?.loadAsync();
    return stored ? { files: new Map(Object.entries(stored.files)), indexedAt: stored.indexedAt } : undefined;
  }

  /** The graph from the saved link snapshot when it fits `files` exactly; undefined (and the snapshot removed) otherwise. */
  async restoreGraph(files: ReadonlyMap<string, StoredFile>, config: ProjectConfig): Promise<CodeGraph | undefined> {
    const snapshot = await this.links?.load();
    if (!snapshot) return undefined;
    if (snapshot.key !== this.linkKey(files, config)) {
      this.logger.log('info', 'The link snapshot is of another version of the files: linking the graph from the index.');
      return undefined;
    }
    try {
      const graph = CodeGraph.restore(new Map([...files].map(([rel, f]) => [rel, f.record])), config, snapshot);
      this.linksSaved = true;
      this.logger.log('info', `Loaded the call graph from the link snapshot: ${graph.edgeCount()} call edges, nothing re-linked.`);
      return graph;
    } catch (e) {
      if (!(e instanceof SnapshotMismatch)) throw e;
      this.logger.log('warn', `The link snapshot does not fit the index (${e.message}): discarding it and linking from the index.`);
      this.links?.discard();
      return undefined;
    }
  }

  /**
   * linkKeyOf, remembered for the last files and configuration it was asked for: a warm start checks the snapshot
   * with it, and the first `retrieve` keys the saved wiki with it again (RetrievalIndex.wikiKey), for the same
   * files (~20–40 ms of hashing at a million lines). The same entries (each file's StoredFile object, which a pass
   * replaces when anything of the file changes, and never mutates) and the same configuration object give the same key.
   */
  linkKey(files: ReadonlyMap<string, StoredFile>, config: ProjectConfig): string {
    const last = this.lastLinkKey;
    if (last && last.config === config && sameEntries(last.files, files)) return last.key;
    const key = linkKeyOf(files, config);
    this.lastLinkKey = { files, config, key };
    return key;
  }

  /** The pass will not restore the graph: a link snapshot loaded ahead is let go. */
  releaseGraph(): void {
    this.links?.release();
  }

  /** The graph changed: its snapshot must be written again. */
  graphChanged(): void {
    this.linksSaved = false;
  }

  /**
   * The one way an index pass is saved. Files parsed or removed: the records, then the link snapshot — now, or,
   * for an edit (`settle`), once edits settle, since writing the whole index costs far more than re-linking an
   * edit. No file changed: only the link snapshot, if the graph changed since it was written.
   */
  async persist(change: { files: boolean; settle: boolean }): Promise<void> {
    if (!change.files) {
      if (!this.linksSaved) await this.saveLinks();
    } else if (change.settle) {
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        void this.save();
      }, PERSIST_DELAY_MS);
      this.timer.unref();
    } else {
      await this.save();
    }
  }

  /** On dispose: an edit saved in memory only (waiting to settle) is written now, synchronously, so the next start finds it. */
  flush(): void {
    if (!this.timer) return;
    this.cancelTimer();
    const records = this.records();
    try {
      if (records) this.store!.save(records);
    } catch (e) {
      this.recordsNotSaved(e);
    }
  }

  private async save(): Promise<void> {
    this.cancelTimer();
    const records = this.records();
    if (!records) return;
    try {
      await this.store!.saveAsync(records);
    } catch (e) {
      return this.recordsNotSaved(e);
    }
    await this.saveLinks();
  }

  /** What is written: the engine's records as they are now; undefined when the index is kept in memory only. */
  private records(): StoredIndex | undefined {
    if (!this.store) return undefined;
    const { files, indexedAt, unsaved } = this.state();
    const saved = Object.fromEntries(files);
    // A record of unsaved editor text carries the disk file's size and mtime: saved as such, the next session
    // would keep it for a file whose disk contents it does not describe. No file's mtime is -1, so the next start
    // reads and hashes the file on disk again.
    for (const rel of unsaved.keys()) if (saved[rel]) saved[rel] = { ...saved[rel], mtimeMs: -1 };
    return { format: INDEX_FORMAT, indexedAt: indexedAt!, files: saved };
  }

  /** Never thrown on: the next start re-parses what is not saved. */
  private recordsNotSaved(e: unknown): void {
    this.logger.log('warn', `Could not save the index cache: ${errorMessage(e)}`);
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Never throws: without a snapshot, the next start links from scratch. */
  private async saveLinks(): Promise<void> {
    const { files, graph } = this.state();
    if (!this.links || !graph) return;
    try {
      await this.links.save(graph.exportLinks(this.linkKey(files, graph.modules.config)));
      // Only if no other index pass replaced the graph meanwhile.
      if (graph === this.state().graph) this.linksSaved = true;
    } catch (e) {
      this.logger.log('warn', `Could not save the link snapshot: ${errorMessage(e)}`);
    }
  }
}

/** The link snapshot's key for these files and configuration: what a graph linked from them is a function of. */
export function linkKeyOf(files: ReadonlyMap<string, StoredFile>, config: ProjectConfig): string {
  return linkKey([...files].map(([rel, f]) => [rel, f.hash]), config, INDEX_FORMAT);
}

/** The persisted index, signed with the machine's key; without a usable key the index stays in memory, said in the log. */
function openStore(dir: string, key: Buffer | undefined, logger: Logger): IndexStore | undefined {
  try {
    return new IndexStore(dir, logger, { key: key ?? machineCacheKey(), engineVersion: sightlineVersion() });
  } catch (e) {
    logger.log('warn', `The index will not be saved between sessions: ${errorMessage(e)}`);
    return undefined;
  }
}

/** Two maps of the same files to the same StoredFile objects. */
function sameEntries(a: ReadonlyMap<string, StoredFile>, b: ReadonlyMap<string, StoredFile>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [rel, f] of a) if (b.get(rel) !== f) return false;
  return true;
}
