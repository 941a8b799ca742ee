import { createHmac, timingSafeEqual } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import type { FileRecord } from '../index/records';
import type { Logger } from '../common/log';
import { errorMessage } from '../common/errors';
import { processAlive } from '../common/processes';
import { gunzipWholeAsync, GzipSink } from './gzip-pieces';
import { BODY_FIELDS, deflateBody, recordHead, type StoredBody, unreadBody, untouchedBody, withStoredBody } from './record-bodies';
import { validateStoredHead } from './record-validation';

/**
 * The persisted index is a cache, never an authority. One file: a magic line, an HMAC-SHA256, then the payload:
 * the head, gzipped (JSON: per file its hash, size, mtime, the record's language, lines and symbols, and where its
 * body lies), every file's body deflated on its own (calls, imports, bindings, values: JSON per field, back to
 * back), and the gzipped head's length in bytes (15 digits and a newline). A warm start gunzips and parses the head
 * only; a file's body is inflated, and each field parsed, when first read (record-bodies.ts).
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
 * 14: bodies apart from the head, parsed when read. 15: untyped Python parameters are bound only under names the
 * linker can look up (python-parameters.ts), so an index written before holds bindings this extractor no longer makes.
 */
export const INDEX_FORMAT = 15;
/** What the index's signature covers besides the payload (with the engine version): see `verified`. */
export const INDEX_DOMAIN = `sightline-index|${INDEX_FORMAT}`;
export const INDEX_FILE = 'index.json.gz';
const MAGIC = Buffer.from('SIGHTLINE-INDEX\n');
const MAC_BYTES = 32;
/** The payload ends with the head's length in bytes: 15 digits and a newline. */
const TRAILER_BYTES = 16;

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

  /**
   * The index, or undefined when there is none or it is not trusted (logged). The file is read and its signature
   * checked before this returns (synchronously); the head is gunzipped on libuv's thread pool, so the calling thread
   * can do other work while it inflates: a warm start scans the tree meanwhile (at a million lines the head is 16 MB
   * of JSON, ~0.1–0.3 s of gunzip, most of it the first touch of the memory it inflates into), and parses it once
   * it is there.
   */
  loadAsync(): Promise<StoredIndex | undefined> {
    const payload = this.readVerified();
    if (!payload) return Promise.resolve(undefined);
    let gzHead: Buffer;
    try {
      gzHead = headOf(payload);
    } catch (e) {
      return Promise.resolve(this.untrusted(e));
    }
    return gunzipWholeAsync(gzHead).then(
      (head) => {
        try {
          return readPayload(payload, gzHead.length, head);
        } catch (e) {
          return this.untrusted(e);
        }
      },
      (e: unknown) => this.untrusted(e),
    );
  }

  /** The file's payload when it is there and ours (see verified); undefined, and logged unless missing, otherwise. */
  private readVerified(): Buffer | undefined {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(this.indexFile);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.log('warn', `Index cache at ${this.indexFile} cannot be read (${errorMessage(e)}): rebuilding the index.`);
      return undefined;
    }
    try {
      return this.verified(bytes);
    } catch (e) {
      return this.untrusted(e);
    }
  }

  private untrusted(e: unknown): undefined {
    this.logger.log('warn', `Index cache at ${this.indexFile} is not trusted (${errorMessage(e)}): discarding it and rebuilding the index.`);
    return undefined;
  }

  private get indexFile(): string {
    return path.join(this.dir, INDEX_FILE);
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

  /** The signature of the payload (given whole or as pieces laid end to end). */
  private mac(payload: Buffer | readonly Buffer[], domain: string): Buffer {
    const hmac = createHmac('sha256', this.options.key).update(`${domain}|${this.options.engineVersion}|`);
    for (const piece of Array.isArray(payload) ? payload : [payload]) hmac.update(piece);
    return hmac.digest();
  }

  /** Magic + signature + payload: what `verified` accepts for the same `domain` (link-store.ts signs with its own). */
  signed(compressed: Buffer, domain = INDEX_DOMAIN): Buffer {
    return Buffer.concat(this.signedPieces(compressed, domain));
  }

  /**
   * The same as pieces, the payload's not copied: a file of tens of MB (the text index at 3M lines) is written
   * without a second and third copy of it in memory.
   */
  private signedPieces(payload: Buffer | readonly Buffer[], domain: string): Buffer[] {
    return [MAGIC, this.mac(payload, domain), ...(Array.isArray(payload) ? payload : [payload])];
  }

  save(index: StoredIndex): void {
    const head: string[] = [];
    const bodies = Buffer.concat([...bodyPieces(index, (text) => head.push(text))]);
    const compressed = payloadOf(zlib.gzipSync(head.join(''), { level: zlib.constants.Z_BEST_SPEED }), bodies);
    try {
      this.writeSignedSync(INDEX_FILE, compressed);
      this.lastSaveError = undefined;
    } catch (e) {
      throw this.saveFailed(e);
    }
  }

  /**
   * Writes the same file as `save` without holding the event loop: serialised file by file in ~10 ms slices, each
   * file's body deflated as it is made and the head gzipped on libuv's thread pool as it is made (gzip-pieces.ts),
   * so neither JSON is ever whole in memory. On the Go corpus `save` blocked the main thread for over a second.
   */
  async saveAsync(index: StoredIndex, sliceMs = 10): Promise<void> {
    // The head is gzipped alongside the bodies, as each file's body is deflated: its JSON is never whole in memory.
    const head = new GzipSink();
    const bodies = await joinSliced(bodyPieces(index, (text) => head.push(text)), sliceMs);
    const compressed = payloadOf(await head.end(), bodies);
    try {
      await this.writeSigned(INDEX_FILE, compressed);
      this.lastSaveError = undefined;
    } catch (e) {
      throw this.saveFailed(e);
    }
  }

  /**
   * `payload` signed for `domain` as the file `name` of this folder, atomically: written to a temp file of its own
   * (a debounced save may overlap one still compressing) and renamed over the old one; a failed write removes its
   * temp file (a full disk stays full otherwise), and `removeStaleTemps` clears those of killed writers. Every file
   * of the folder is written here: the index, the link snapshot, the retrieval text index.
   */
  async writeSigned(name: string, payload: Buffer | readonly Buffer[], domain = INDEX_DOMAIN): Promise<void> {
    this.prepareDir();
    const tmp = tempName(path.join(this.dir, name));
    try {
      await fs.promises.writeFile(tmp, this.signedPieces(payload, domain));
      await fs.promises.rename(tmp, path.join(this.dir, name));
    } catch (e) {
      await fs.promises.rm(tmp, { force: true });
      throw e;
    }
  }

  writeSignedSync(name: string, payload: Buffer | readonly Buffer[], domain = INDEX_DOMAIN): void {
    this.prepareDir();
    const tmp = tempName(path.join(this.dir, name));
    try {
      writePiecesSync(tmp, this.signedPieces(payload, domain));
      fs.renameSync(tmp, path.join(this.dir, name));
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      throw e;
    }
  }

  private prepareDir(): void {
    fs.mkdirSync(this.dir, { recursive: true });
    const ignoreFile = path.join(this.dir, '.gitignore');
    if (!fs.existsSync(ignoreFile)) fs.writeFileSync(ignoreFile, '*\n');
  }

  /** A failed write leaves the last good index in place (writeSigned removed its temp file) and says why. */
  private saveFailed(e: unknown): Error {
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

/** Writes the pieces end to end as the file `file` (created or truncated), each written whole. */
function writePiecesSync(file: string, pieces: readonly Buffer[]): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const piece of pieces) for (let at = 0; at < piece.length; ) at += fs.writeSync(fd, piece, at, piece.length - at);
  } finally {
    fs.closeSync(fd);
  }
}

