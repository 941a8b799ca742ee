import * as fs from 'node:fs';
import * as path from 'node:path';
import { errorMessage } from '../common/errors';
import type { Logger } from '../common/log';
import { isLinkSnapshot, LINK_FORMAT, type LinkSnapshot } from '../graph/link-snapshot';
import { gunzipWholeAsync, gzipPieces } from './gzip-pieces';
import type { IndexStore } from './store';

export const LINKS_FILE = 'links.bin.gz';
/** The snapshot's own signing domain: signed with the index's key, it still never passes for an index, nor an index for it. */
export const LINKS_DOMAIN = `sightline-links|${LINK_FORMAT}`;
/** Numbers serialised per piece. */
const NUMBERS_PER_PIECE = 20_000;


/**
 * The linked graph's snapshot (graph/link-snapshot.ts), beside the index in the same folder. It is only ever a
 * shortcut: a missing, unreadable or foreign snapshot is ignored and the graph is linked from the records.
 */
export class LinkStore {
  private preloaded?: ReturnType<LinkStore['read']>;

  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
    /** Signs and verifies with the index's machine-local key (under LINKS_DOMAIN): a snapshot not written here is not believed. */
    private readonly index: IndexStore,
  ) {}

  /**
   * Starts loading the snapshot now (read, then gunzipped on libuv's thread pool) for `load` to finish: a warm start
   * reads and checks the records and scans the tree meanwhile, so on two cores inflating the snapshot costs no wall
   * time. `release` drops it when the pass will not restore the graph.
   */
  preload(): void {
    this.preloaded ??= this.read();
  }

  release(): void {
    this.preloaded = undefined;
  }

  /** The snapshot (the preloaded one, if any), or undefined when there is none or it cannot be trusted (logged then). */
  async load(): Promise<LinkSnapshot | undefined> {
    const read = await (this.preloaded ?? this.read());
    this.preloaded = undefined;
    if (read.problem) this.logger.log(read.problem.level, read.problem.message);
    return read.snapshot;
  }

  /** What the file holds; a problem is logged only by `load`, not for a preloaded snapshot the pass let go. */
  private async read(): Promise<{ snapshot?: LinkSnapshot; problem?: { level: 'info' | 'warn'; message: string } }> {
    const file = path.join(this.dir, LINKS_FILE);
    try {
      if (!(await fs.promises.stat(file).catch(() => undefined))?.isFile()) return {};
      const data = decodeLinkSnapshot(await gunzipWholeAsync(this.index.verified(await fs.promises.readFile(file), LINKS_DOMAIN)));
      if (isLinkSnapshot(data)) return { snapshot: data };
      return { problem: { level: 'info', message: `Link snapshot at ${file} is of another format: linking the graph from the index.` } };
    } catch (e) {
      return { problem: { level: 'warn', message: `Link snapshot at ${file} is unreadable or not trusted (${errorMessage(e)}): linking the graph from the index.` } };
    }
  }

  /** Serialises in slices (the arrays run to millions of numbers) straight into gzip on the thread pool, replaces atomically. */
  async save(snapshot: LinkSnapshot): Promise<void> {
    await this.index.writeSigned(LINKS_FILE, await gzipPieces(encodeLinkSnapshot(snapshot)), LINKS_DOMAIN);
    // Format 2 kept its JSON under another name: no version reads it any more.
    await fs.promises.rm(path.join(this.dir, 'links.json.gz'), { force: true });
  }

  /** A snapshot that no longer fits is removed, so a later start does not read it for nothing. */
  discard(): void {
    fs.rmSync(path.join(this.dir, LINKS_FILE), { force: true });
  }
}

/**
 * The snapshot's bytes (before gzip): one line of JSON (format, key, resolutions, the three arrays' lengths), padded
 * with spaces so that the numbers after it start 8-byte aligned, then the calls, module calls and imports as float64
 * in this machine's byte order — the file is signed with a machine-local key, so it is only read where it was
 * written. A warm start then views the numbers in place instead of parsing millions of them from JSON text (0.26 s
 * of a 1.4 s warm start at 1M lines). Written a slice at a time, so the event loop gets turns between them.
 */
export function* encodeLinkSnapshot(snapshot: LinkSnapshot): Generator<string | Buffer> {
  const arrays = [snapshot.calls, snapshot.moduleCalls, snapshot.imports];
  const head = JSON.stringify({ format: snapshot.format, key: snapshot.key, resolutions: snapshot.resolutions, lengths: arrays.map((a) => a.length) });
  yield `${head}${' '.repeat((8 - ((Buffer.byteLength(head) + 1) % 8)) % 8)}\n`;
  for (const numbers of arrays) {
    const floats = numbers instanceof Float64Array ? numbers : Float64Array.from(numbers);
    for (let i = 0; i < floats.length; i += NUMBERS_PER_PIECE) {
      const part = floats.subarray(i, i + NUMBERS_PER_PIECE);
      yield Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    }
  }
}

/** The snapshot `encodeLinkSnapshot` wrote, its arrays as views over `bytes`; throws on any other layout. */
export function decodeLinkSnapshot(bytes: Buffer): unknown {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0 || (newline + 1) % 8 !== 0) throw new Error('it has no header line');
  const head = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Record<string, unknown>;
  const lengths = head.lengths;
  if (!Array.isArray(lengths) || lengths.length !== 3 || !lengths.every((n): n is number => Number.isSafeInteger(n) && n >= 0)) throw new Error('its header has no array lengths');
  const expected = newline + 1 + 8 * lengths.reduce((a, b) => a + b, 0);
  if (bytes.length !== expected) throw new Error(`it is ${bytes.length} bytes, not ${expected}`);
  // Float64Array views need 8-byte alignment: gunzip's output buffer normally has it, a copy makes sure.
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(Uint8Array.prototype.slice.call(bytes));
  let at = aligned.byteOffset + newline + 1;
  const [calls, moduleCalls, imports] = lengths.map((n) => {
    const view = new Float64Array(aligned.buffer, at, n);
    at += 8 * n;
    return view;
  });
  return { format: head.format, key: head.key, resolutions: head.resolutions, calls, moduleCalls, imports };
}
