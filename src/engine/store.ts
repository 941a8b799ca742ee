import { createHmac, timingSafeEqual } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import type { FileRecord } from '../index/records';
import type { Logger } from '../common/log';
import { errorMessage } from '../common/errors';
import { processAlive } from '../common/processes';
import { gzipPieces } from './gzip-pieces';
import { validateStoredFile } from './record-validation';

/**
 * The persisted index is a cache, never an authority. One file: a magic line, an HMAC-SHA256, then gzipped JSON.
 * The HMAC is keyed by a machine-local secret (see cache-key.ts) and bound to the format and the engine version,
 * so an index this engine did not write on this machine — committed to a repository, copied, forged — is not
 * believed; then every field of every record is validated (record-validation.ts). Anything unexpected is
 * discarded with a log line and the index is rebuilt. Records as JSON are about the size of the source; gzip at
 * its fastest level brings them to a fifth of it for a few ms per MB, and reading gunzips faster than it parses.
 */
/**
 * 10: Go receivers typed from declarations (`@bind.returns.second`, embedded fields). 11: Python records carry
 * passed-function `arg` values, and map/filter/sorted(key=) callbacks are no longer call records. 12: TS symbols
 * carry `returns` (what calls of an annotated constant return). 13: TS files the grammar misreads are parsed again
 * repaired (src/index/ts-repair.ts), and a class extending a call's result records the callee (`make()`); a constant
 * or function typed as (returning) a constructor type carries the instance's type as `returns` (`Data.Error`).
 */
export const INDEX_FORMAT = 13;
/** What the index's signature covers besides the payload (with the engine version): see `verified`. */
export const INDEX_DOMAIN = `sightline-index|${INDEX_FORMAT}`;
export const INDEX_FILE = 'index.json.gz';
const MAGIC = Buffer.from('SIGHTLINE-INDEX\n');
const MAC_BYTES = 32;

export interface StoredFile {
  hash: string;
  size: number;
  mtimeMs: number;
  record: FileRecord;
}

export interface StoredIndex {
  format: number;
  indexedAt: string;
  files: Record<string, StoredFile>;
}

export interface IndexStoreOptions {
  /** The machine-local secret (cache-key.ts); an index signed with another key is discarded. */
  key: Buffer;
  /** Bound into the signature: an index written by another version is rebuilt, not reinterpreted. */
  engineVersion: string;
}

