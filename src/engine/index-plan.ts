import * as fs from 'node:fs';
import * as path from 'node:path';
import { errorMessage, isSightlineError } from '../common/errors';
import { contentHash } from '../common/hash';
import type { Logger } from '../common/log';
import { readRegularFileSync } from '../common/safe-read';
import { type CodeGraph, sameShape } from '../graph/code-graph';
import { type LanguageId, languageForPath } from '../index/languages';
import type { FileRecord } from '../index/records';
import { CONFIG_FILE_NAMES, contentSkipReason, isMarkdownPath, type ScanResult, type ScannedFile, scanWorkspace, type SkipReason } from './scanner';
import type { StoredFile } from './store';

const YIELD_EVERY_FILES = 64;
/** Edits to at most this many files are re-checked alone and re-linked in place instead of rebuilding the graph. */
const MAX_IN_PLACE_FILES = 32;
const PREWARM_MIN_FILES = 16;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** What an engine has indexed when a pass starts. */
export interface IndexedState {
  root: string;
  maxFileBytes: number;
  exclude: string[];
  files: ReadonlyMap<string, StoredFile>;
  docs: readonly ScannedFile[];
  configFiles: string[];
  graph: CodeGraph | undefined;
  /** Unsaved editor text, indexed instead of the file on disk. */
  overlays: ReadonlyMap<string, string>;
  /** Files marked changed since the last pass. */
  dirty: ReadonlySet<string>;
}

export interface PendingFile {
  file: ScannedFile;
  hash: string;
  /** The file's text until `addParsed` (then empty: see there). */
  text: string;
}

/** How the graph follows a pass: as it is, re-linked in place for a few edited files, or built again. */
export type LinkStep = { kind: 'keep' } | { kind: 'relink'; files: string[] } | { kind: 'rebuild' };

export type SkipCounts = Partial<Record<SkipReason | 'parse_error', number>>;

/**
 * One index pass, planned: which files to look at (every file, or only the dirty ones when they are all known
 * files), which of them are unchanged (size and mtime, then content hash), which must be parsed, and then, given
 * what the parse gave, what changed and how the graph follows (restore a saved one, re-link in place, rebuild).
 * It reads the files; it parses, links and saves nothing: the Engine does, with the plan.
 */
export class IndexPlan {
  /** The files the engine will have after the pass: the unchanged ones now, the parsed ones after `addParsed`. */
  readonly next: Map<string, StoredFile>;
  readonly pending: PendingFile[] = [];
  readonly skipped: SkipCounts = {};
  unchanged = 0;
  indexed = 0;

  private constructor(
    private readonly state: IndexedState,
    readonly scan: ScanResult,
    /** Only the dirty files were looked at (an edit or a save): the rest carries over as indexed. */
    readonly targeted: boolean,
  ) {
    this.next = targeted ? new Map(state.files) : new Map();
    if (targeted) for (const f of scan.files) this.next.delete(f.rel);
    for (const reason of scan.skipped.values()) this.count(reason);
  }

  /**
   * `onlyDirty`: re-check just the dirty files if that is enough (see `scanDirty`), else scan the whole tree, or
   * take `scanned`, a scan of it made for this pass (a warm start scans while its saved records load: Engine).
   */
  static async make(state: IndexedState, onlyDirty: boolean, scanned?: ScanResult): Promise<IndexPlan> {
    const targeted = onlyDirty ? scanDirty(state) : undefined;
    const plan = new IndexPlan(state, targeted ?? scanned ?? IndexPlan.scan(state), targeted !== undefined);
    await plan.sortFiles();
    return plan;
  }

  /** The whole tree as a pass sees it. */
  static scan(state: Pick<IndexedState, 'root' | 'maxFileBytes' | 'exclude'>): ScanResult {
    return scanWorkspace(state.root, { maxFileBytes: state.maxFileBytes, exclude: state.exclude });
  }

  /**
   * Nothing indexed yet and many files to parse: the languages whose parse workers the Engine starts (ParsePool.warm),
   * and the files' size in bytes (how many workers to start: Extractor's workersFor).
   */
  get prewarm(): { langs: LanguageId[]; bytes: number } | undefined {
    if (this.targeted || this.state.files.size > 0 || this.scan.files.length <= PREWARM_MIN_FILES) return undefined;
    let bytes = 0;
    for (const f of this.scan.files) bytes += f.size;
    return { langs: [...new Set(this.scan.files.map((f) => languageForPath(f.rel)!.id))], bytes };
  }

  /** Build files that decide import resolution, as of this pass. */
  get configFiles(): string[] {
    return this.targeted ? this.state.configFiles : this.scan.configFiles;
  }

  get skippedCount(): number {
    return Object.values(this.skipped).reduce((a, b) => a + (b ?? 0), 0);
  }

  private count(reason: SkipReason | 'parse_error'): void {
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
  }

  private async sortFiles(): Promise<void> {
    const { files, overlays, dirty, maxFileBytes } = this.state;
    for (const file of this.scan.files) {
      const overlay = overlays.get(file.rel);
      const prev = files.get(file.rel);
      if (prev && overlay === undefined && !dirty.has(file.rel) && prev.size === file.size && prev.mtimeMs === file.mtimeMs) {
        this.keep(file.rel, prev);
        continue;
      }
      let bytes: Buffer;
      try {
        // The scan saw a regular file under the limit; by now it may be a FIFO or have grown: checked again.
        bytes = overlay !== undefined ? Buffer.from(overlay, 'utf8') : readRegularFileSync(file.abs, maxFileBytes, file.rel);
      } catch (e) {
        this.count(isSightlineError(e) && e.kind === 'tooLarge' ? 'too_large' : 'unreadable');
        continue;
      }
      const hash = contentHash(bytes);
      if (prev && prev.hash === hash) {
        this.keep(file.rel, { ...prev, size: file.size, mtimeMs: file.mtimeMs });
        continue;
      }
      const reason = contentSkipReason(file.rel, bytes);
      if (reason) {
        this.count(reason);
        continue;
      }
      this.pending.push({ file, hash, text: bytes.toString('utf8') });
      // Reading and hashing a large tree takes a while: let the host's event loop breathe.
      if (this.pending.length % YIELD_EVERY_FILES === 0) await yieldToEventLoop();
    }
  }

