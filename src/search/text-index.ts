import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import MiniSearch from 'minisearch';
import { textTerms } from './tokenize';

/**
 * The BM25 text index behind `retrieve` (MiniSearch over identifier-aware, stemmed terms), and where it runs.
 * A search over a medium repository scores thousands of entries (~50–100 ms for a common name); on the thread that
 * answers every other call, each one stalled all the others for that long. So it runs on a worker thread when
 * the folder may use workers: building and searching happen there, the main thread only posts entries and awaits
 * ranked ids. With workers off (`workers: 0`), or when the worker cannot start or dies, the same index runs inline.
 */

/** What the text index holds of an entry: the rest stays with ContentSearch on the main thread. */
export interface IndexedText {
  id: string;
  title: string;
  text: string;
}

/** Every entry that matches, with its BM25 score (title boosted), in no particular order. */
export interface RawHits {
  ids: string[];
  scores: number[];
}

/** Messages to the worker (plain data, by structured clone). */
export type TextIndexRequest = { op: 'add'; docs: IndexedText[] } | { op: 'discard'; ids: string[] } | { op: 'search'; seq: number; query: string };
/** Answers from the worker: one per search, in order. */
export type TextIndexReply = { seq: number; hits: RawHits } | { seq: number; error: string };

export function createTextIndex(): MiniSearch<IndexedText> {
  return new MiniSearch<IndexedText>({ fields: ['title', 'text'], tokenize: textTerms, processTerm: (t) => t });
}

export function searchTextIndex(mini: MiniSearch<IndexedText>, query: string): RawHits {
  const results = mini.search(query, {
    boost: { title: 2 },
    prefix: (term) => term.length >= 4,
    fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
    combineWith: 'OR',
  });
  return { ids: results.map((r) => r.id as string), scores: results.map((r) => r.score) };
}

/** Where the index lives. Calls are applied in order: a search sees every add and discard posted before it. */
export interface TextIndex {
  add(docs: IndexedText[]): void;
  discard(ids: string[]): void;
  search(query: string): Promise<RawHits>;
  dispose(): void;
}

export class InlineTextIndex implements TextIndex {
  private readonly mini = createTextIndex();

  add(docs: IndexedText[]): void {
    this.mini.addAll(docs);
  }

  discard(ids: string[]): void {
    for (const id of ids) this.mini.discard(id);
  }

  search(query: string): Promise<RawHits> {
    return Promise.resolve(searchTextIndex(this.mini, query));
  }

  dispose(): void {}
}

/**
 * The index on a worker thread. The worker is referenced only while a search waits for it, so an idle index never
 * keeps a CLI process alive. If it fails (it cannot start, it dies), waiting searches are rejected and `onFailure`
 * hears why once; ContentSearch then rebuilds inline.
 */
export class WorkerTextIndex implements TextIndex {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (hits: RawHits) => void; reject: (e: Error) => void }>();
  private seq = 0;
  private failure?: Error;

  constructor(private readonly onFailure: (reason: Error) => void) {
    this.worker = startTextIndexWorker();
    this.worker.unref();
    this.worker.on('message', (reply: TextIndexReply) => {
      const waiting = this.pending.get(reply.seq);
      if (!waiting) return;
      this.pending.delete(reply.seq);
      if (this.pending.size === 0) this.worker.unref();
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.hits);
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`the text index worker exited (code ${code})`)));
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  add(docs: IndexedText[]): void {
    this.post({ op: 'add', docs });
  }

  discard(ids: string[]): void {
    this.post({ op: 'discard', ids });
  }

  search(query: string): Promise<RawHits> {
    if (this.failure) return Promise.reject(this.failure);
    const seq = ++this.seq;
    return new Promise<RawHits>((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      this.worker.ref();
      this.post({ op: 'search', seq, query });
    });
  }

  dispose(): void {
    this.failure ??= new Error('the text index was disposed');
    this.rejectAll(this.failure);
    void this.worker.terminate();
  }

  private post(message: TextIndexRequest): void {
    if (!this.failure) this.worker.postMessage(message);
  }

  private fail(e: Error): void {
    if (this.failure) return;
    this.failure = e;
    this.rejectAll(e);
    this.onFailure(e);
  }

  private rejectAll(e: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(e);
    this.pending.clear();
  }
}

/**
 * The worker script sits beside this module: `text-index-worker.js` in the bundle (dist/), `text-index-worker.ts`
 * when running from source, loaded through tsx (tests, the bench).
 */
function startTextIndexWorker(): Worker {
  const js = path.join(__dirname, 'text-index-worker.js');
  if (fs.existsSync(js)) return new Worker(js);
  const ts = path.join(__dirname, 'text-index-worker.ts');
  if (fs.existsSync(ts)) return new Worker(`require('tsx/cjs'); require(${JSON.stringify(ts)});`, { eval: true });
  throw new Error(`text-index-worker.js not found beside ${__dirname}: the build must emit it next to the bundle`);
}
