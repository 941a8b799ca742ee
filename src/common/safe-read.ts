import * as fs from 'node:fs';
import { promisify } from 'node:util';
import { invalidArgument, SightlineError, tooLarge } from './errors';

/**
 * Reads that cannot block the event loop. A FIFO, a device or a socket inside the workspace would make a
 * plain read wait forever (and freeze the editor with it): every read opens without blocking, checks with
 * fstat that it holds a regular file, and reads no more than a cap.
 */

// Opening a FIFO for reading blocks until a writer appears, unless O_NONBLOCK (absent on Windows, where FIFOs are not files).
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

function notRegular(what: string, stat: fs.Stats): SightlineError {
  const kind = stat.isFIFO() ? 'a named pipe (FIFO)' : stat.isDirectory() ? 'a directory' : stat.isSocket() ? 'a socket' : stat.isCharacterDevice() || stat.isBlockDevice() ? 'a device' : 'not a regular file';
  return invalidArgument(`${what} is ${kind}; Sightline reads only regular files.`);
}

/** Opens `abs` for reading without blocking; the descriptor is refused (and closed) unless it is a regular file. */
function openRegular(abs: string, what: string): { fd: number; size: number } {
  const fd = fs.openSync(abs, OPEN_FLAGS);
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw notRegular(what, stat);
    return { fd, size: stat.size };
  } catch (e) {
    fs.closeSync(fd);
    throw e;
  }
}

/** The whole file, if it is a regular file of at most `maxBytes`; a clear error otherwise. */
export function readRegularFileSync(abs: string, maxBytes: number, what = abs): Buffer {
  const { fd, size } = openRegular(abs, what);
  try {
    if (size > maxBytes) throw tooLarge(`${what} is ${size} bytes, over the ${maxBytes}-byte limit for reading it whole. Read part of it with read_file_range.`);
    const buffer = Buffer.alloc(size);
    let filled = 0;
    while (filled < size) {
      const n = fs.readSync(fd, buffer, filled, size - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    return filled === size ? buffer : buffer.subarray(0, filled);
  } finally {
    fs.closeSync(fd);
  }
}

export interface LineRange {
  /** Lines start..end (1-based, inclusive) that exist, without their line breaks. */
  lines: string[];
  /** The file's line count, when the read went to its end (a trailing line break does not start a line). */
  totalLines?: number;
  /** A NUL byte was seen in what was read: a binary file. */
  binary: boolean;
}

const CHUNK_BYTES = 64 * 1024;

/**
 * How much of a file is read without awaiting. Opening, checking and reading a source file's first chunks takes
 * microseconds; each awaited step instead waits for a whole turn of a busy event loop (with 32 clients, ~1 s for
 * an open, a stat, two reads and a close). Past this, chunks are awaited, so reading deep into a large file lets
 * other calls go on.
 */
const SYNC_READ_BYTES = 1024 * 1024;

const readAsync = promisify(fs.read);

/**
 * Lines start..end of a regular file, reading chunk by chunk only as far as needed (a line from the top of a
 * 300 MB log costs one chunk): the first SYNC_READ_BYTES at once, then awaiting between chunks. Reads on to count
 * every line only when the file is at most `countAllBelowBytes` long. The open never blocks (see OPEN_FLAGS) and
 * anything but a regular file is refused before a byte is read.
 */
export async function readLineRange(
  abs: string,
  start: number,
  end: number,
  options: { what: string; maxLineBytes: number; countAllBelowBytes: number },
): Promise<LineRange> {
  const { fd, size } = openRegular(abs, options.what);
  try {
    const countAll = size <= options.countAllBelowBytes;
    const lines: string[] = [];
    let line = 1;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let binary = false;
    let pos = 0;
    let endedWithBreak = false;
    const buf = Buffer.alloc(CHUNK_BYTES);
    for (;;) {
      const bytesRead = pos < SYNC_READ_BYTES ? fs.readSync(fd, buf, 0, CHUNK_BYTES, pos) : (await readAsync(fd, buf, 0, CHUNK_BYTES, pos)).bytesRead;
      if (bytesRead === 0) break;
      const chunk = buf.subarray(0, bytesRead);
      pos += bytesRead;
      if (line <= end && chunk.includes(0)) binary = true;
      let from = 0;
      for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, from)) {
        if (line >= start && line <= end) lines.push(Buffer.concat([...pending, chunk.subarray(from, nl)]).toString('utf8'));
        pending = [];
        pendingBytes = 0;
        line++;
        from = nl + 1;
        if (line > end && !countAll) return { lines, binary };
      }
      endedWithBreak = from === bytesRead;
      if (from < bytesRead && line >= start && line <= end) {
        pendingBytes += bytesRead - from;
        if (pendingBytes > options.maxLineBytes) throw tooLarge(`Line ${line} of ${options.what} is longer than ${options.maxLineBytes} bytes and cannot be returned as a line.`);
        pending.push(Buffer.from(chunk.subarray(from)));
      }
    }
    // A last line without a line break is a line; after a final line break (or in an empty file) nothing follows.
    if (!endedWithBreak && pos > 0) {
      if (line >= start && line <= end) lines.push(Buffer.concat(pending).toString('utf8'));
      return { lines, totalLines: line, binary };
    }
    if (pos === 0 && start === 1) lines.push('');
    return { lines, totalLines: Math.max(1, line - 1), binary };
  } finally {
    fs.closeSync(fd);
  }
}