export class IndexStore {
  /** Why the last save failed (a full disk, a read-only folder), until a save succeeds; shown in index stats. */
  lastSaveError: string | undefined;

  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
    private readonly options: IndexStoreOptions,
  ) {
    this.removeStaleTemps();
  }

  load(): StoredIndex | undefined {
    const file = path.join(this.dir, INDEX_FILE);
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.log('warn', `Index cache at ${file} cannot be read (${errorMessage(e)}): rebuilding the index.`);
      return undefined;
    }
    try {
      const payload = this.verified(bytes);
      const data = JSON.parse(zlib.gunzipSync(payload).toString('utf8')) as Partial<StoredIndex>;
      if (data.format !== INDEX_FORMAT) throw new Error(`format ${String(data.format)}, expected ${INDEX_FORMAT}`);
      if (typeof data.indexedAt !== 'string' || Number.isNaN(Date.parse(data.indexedAt))) throw new Error('indexedAt is not a date');
      if (typeof data.files !== 'object' || data.files === null || Array.isArray(data.files)) throw new Error('files is not an object');
      for (const [rel, f] of Object.entries(data.files)) validateStoredFile(rel, f);
      return data as StoredIndex;
    } catch (e) {
      this.logger.log('warn', `Index cache at ${file} is not trusted (${errorMessage(e)}): discarding it and rebuilding the index.`);
      return undefined;
    }
  }

  /**
   * The gzipped payload when the file is ours: right magic, and a signature made with this machine's key for
   * this `domain` (what kind of file it is: a link snapshot is no index, and neither passes for the other).
   */
  verified(bytes: Buffer, domain = INDEX_DOMAIN): Buffer {
    const head = MAGIC.length + MAC_BYTES;
    if (bytes.length < head || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new Error('not a signed Sightline index (written by another version, or not by Sightline)');
    }
    const payload = bytes.subarray(head);
    if (!timingSafeEqual(bytes.subarray(MAGIC.length, head), this.mac(payload, domain))) {
      throw new Error('its signature does not match: it was written by another Sightline version or on another machine, or changed since');
    }
    return payload;
  }

  private mac(payload: Buffer, domain: string): Buffer {
    return createHmac('sha256', this.options.key).update(`${domain}|${this.options.engineVersion}|`).update(payload).digest();
  }

  /** Magic + signature + payload: what `verified` accepts for the same `domain` (link-store.ts signs with its own). */
  signed(compressed: Buffer, domain = INDEX_DOMAIN): Buffer {
    return Buffer.concat([MAGIC, this.mac(compressed, domain), compressed]);
  }

  save(index: StoredIndex): void {
    const compressed = zlib.gzipSync(JSON.stringify(index), { level: zlib.constants.Z_BEST_SPEED });
    const target = path.join(this.dir, INDEX_FILE);
    const tmp = tempName(target);
    try {
      this.prepareDir();
      fs.writeFileSync(tmp, this.signed(compressed));
      fs.renameSync(tmp, target);
      this.lastSaveError = undefined;
    } catch (e) {
      throw this.saveFailed(tmp, e);
    }
  }

  /**
   * Writes the same file as `save` without holding the event loop: serialised file by file in ~10 ms slices and
   * compressed on libuv's thread pool as it is serialised (gzip-pieces.ts), so the whole JSON is never in memory at
   * once. On the Go corpus `save` blocked the main thread for over a second.
   */
  async saveAsync(index: StoredIndex, sliceMs = 10): Promise<void> {
    const compressed = await gzipPieces(indexJsonPieces(index), sliceMs);
    const target = path.join(this.dir, INDEX_FILE);
    // Unique per write: a debounced save may overlap one that is still compressing.
    const tmp = tempName(target);
    try {
      this.prepareDir();
      await fs.promises.writeFile(tmp, this.signed(compressed));
      await fs.promises.rename(tmp, target);
      this.lastSaveError = undefined;
    } catch (e) {
      throw this.saveFailed(tmp, e);
    }
  }

  private prepareDir(): void {
    fs.mkdirSync(this.dir, { recursive: true });
    const ignoreFile = path.join(this.dir, '.gitignore');
    if (!fs.existsSync(ignoreFile)) fs.writeFileSync(ignoreFile, '*\n');
  }

  /** A failed write leaves the last good index in place and no partial file behind (a full disk stays full otherwise). */
  private saveFailed(tmp: string, e: unknown): Error {
    fs.rmSync(tmp, { force: true });
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOSPC' || code === 'EDQUOT'
      ? `the disk is full (${code}) at ${this.dir}; the previous index file is kept, and the index is rebuilt in memory at each start until space is freed`
      : `${errorMessage(e)}; the previous index file is kept`;
    this.lastSaveError = `Could not save the index cache: ${why}.`;
    return new Error(`${why}.`);
  }

  /** Temp files left by a process that was killed, or that hit a full disk, are removed; those of live writers are not. */
  private removeStaleTemps(): void {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      const m = TEMP_PATTERN.exec(name);
      if (!m) continue;
      const pid = Number(m[1]);
      const file = path.join(this.dir, name);
      // A live writer keeps its file; a pid reused since a crash does not keep an old one forever.
      if (pid === process.pid || (processAlive(pid) && Date.now() - mtimeOf(file) < STALE_TEMP_MS)) continue;
      fs.rmSync(file, { force: true });
      this.logger.log('info', `Removed ${name}, a partial index file left by an interrupted save.`);
    }
  }
}

const TEMP_PATTERN = /^(?:index|links)\.json\.gz\.(\d+)(?:\.\d+)?\.tmp$/;
const STALE_TEMP_MS = 60 * 60 * 1000;

function mtimeOf(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return Date.now();
  }
}

function tempName(target: string): string {
  return `${target}.${process.pid}.${++writes}.tmp`;
}

let writes = 0;

/** The index as JSON, one file at a time: the text `JSON.stringify(index)` makes, in pieces. */
function* indexJsonPieces(index: StoredIndex): Generator<string> {
  yield `{"format":${JSON.stringify(index.format)},"indexedAt":${JSON.stringify(index.indexedAt)},"files":{`;
  let first = true;
  for (const [rel, file] of Object.entries(index.files)) {
    yield `${first ? '' : ','}${JSON.stringify(rel)}:${JSON.stringify(file)}`;
    first = false;
  }
  yield '}}';
}
