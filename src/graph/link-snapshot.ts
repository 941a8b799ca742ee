import { contentHash } from '../common/hash';
import type { ModuleCallSite } from './code-graph';
import type { ProjectConfig } from './modules';
import type { Resolution } from './resolver';

/**
 * The linked call and import graph written beside the index, so that a warm start loads edges instead of
 * resolving every call again (re-linking was most of a warm start: 8 s on a 1M-line monorepo).
 *
 * Symbols and files are named by number — a symbol by its ordinal in the SymbolTable (files sorted, symbols in
 * file order), a file by its position in the sorted file list — because both are fixed by the records alone.
 * A snapshot therefore only fits the exact records it was linked from: `key` hashes every file's content
 * hash, the project configuration and both formats, and a snapshot whose key differs is ignored.
 * Numbers are kept in flat arrays, stored as float64 (link-store.ts), so loading them is a view, not a parse.
 */
/** 2: dispatch edges (resolution `dispatch`) are linked; a format-1 snapshot lacks them. 3: numbers stored as float64. */
export const LINK_FORMAT = 3;

export interface LinkSnapshot {
  format: number;
  key: string;
  /** Resolution kinds, referred to by index below. */
  resolutions: string[];
  /**
   * Per call edge: from, to, resolution, confidence, site count, then per site file, line, character. Written as
   * one exactly sized Float64Array (a number array grown edge by edge left its outgrown copies, tens of MB at 1M
   * lines, on the heap at the peak of a cold index); read back as a view over the file's bytes (link-store.ts).
   */
  calls: readonly number[] | Float64Array;
  /** Per callee of module-level calls: callee, site count, then per site file, line, character, resolution, confidence. */
  moduleCalls: readonly number[] | Float64Array;
  /** Per import edge: from file, to file, line. */
  imports: readonly number[] | Float64Array;
}

/** What a snapshot must match: the content of every file (sorted by path), the project configuration and the formats. */
export function linkKey(fileHashes: Iterable<[string, string]>, config: ProjectConfig, indexFormat: number): string {
  const parts = [...fileHashes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([rel, hash]) => `${rel}\0${hash}`);
  return contentHash(`${LINK_FORMAT}\n${indexFormat}\n${JSON.stringify(config)}\n${parts.join('\n')}`);
}

/** The graph's edges in the numeric layout above, written by CodeGraph.exportLinks. */
export class LinkWriter {
  private readonly resolutionIndex = new Map<string, number>();
  readonly calls: Float64Array;
  private callsAt = 0;
  readonly moduleCalls: number[] = [];
  readonly imports: number[] = [];

  /** `callNumbers`: what `callNumbers(edge)` sums to over the edges to be written. */
  constructor(
    private readonly fileIndex: ReadonlyMap<string, number>,
    callNumbers: number,
  ) {
    this.calls = new Float64Array(callNumbers);
  }

  /** How many numbers `call` and its `site`s write for an edge of `sites` sites. */
  static callNumbers(sites: number): number {
    return 5 + 3 * sites;
  }

  private resolution(r: Resolution): number {
    let i = this.resolutionIndex.get(r);
    if (i === undefined) this.resolutionIndex.set(r, (i = this.resolutionIndex.size));
    return i;
  }

  /** One call edge (symbol ordinals); its `sites` sites follow through `site`. */
  call(from: number, to: number, resolution: Resolution, confidence: number, sites: number): void {
    const out = this.calls;
    let at = this.callsAt;
    if (at + LinkWriter.callNumbers(sites) > out.length) throw new Error('LinkWriter: more call edges than it was sized for');
    out[at++] = from;
    out[at++] = to;
    out[at++] = this.resolution(resolution);
    out[at++] = confidence;
    out[at++] = sites;
    this.callsAt = at;
  }

  /** A site of the edge last written: file by its number in the sorted file list, line, character. */
  site(file: number, line: number, character: number): void {
    const out = this.calls;
    out[this.callsAt++] = file;
    out[this.callsAt++] = line;
    out[this.callsAt++] = character;
  }

  moduleCall(to: number, sites: readonly ModuleCallSite[]): void {
    this.moduleCalls.push(to, sites.length);
    for (const s of sites) this.moduleCalls.push(this.fileIndex.get(s.file)!, s.line, s.character, this.resolution(s.resolution), s.confidence);
  }

  importEdge(from: string, to: string, line: number): void {
    this.imports.push(this.fileIndex.get(from)!, this.fileIndex.get(to)!, line);
  }

  finish(key: string): LinkSnapshot {
    if (this.callsAt !== this.calls.length) throw new Error('LinkWriter: fewer call edges than it was sized for');
    return { format: LINK_FORMAT, key, resolutions: [...this.resolutionIndex.keys()], calls: this.calls, moduleCalls: this.moduleCalls, imports: this.imports };
  }
}

/** Thrown while reading a snapshot that does not fit the records: the caller links from scratch instead. */
export class SnapshotMismatch extends Error {}

/** Reads numbers from one of a snapshot's flat arrays, checking every one (a snapshot on disk is not trusted). */
export class LinkReader {
  private at = 0;

  constructor(private readonly data: ArrayLike<unknown>) {}

  get done(): boolean {
    return this.at >= this.data.length;
  }

  /** An integer in [0, below). */
  index(below: number): number {
    const v = this.data[this.at++];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= below) throw new SnapshotMismatch(`bad index at ${this.at - 1}`);
    return v;
  }

  /** A 1-based line or character. */
  position(): number {
    return this.index(Number.MAX_SAFE_INTEGER);
  }

  confidence(): number {
    const v = this.data[this.at++];
    if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new SnapshotMismatch(`bad confidence at ${this.at - 1}`);
    return v;
  }
}

/** Shape check before any number is read: anything else is not a snapshot of ours. */
export function isLinkSnapshot(v: unknown): v is LinkSnapshot {
  const s = v as Partial<LinkSnapshot> | null;
  return (
    typeof s === 'object' && s !== null && s.format === LINK_FORMAT && typeof s.key === 'string' &&
    Array.isArray(s.resolutions) && s.resolutions.every((r) => typeof r === 'string') &&
    isNumbers(s.calls) && isNumbers(s.moduleCalls) && isNumbers(s.imports)
  );
}

function isNumbers(v: unknown): boolean {
  return Array.isArray(v) || v instanceof Float64Array;
}
