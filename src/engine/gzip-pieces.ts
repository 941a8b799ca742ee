import { once } from 'node:events';
import * as zlib from 'node:zlib';

/** Text is handed to the compressor in writes of about this many characters. */
const WRITE_CHARS = 1 << 16;

/**
 * Gzips text made piece by piece (at the fastest level, as the index files are written) without ever holding the
 * whole uncompressed text: each piece goes to a gzip stream on libuv's thread pool as it is made, and only the
 * compressed bytes are kept (a fifth of the JSON). Joining the pieces first cost the JSON's size twice over, on
 * top of the index, at the peak of a cold index. `pieces` is pulled lazily; the event loop gets a turn every
 * `sliceMs` of making them.
 */
export async function gzipPieces(pieces: Iterable<string | Buffer>, sliceMs = 10): Promise<Buffer> {
  const sink = new GzipSink();
  let slice = performance.now();
  for (const piece of pieces) {
    if (sink.push(piece)) await sink.drained();
    if (performance.now() - slice > sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      slice = performance.now();
    }
  }
  return sink.end();
}

/**
 * One gzip stream on libuv's thread pool, fed text (written in runs of about WRITE_CHARS) and bytes (written as
 * they are, after the text before them); `end` gives the compressed bytes. Two of them fill side by side when one
 * pass makes two files' worth of text (the index's bodies and head, store.ts).
 */
export class GzipSink {
  private readonly gz = zlib.createGzip({ level: zlib.constants.Z_BEST_SPEED });
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<unknown>;
  private pending = '';

  constructor() {
    this.gz.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = once(this.gz, 'end');
    // Awaited in `end`; without this an error while a write waits for 'drain' would also be reported as unhandled.
    this.ended.catch(() => undefined);
  }

  /** Queues a piece; true when the stream asks for no more until `drained()`. */
  push(piece: string | Buffer): boolean {
    if (typeof piece === 'string') {
      this.pending += piece;
      if (this.pending.length < WRITE_CHARS) return false;
      const text = this.pending;
      this.pending = '';
      return !this.gz.write(text);
    }
    const full = this.pending !== '' && !this.gz.write(this.pending);
    this.pending = '';
    return !this.gz.write(piece) || full;
  }

  drained(): Promise<unknown> {
    return once(this.gz, 'drain');
  }

  async end(): Promise<Buffer> {
    this.gz.end(this.pending);
    this.pending = '';
    await this.ended;
    return Buffer.concat(this.chunks);
  }
}

/** Largest single output buffer `gunzipWholeAsync` asks for up front. */
const MAX_WHOLE_BYTES = 1 << 30;

/**
 * gunzip on libuv's thread pool (the calling thread goes on meanwhile) into one buffer of the uncompressed size read
 * from the gzip trailer (ISIZE, the size mod 2^32) instead of 16 KB chunks joined at the end: half the CPU at 1M
 * lines (523 → 227 ms for 40 MB). A wrong ISIZE only costs speed: zlib still adds chunks as it needs them. Call it
 * on verified (signed) bytes only.
 */
export function gunzipWholeAsync(gz: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => zlib.gunzip(gz, { chunkSize: wholeChunkSize(gz) }, (e, out) => (e ? reject(e) : resolve(out))));
}

/** One output chunk of the size the gzip trailer gives (modulo 2^32), within zlib's and our bounds. */
function wholeChunkSize(gz: Buffer): number {
  const size = gz.length >= 18 ? gz.readUInt32LE(gz.length - 4) : 0;
  return Math.min(Math.max(size + 1, zlib.constants.Z_MIN_CHUNK), MAX_WHOLE_BYTES);
}