  private keep(rel: string, file: StoredFile): void {
    this.next.set(rel, file);
    this.unchanged++;
  }

  /**
   * The parse results, in `pending` order. A file that failed is logged and counted; when every one of several
   * failed, that is a broken install, not a workspace of odd files: an error, instead of an empty index served as
   * ready. The pending files' texts are let go here: the plan lives to the end of the pass, and a cold index of
   * a million lines kept its 31 MB of source text through the link and the save, promoted by their collections
   * and then left as garbage for the retrieval build to meet (bench/README, issue 12 session 8, second round).
   */
  addParsed(results: readonly (FileRecord | Error)[], logger: Logger): void {
    const failed = results.filter((r) => r instanceof Error);
    if (this.pending.length > 1 && failed.length === this.pending.length) {
      throw new Error(`Could not parse any of ${this.pending.length} files (${errorMessage(failed[0])}). Reinstall Sightline or see the log.`);
    }
    this.pending.forEach(({ file, hash }, i) => {
      const record = results[i];
      if (record instanceof Error) {
        logger.log('warn', `Could not parse ${file.rel}: ${errorMessage(record)}`);
        this.count('parse_error');
        return;
      }
      this.next.set(file.rel, { hash, size: file.size, mtimeMs: file.mtimeMs, record });
      this.indexed++;
    });
    for (const p of this.pending) p.text = '';
  }

  /** Files indexed before the pass and gone after it. */
  get removed(): number {
    // A targeted pass carries every file it did not look at over: only those it looked at can be gone (an edit
    // counted all of a monorepo's files, twice, on every keystroke).
    if (this.targeted) return this.scan.files.filter((f) => this.state.files.has(f.rel) && !this.next.has(f.rel)).length;
    let gone = 0;
    for (const rel of this.state.files.keys()) if (!this.next.has(rel)) gone++;
    return gone;
  }

  /** Any file parsed or removed: the records must be saved. */
  get filesChanged(): boolean {
    return this.indexed > 0 || this.removed > 0;
  }

  /** The engine has records from the last session but no graph yet. */
  get warmStart(): boolean {
    return this.state.graph === undefined && this.state.files.size > 0;
  }

  /**
   * A warm start whose saved graph fits: what changed since can be re-linked into it in place, judged from the
   * records alone (few files, none removed or new, every one of the same shape; CodeGraph.updateFile can still
   * refuse for what only the graph knows: cross-file value flows). Restoring a graph only to rebuild it is waste.
   */
  get mayRestore(): boolean {
    if (!this.warmStart) return false;
    if (!this.filesChanged) return true;
    const parsed = this.parsed;
    if (this.removed > 0 || parsed.length > MAX_IN_PLACE_FILES) return false;
    return parsed.every((rel) => {
      const old = this.state.files.get(rel);
      return old !== undefined && sameShape(old.record, this.next.get(rel)!.record);
    });
  }

  /** Files parsed in this pass whose records are new (not a parse failure kept from before). */
  get parsed(): string[] {
    return this.pending.map((p) => p.file.rel).filter((rel) => this.next.get(rel) !== this.state.files.get(rel));
  }

  /** How `graph` (the engine's, or one restored) follows the pass. */
  linkStep(graph: CodeGraph | undefined): LinkStep {
    if (graph && !this.filesChanged) return { kind: 'keep' };
    const parsed = this.parsed;
    if (graph && this.removed === 0 && parsed.length > 0 && parsed.length <= MAX_IN_PLACE_FILES) return { kind: 'relink', files: parsed };
    return { kind: 'rebuild' };
  }
}

/**
 * The dirty files alone, when they are all files already indexed (an edit or a save); undefined when a
 * full scan is needed (a file created or deleted, a build file changed, or too many to be worth it).
 */
function scanDirty(state: IndexedState): ScanResult | undefined {
  const { dirty, root, maxFileBytes } = state;
  if (!state.graph || dirty.size === 0 || dirty.size > MAX_IN_PLACE_FILES) return undefined;
  const files: ScannedFile[] = [];
  const docs = new Map(state.docs.map((d) => [d.rel, d]));
  for (const rel of dirty) {
    // An edited markdown document the last scan found is re-stated on its own; a new one needs a scan.
    if (isMarkdownPath(rel) && docs.has(rel)) {
      try {
        const stat = fs.statSync(path.join(root, rel));
        if (stat.size > maxFileBytes) return undefined;
        docs.set(rel, { ...docs.get(rel)!, size: stat.size, mtimeMs: stat.mtimeMs });
        continue;
      } catch {
        return undefined;
      }
    }
    if (!state.files.has(rel) || CONFIG_FILE_NAMES.has(path.basename(rel))) return undefined;
    const abs = path.join(root, rel);
    try {
      const stat = fs.statSync(abs);
      if (stat.size > maxFileBytes) return undefined;
      files.push({ rel, abs, size: stat.size, mtimeMs: stat.mtimeMs });
    } catch {
      return undefined;
    }
  }
  return { files, docs: [...docs.values()], skipped: new Map(), configFiles: state.configFiles, skippedIgnoreRules: new Map() };
}
