import type { Disposable } from '../common/disposable';
import { extractFile } from '../index/extract';
import type { LanguageId } from '../index/languages';
import { defaultPoolSize, ParsePool } from '../index/parse-pool';
import { TreeCache } from '../index/tree-cache';
import { whenIdle } from './idle';
import type { FileRecord } from '../index/records';

/** One file to extract. */
export interface ExtractJob {
  lang: LanguageId;
  text: string;
  /** The file's identity: with it, an in-thread extraction keeps the tree and parses the next version incrementally. */
  key?: string;
}

/** Up to this many files are extracted in-thread. */
const IN_THREAD_MAX_FILES = 4;
/**
 * Source (UTF-16 units, about bytes) per parse worker: a bulk index of less starts one worker fewer for each
 * share it lacks, down to one. Each worker is a cold V8 isolate that compiles the extraction code, tiers up and
 * collects on its own: on eslint (3.0 MB, 107k lines) the second worker cost 8–37% more index CPU than one
 * worker and gave no wall time back on the shared 2-core machine (bench/README.md, issue 11, "Session 8: the cold
 * pool"). Never zero workers: the calling thread (the extension host) does not extract a bulk index.
 */
export const SOURCE_PER_WORKER = 4 * 1024 * 1024;

/** How many workers a bulk index of `size` units of source starts, at most `max`. */
export function workersFor(max: number, size: number): number {
  return Math.max(1, Math.min(max, Math.ceil(size / SOURCE_PER_WORKER)));
}

/** How long after an index pass, at least, the grammars of in-thread edits start loading (see warmInThread). */
export const IDLE_WARM_DELAY_MS = 2000;

/**
 * Chooses where files are extracted. A bulk index goes to the worker pool (up to every core, as many workers as
 * its size pays for: workersFor; the main thread stays free);
 * a handful of files (an edit, a save) is extracted on the calling thread: a round trip to a worker would
 * cost more than the parse, and a worker started cold pays WASM tier-up on its first files. Those edits
 * keep their trees (TreeCache), so typing in the same file re-parses only what changed. The pool lives for one
 * bulk index only.
 */
export class Extractor implements Disposable {
  private pool?: ParsePool;
  private readonly trees = new TreeCache();
  /** Bumped by each warm-up: an older one still waiting stops. */
  private warmRun = 0;
  private disposed = false;

  constructor(
    private poolSize?: number,
    private readonly onPoolFailure?: (reason: string) => void,
  ) {}

  /** Extracts every job; a failed file gives its Error in its slot, the others still complete. */
  async extractAll(jobs: readonly ExtractJob[]): Promise<(FileRecord | Error)[]> {
    if (jobs.length <= IN_THREAD_MAX_FILES || this.poolSize === 0) {
      const out: (FileRecord | Error)[] = [];
      for (const job of jobs) {
        const work = job.key !== undefined ? this.trees.extract(job.key, job.lang, job.text) : extractFile(job.lang, job.text);
        out.push(await work.catch(asError));
      }
      return out;
    }
    let size = 0;
    for (const job of jobs) size += job.text.length;
    this.pool ??= new ParsePool(workersFor(this.poolSize ?? defaultPoolSize(), size));
    const results = await Promise.all(jobs.map((job) => this.pool!.extract(job.lang, job.text).catch(asError)));
    if (results.every((r) => r instanceof Error)) {
      // Every file failed on the workers: the pool itself is broken (a missing worker script, workers that
      // cannot start). Index on this thread instead, slower but right, and stop using the pool.
      this.onPoolFailure?.((results[0] as Error).message);
      this.pool.dispose();
      this.pool = undefined;
      this.poolSize = 0;
      return this.extractAll(jobs);
    }
    // The workers are let go once a bulk index is parsed: each holds its own V8 heap and WASM memory (~75 MB at
    // 1M lines), and keeping them through linking and saving put them on top of the index's peak. Edits parse
    // in-thread; the next bulk index (rare: a branch switch, a rebuild) starts a pool again.
    this.pool.dispose();
    this.pool = undefined;
    return results;
  }

  /** A bulk index of `size` units of source is coming: start the pool now (see ParsePool.warm, workersFor). */
  prewarm(langs: readonly LanguageId[], size: number): void {
    if (this.poolSize === 0) return;
    this.pool ??= new ParsePool(workersFor(this.poolSize ?? defaultPoolSize(), size));
    this.pool.warm(langs);
  }

  /**
   * Loads, on this thread, the grammar and compiled query each of `langs` needs, in idle time at least `delayMs`
   * from now (see whenIdle), one language per idle moment, so the first edit in a language does not pay them:
   * compiling the TypeScript query alone blocks the thread for ~0.3 s (over 1 s on a loaded machine), and a bulk
   * index loads them only in the workers. A new call or dispose stops what has not started. Resolves with the
   * languages loaded, in order (a language whose load fails is left for the edit that needs it to report).
   */
  async warmInThread(langs: readonly LanguageId[], delayMs = IDLE_WARM_DELAY_MS): Promise<LanguageId[]> {
    const run = ++this.warmRun;
    const done: LanguageId[] = [];
    for (const [i, lang] of langs.entries()) {
      if (!(await this.idle(i === 0 ? delayMs : 0, run))) break;
      // An empty text: the grammar, the query and the parser are set up as an edit's extraction sets them up.
      await extractFile(lang, '').then(
        () => done.push(lang),
        () => undefined,
      );
    }
    return done;
  }

  /** True at the thread's next idle moment after `delayMs`; false if the warm-up `run` was stopped first. */
  idle(delayMs: number, run = this.warmRun): Promise<boolean> {
    return whenIdle(delayMs, () => this.disposed || run !== this.warmRun);
  }

  dispose(): void {
    this.disposed = true;
    this.pool?.dispose();
    this.pool = undefined;
    this.trees.dispose();
  }
}

function asError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}
