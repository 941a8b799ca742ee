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
export async function gzipPieces(pieces: Iterable<string>, sliceMs = 10): Promise<Buffer> {
  const gz = zlib.createGzip({ level: zlib.constants.Z_BEST_SPEED });
  const chunks: Buffer[] = [];
  gz.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(gz, 'end');
  // Awaited below; without this an error while a write waits for 'drain' would also be reported as unhandled here.
  ended.catch(() => undefined);
  let pending = '';
  let slice = performance.now();
  for (const piece of pieces) {
    pending += piece;
    if (pending.length >= WRITE_CHARS) {
      const more = gz.write(pending);
      pending = '';
      if (!more) await once(gz, 'drain');
    }
    if (performance.now() - slice > sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      slice = performance.now();
    }
  }
  gz.end(pending);
  await ended;
  return Buffer.concat(chunks);
}
