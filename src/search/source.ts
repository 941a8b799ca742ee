import type { Disposable } from '../common/disposable';
import type { CodeGraph } from '../graph/code-graph';
import type { FileRecord } from '../index/records';

/** An indexed source file, as retrieval reads it. */
export interface SourceFile {
  record: FileRecord;
  mtimeMs: number;
  /** Content hash of the text the record was extracted from. */
  hash: string;
}

/**
 * Where the retrieval text index is kept between sessions (the engine signs and checks it like its other files).
 * `load` returns only bytes it can vouch for, or undefined; it throws with the reason if a file is there but not
 * trusted.
 */
export interface TextIndexFile {
  /** The persisted bytes, verified; undefined when there are none. Throws when they are not ours. */
  load(): Promise<Buffer | undefined>;
  /** Saves the file made of these pieces end to end (they are not joined first: at 3M lines the file is ~60 MB). */
  save(pieces: readonly Buffer[]): Promise<void>;
  /** The same, before a process exits (a `sightline call` ends right after its answer). */
  saveSync(pieces: readonly Buffer[]): void;
}

export interface DocFile {
  rel: string;
  size: number;
  mtimeMs: number;
}

export type TimeBasis = 'git_commit' | 'mtime';

export interface ChangeTime {
  /** ISO date-time of the last change. */
  at: string;
  basis: TimeBasis;
}

/**
 * What the retrieval indexes need from a workspace. The Engine provides it; search never imports the
 * engine (it sits below it), so this interface is the seam, and tests can hand in anything that fits.
 */
export interface RetrievalSource {
  readonly root: string;
  ready(): Promise<CodeGraph>;
  indexedFiles(): ReadonlyMap<string, SourceFile>;
  /**
   * A key of everything `graph` (the one `ready` returned) was linked from: every indexed file's content hash, the
   * project configuration and the formats (the link snapshot's key). Equal keys mean equal graphs, ranks included.
   */
  graphKey(graph: CodeGraph): string;
  docFiles(): readonly DocFile[];
  /** Workspace-relative path in, text out (editor contents when unsaved); refuses paths outside the workspace. */
  readText(rel: string): string;
  /** When each indexed source file and doc last changed: its last commit in git, else its modification time. */
  changeTimes(): ReadonlyMap<string, ChangeTime>;
  onDidIndex(listener: () => void): Disposable;
}