/** Temp files `writeSigned` makes (links.json.gz: the link snapshot's name before format 3). */
const TEMP_PATTERN = /^(?:index\.json\.gz|links\.json\.gz|links\.bin\.gz|text-index\.bin)\.(\d+)(?:\.\d+)?\.tmp$/;
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

/**
 * Each file's body as one deflated blob (a body not read since it was loaded is written back as its stored blob);
 * the head's JSON goes to `head` as it is made, each file's with where its body lies.
 */
function* bodyPieces(index: StoredIndex, head: (text: string) => void): Generator<Buffer> {
  head(`{"format":${JSON.stringify(index.format)},"indexedAt":${JSON.stringify(index.indexedAt)},"files":{`);
  let offset = 0;
  let first = true;
  for (const [rel, file] of Object.entries(index.files)) {
    const body = untouchedBody(file.record) ?? freshBody(rel, file.record);
    yield body.blob;
    const { hash, size, mtimeMs } = file;
    head(`${first ? '' : ','}${JSON.stringify(rel)}:${JSON.stringify({ hash, size, mtimeMs, record: recordHead(file.record), body: [offset, body.blob.length, ...body.lengths] })}`);
    first = false;
    offset += body.blob.length;
  }
  head(`},"bodyBytes":${offset}}`);
}

