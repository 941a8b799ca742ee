import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SEGMENT_FORMAT } from '../search/term-segment';
import type { TextIndexFile } from '../search/source';
import type { IndexStore } from './store';

export const TEXT_INDEX_FILE = 'text-index.bin';
/** Its own signing domain: signed with the index's key, it never passes for an index or a link snapshot, nor they for it. */
export const TEXT_INDEX_DOMAIN = `sightline-text-index|${SEGMENT_FORMAT}`;

/**
 * The retrieval text index (search/term-segment.ts), beside the index in the same folder, uncompressed so that it
 * loads as views over the file's bytes. Only a shortcut: a missing file is built again; one that is not ours
 * (wrong signature, another format) makes `load` throw, and the caller logs and rebuilds.
 */
export class TextIndexStore implements TextIndexFile {
  /** The file's bytes being read by the worker (see readAhead), until `load` takes them. */
  private ahead?: Promise<Buffer | undefined>;
  /** The worker reading them, until `load` takes its answer (or `dispose` ends it). */
  private reader?: TouchingReader;

  constructor(
    private readonly dir: string,
    private readonly index: IndexStore,
  ) {}

  /**
   * Starts reading the file off the main thread (the engine calls it when a warm start begins): at a million lines
   * it is 18 MB, and the first touch of the fresh memory it is read into faults each page in (~190 ms at load 10 on
   * this sandbox even when the thread pool did the read: the kernel's copy did not map them), which the first
   * `retrieve` paid on the thread that answers it, in the signature check. See TouchingReader. Read from the start
   * of the warm start, the bytes are there when a `retrieve` right after it asks (read from the end of the pass, that
   * call waited ~100–300 ms for them at load 7–10). Nothing is believed yet: `load` checks the signature of what
   * was read as it does of a file read then. A file missing or unreadable now is looked for again by `load`.
   */
  readAhead(): void {
    // Once reading, a second call must not start a worker that nothing would ever ask or end.
    if (this.ahead) return;
    const reader = (this.reader = new TouchingReader(this.file));
    this.ahead = reader.done.catch(() => fs.promises.readFile(this.file)).catch(() => undefined);
  }

  /** The payload, verified, if the file is there; throws if it is not ours (see the class). */
  async load(): Promise<Buffer | undefined> {
    const ahead = this.ahead;
    this.ahead = undefined;
    // The worker ends itself once it has answered; `load` waits for that answer.
    this.reader = undefined;
    const bytes = (await ahead) ?? (fs.statSync(this.file, { throwIfNoEntry: false })?.isFile() ? fs.readFileSync(this.file) : undefined);
    return bytes && this.index.verified(bytes, TEXT_INDEX_DOMAIN);
  }

  /** Ends a reading worker nothing asked (an engine disposed before a `retrieve` loaded the file); `load` then reads it itself. */
  dispose(): void {
    this.reader?.dispose();
    this.reader = undefined;
  }

  private get file(): string {
    return path.join(this.dir, TEXT_INDEX_FILE);
  }

  saveSync(pieces: readonly Buffer[]): void {
    this.index.writeSignedSync(TEXT_INDEX_FILE, pieces, TEXT_INDEX_DOMAIN);
  }

  save(pieces: readonly Buffer[]): Promise<void> {
    return this.index.writeSigned(TEXT_INDEX_FILE, pieces, TEXT_INDEX_DOMAIN);
  }
}

/**
 * The worker's script: reads the file into shared memory and touches one byte of every page, so that the pages are
 * mapped for the whole process before the main thread reads them (a plain script: it runs from the extension's
 * bundle, the CLI's and the tests' sources alike).
 */
const READ_TOUCHED_SCRIPT = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const fd = fs.openSync(workerData, 'r');
try {
  const size = fs.fstatSync(fd).size;
  const bytes = new Uint8Array(new SharedArrayBuffer(size));
  let length = 0;
  for (let n; length < size && (n = fs.readSync(fd, bytes, length, size - length, length)) > 0; ) length += n;
  let sum = 0;
  for (let i = 0; i < length; i += 4096) sum += bytes[i];
  parentPort.postMessage({ bytes: bytes.buffer, length, sum });
} finally {
  fs.closeSync(fd);
  parentPort.close();
}`;

/** A short-lived worker that reads the file and faults its pages in as soon as it starts (see readAhead). */
class TouchingReader {
  private readonly worker: Worker;
  /** The file's bytes; rejects if it cannot be read. */
  readonly done: Promise<Buffer>;

  constructor(file: string) {
    // No options of this process (execArgv): a plain script needs none, and a `--require` (tsx under the tests and
    // benches) would load in the worker too, ~40 ms of its start, beside a warm start on a two-core machine.
    this.worker = new Worker(READ_TOUCHED_SCRIPT, { eval: true, workerData: file, execArgv: [] });
    // It never keeps a process alive, and it ends itself once it has answered.
    this.worker.unref();
    this.done = new Promise((resolve, reject) => {
      this.worker.once('message', (m: { bytes: SharedArrayBuffer; length: number }) => resolve(Buffer.from(m.bytes, 0, m.length)));
      this.worker.once('error', reject);
      this.worker.once('exit', () => reject(new Error(`${file} was not read`)));
    });
    this.done.catch(() => undefined);
  }

  dispose(): void {
    void this.worker.terminate();
  }
}
