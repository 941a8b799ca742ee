import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { FileRecord } from '../index/records';
import type { Logger } from '../common/log';
import { errorMessage } from '../common/errors';

/**
 * The persisted index: one gzipped JSON file with a format version. Records as JSON are about the size of the
 * source itself (calls and signatures repeat its text); gzip at its fastest level brings them to a fifth of
 * it for a few ms per MB, and reading gunzips faster than it parses. Anything unreadable, of another version, or of
 * the wrong shape is discarded (with a log line) and the index is rebuilt: a cache is never trusted blindly.
 */
export const INDEX_FORMAT = 6;
export const INDEX_FILE = 'index.json.gz';

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

export class IndexStore {
  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
  ) {}

  load(): StoredIndex | undefined {
    const file = path.join(this.dir, INDEX_FILE);
    if (!fs.existsSync(file)) return undefined;
    try {
      const bytes = fs.readFileSync(file);
      // Plain JSON is accepted too (hand-edited or older caches): the format check below decides.
      const text = bytes[0] === 0x1f && bytes[1] === 0x8b ? zlib.gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
      const data = JSON.parse(text) as Partial<StoredIndex>;
      if (data.format !== INDEX_FORMAT) {
        this.logger.log('info', `Index cache at ${file} has format ${String(data.format)}, expected ${INDEX_FORMAT}: rebuilding it.`);
        return undefined;
      }
      if (typeof data.indexedAt !== 'string' || typeof data.files !== 'object' || data.files === null) throw new Error('missing fields');
      for (const [rel, f] of Object.entries(data.files)) {
        if (typeof f?.hash !== 'string' || !Array.isArray(f.record?.symbols) || !Array.isArray(f.record?.calls)) throw new Error(`bad entry for ${rel}`);
      }
      return data as StoredIndex;
    } catch (e) {
      this.logger.log('warn', `Index cache at ${file} is corrupt (${errorMessage(e)}): discarding it and rebuilding.`);
      return undefined;
    }
  }

  save(index: StoredIndex): void {
    fs.mkdirSync(this.dir, { recursive: true });
    const ignoreFile = path.join(this.dir, '.gitignore');
    if (!fs.existsSync(ignoreFile)) fs.writeFileSync(ignoreFile, '*\n');
    const target = path.join(this.dir, INDEX_FILE);
    const tmp = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, zlib.gzipSync(JSON.stringify(index), { level: zlib.constants.Z_BEST_SPEED }));
    fs.renameSync(tmp, target);
  }

  /**
   * Writes the same file as `save` without holding the event loop: serialised file by file in ~10 ms slices and
   * compressed on libuv's thread pool. On the Go corpus `save` blocked the main thread for over a second.
   */
  async saveAsync(index: StoredIndex, sliceMs = 10): Promise<void> {
    const parts = [`{"format":${JSON.stringify(index.format)},"indexedAt":${JSON.stringify(index.indexedAt)},"files":{`];
    let slice = performance.now();
    let first = true;
    for (const [rel, file] of Object.entries(index.files)) {
      parts.push(`${first ? '' : ','}${JSON.stringify(rel)}:${JSON.stringify(file)}`);
      first = false;
      if (performance.now() - slice > sliceMs) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
    }
    parts.push('}}');
    const compressed = await gzip(parts.join(''), { level: zlib.constants.Z_BEST_SPEED });
    await fs.promises.mkdir(this.dir, { recursive: true });
    const ignoreFile = path.join(this.dir, '.gitignore');
    if (!fs.existsSync(ignoreFile)) await fs.promises.writeFile(ignoreFile, '*\n');
    const target = path.join(this.dir, INDEX_FILE);
    // Unique per write: a debounced save may overlap one that is still compressing.
    const tmp = `${target}.${process.pid}.${++writes}.tmp`;
    await fs.promises.writeFile(tmp, compressed);
    await fs.promises.rename(tmp, target);
  }
}

const gzip = promisify(zlib.gzip);
let writes = 0;
