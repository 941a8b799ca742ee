import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Disposable } from '../common/disposable';
import { type CompiledWasm, compiledWasm } from './grammars';
import { StringPool } from './intern';
import type { LanguageId } from './languages';
import type { ParseRequest, ParseResponse } from './parse-protocol';
import type { FileRecord } from './records';

interface Task {
  req: Omit<ParseRequest, 'id' | 'wasm'>;
  /** This thread's compiled runtime and grammar, handed to a worker with its first file of the language. */
  wasm?: CompiledWasm;
  attempts: number;
  resolve: (r: FileRecord) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  inFlight: Map<number, Task>;
  /** Languages whose compiled WebAssembly this worker has been sent. */
  sent: Set<LanguageId>;
}

/** Two files in flight per worker hide the message round trip without letting one worker hoard the queue. */
const IN_FLIGHT_PER_WORKER = 2;
const MAX_ATTEMPTS = 2;

/**
 * Extracts files on worker threads: a pool sized to the cores, each worker with its own web-tree-sitter
 * runtime and parser, so indexing uses every core and the calling thread (the extension host) stays free.
 * Records come back as JSON text (parse-protocol.ts), their strings interned across files. A worker that dies (a WASM abort makes it exit on purpose) is
 * replaced and its files are retried once on the fresh one; a second failure rejects that file only.
 */
export class ParsePool implements Disposable {
  readonly size: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private disposed = false;
  /** Strings shared by the records this pool returns (each arrives as a fresh copy): see intern.ts. */
  private readonly strings = new StringPool();

  constructor(size = defaultPoolSize()) {
    this.size = Math.max(1, size);
  }

  /** Extracts `text` (already in memory: a file the caller read, or an unsaved editor buffer). */
  extract(lang: LanguageId, text: string): Promise<FileRecord> {
    return this.submit({ lang, text });
  }

  /**
   * Starts every worker and loads these grammars in each (an empty file: runtime, grammar, query compilation). The
   * Engine calls it once a bulk index's files are read, just before they are sent; starting the workers before the
   * read, to overlap it, was measured slower on 2 cores (bench/README.md, issue 11, "Session 8: the cold pool").
   */
  warm(langs: readonly LanguageId[]): void {
    for (let i = 0; i < this.size; i++) for (const lang of langs) this.extract(lang, '').catch(() => undefined);
  }

  private async submit(req: Task['req']): Promise<FileRecord> {
    if (this.disposed) throw new Error('ParsePool is disposed');
    // Compiled once per process (grammars.ts); a worker that is not sent it compiles its own, slower but right.
    const wasm = await compiledWasm(req.lang).catch(() => undefined);
    if (this.disposed) throw new Error('ParsePool is disposed');
    return new Promise((resolve, reject) => {
      this.queue.push({ req, wasm, attempts: 0, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length) {
      const slot = this.freeSlot();
      if (!slot) return;
      const task = this.queue.shift()!;
      const id = this.nextId++;
      task.attempts++;
      slot.inFlight.set(id, task);
      if (slot.inFlight.size === 1) slot.worker.ref();
      const first = task.wasm !== undefined && !slot.sent.has(task.req.lang);
      if (first) slot.sent.add(task.req.lang);
      slot.worker.postMessage({ ...task.req, id, ...(first ? { wasm: task.wasm } : {}) } satisfies ParseRequest);
    }
  }

  private freeSlot(): Slot | undefined {
    let best: Slot | undefined;
    for (const s of this.slots) if (s.inFlight.size < IN_FLIGHT_PER_WORKER && (!best || s.inFlight.size < best.inFlight.size)) best = s;
    if (best && best.inFlight.size === 0) return best;
    // Workers start lazily: a single-file update never pays for the whole pool.
    if (this.slots.length < this.size) return this.spawn();
    return best;
  }

  private spawn(): Slot {
    const worker = startWorker();
    const slot: Slot = { worker, inFlight: new Map(), sent: new Set() };
    worker.on('message', (res: ParseResponse) => this.settle(slot, res));
    worker.on('error', (e) => this.lost(slot, e));
    worker.on('exit', (code) => this.lost(slot, new Error(`parse worker exited with code ${code}`)));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private settle(slot: Slot, res: ParseResponse): void {
    const task = slot.inFlight.get(res.id);
    if (!task) return;
    slot.inFlight.delete(res.id);
    if (slot.inFlight.size === 0) slot.worker.unref();
    if (res.record !== undefined) task.resolve(this.strings.record(JSON.parse(res.record) as FileRecord));
    else if (!res.aborted) task.reject(new Error(res.error));
    // An aborted task is retried when the worker's exit is seen (lost), on a fresh runtime.
    else slot.inFlight.set(res.id, task);
    this.pump();
  }

  /** A worker died: drop it, retry what it held (once), and carry on with a fresh one on demand. */
  private lost(slot: Slot, e: Error): void {
    const idx = this.slots.indexOf(slot);
    if (idx < 0) return;
    this.slots.splice(idx, 1);
    for (const task of slot.inFlight.values()) {
      if (this.disposed) task.reject(new Error('ParsePool is disposed'));
      else if (task.attempts >= MAX_ATTEMPTS) task.reject(new Error(`tree-sitter failed twice on this file (${e.message})`));
      else this.queue.unshift(task);
    }
    slot.inFlight.clear();
    if (!this.disposed) this.pump();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('ParsePool is disposed'));
    for (const slot of this.slots.splice(0)) {
      for (const task of slot.inFlight.values()) task.reject(new Error('ParsePool is disposed'));
      void slot.worker.terminate();
    }
  }
}

export function defaultPoolSize(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/**
 * The worker script sits beside this module: `parse-worker.js` in the bundle (dist/) and in compiled output,
 * `parse-worker.ts` when running from source, loaded through tsx (tests). SIGHTLINE_PARSE_WORKER names a
 * built worker explicitly (the bench, so that worker start-up is not tsx transpiling).
 */
function startWorker(): Worker {
  // The bench runs the Engine from source but its workers from the built bundle, as users run them.
  const override = process.env.SIGHTLINE_PARSE_WORKER;
  if (override) return new Worker(override);
  const js = path.join(__dirname, 'parse-worker.js');
  if (fs.existsSync(js)) return new Worker(js);
  const ts = path.join(__dirname, 'parse-worker.ts');
  if (fs.existsSync(ts)) return new Worker(`require('tsx/cjs'); require(${JSON.stringify(ts)});`, { eval: true });
  throw new Error(`parse-worker.js not found beside ${__dirname}: the build must emit it next to the bundle`);
}