/** A body to write from the record's fields as they are now (those still unread as their stored bytes). */
function freshBody(rel: string, record: FileRecord): StoredBody {
  const parts: (string | Buffer)[] = [];
  const lengths: number[] = [];
  for (const field of BODY_FIELDS) {
    const stored = unreadBody(rel, record, field);
    const piece = stored ?? (record[field] === undefined ? undefined : JSON.stringify(record[field]));
    lengths.push(piece === undefined ? 0 : typeof piece === 'string' ? Buffer.byteLength(piece, 'utf8') : piece.length);
    if (piece !== undefined) parts.push(piece);
  }
  return { blob: deflateBody(parts), lengths };
}

/** The pieces joined, giving the event loop a turn every `sliceMs` of making them. */
async function joinSliced(pieces: Iterable<Buffer>, sliceMs: number): Promise<Buffer> {
  const out: Buffer[] = [];
  let slice = performance.now();
  for (const piece of pieces) {
    out.push(piece);
    if (performance.now() - slice > sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      slice = performance.now();
    }
  }
  return Buffer.concat(out);
}

/** The payload as the pieces written end to end (not joined: a copy of the whole file, garbage once written). */
function payloadOf(head: Buffer, bodies: Buffer): Buffer[] {
  return [head, bodies, Buffer.from(`${String(head.length).padStart(TRAILER_BYTES - 1, '0')}\n`, 'latin1')];
}

/** The gzipped head of a verified payload (see payloadOf), as its trailer says. */
function headOf(payload: Buffer): Buffer {
  const trailer = payload.subarray(payload.length - TRAILER_BYTES).toString('latin1');
  if (payload.length < TRAILER_BYTES || !/^\d{15}\n$/.test(trailer)) throw new Error('the payload does not end with its head\'s length');
  const headEnd = Number(trailer.slice(0, -1));
  if (headEnd > payload.length - TRAILER_BYTES) throw new Error('the head is longer than the payload');
  return payload.subarray(0, headEnd);
}

/**
 * The index from a verified payload whose head (`headEnd` bytes gzipped, see headOf) is `head` once gunzipped: the
 * head parsed and validated, the bodies kept deflated, per file.
 */
function readPayload(payload: Buffer, headEnd: number, head: Buffer): StoredIndex {
  const data = JSON.parse(head.toString('utf8')) as Partial<StoredIndex> & { bodyBytes?: unknown };
  if (data.format !== INDEX_FORMAT) throw new Error(`format ${String(data.format)}, expected ${INDEX_FORMAT}`);
  if (typeof data.indexedAt !== 'string' || Number.isNaN(Date.parse(data.indexedAt))) throw new Error('indexedAt is not a date');
  if (typeof data.files !== 'object' || data.files === null || Array.isArray(data.files)) throw new Error('files is not an object');
  const bodyBytes = data.bodyBytes;
  if (typeof bodyBytes !== 'number' || !Number.isSafeInteger(bodyBytes) || bodyBytes < 0) throw new Error('bodyBytes is not a length');
  // A view: the file's bytes stay in memory while bodies are unread (6.0 MB at a million lines, 2.3 MB of it the
  // gzipped head). Copying out the bodies' 3.7 MB cost ~28 ms of a warm start, nearly all of it faulting in the
  // fresh memory, to free those 2.3 MB.
  const bodies = payload.subarray(headEnd, payload.length - TRAILER_BYTES);
  if (bodies.length !== bodyBytes) throw new Error(`the bodies are ${bodies.length} bytes, not ${bodyBytes}`);
  const files: Record<string, StoredFile> = {};
  for (const [rel, f] of Object.entries(data.files)) {
    validateStoredHead(rel, f);
    const { hash, size, mtimeMs, record } = f;
    files[rel] = { hash, size, mtimeMs, record: withStoredBody(rel, record, bodyOf(rel, (f as { body?: unknown }).body, bodies)) };
  }
  return { format: data.format, indexedAt: data.indexedAt, files };
}

/** Where a file's body lies: its blob's offset and length, then the inflated bytes of each field (0: absent; only `values` may be). */
function bodyOf(rel: string, where: unknown, bodies: Buffer): StoredBody {
  const fields = BODY_FIELDS.length;
  const valid = Array.isArray(where) && where.length === fields + 2 && where.every((n) => Number.isSafeInteger(n) && n >= 0);
  const [offset, length, ...lengths] = valid ? (where as number[]) : [];
  if (!valid || offset + length > bodies.length || lengths.some((n, i) => n === 1 || (n === 0 && BODY_FIELDS[i] !== 'values'))) {
    throw new Error(`${rel}: its body is not where the index says`);
  }
  return { blob: bodies.subarray(offset, offset + length), lengths };
}
