import type { Disposable } from '../common/disposable';
import { extractFile } from '../index/extract';
import type { LanguageId } from '../index/languages';
import { ParsePool } from '../index/parse-pool';
import type { FileRecord } from '../index/records';

/**
 * Chooses where files are extracted. A bulk index goes to the worker pool (every core, main thread free);
 * a handful of files (an edit, a save) is extracted on the calling thread: a round trip to a worker would
 * cost more than the parse, and a worker started cold pays WASM tier-up on its first files.
 */
export interface ExtractJob {
  lang: LanguageId;
  text: string;
}

/** Up to this many files are extracted in-thread. */
const IN_THREAD_MAX_FILES = 4;

export class Extractor implements Disposable {
  private pool?: ParsePool;

  constructor(private readonly poolSize?: number) {}

  /** Extracts every job; a failed file gives its Error in its slot, the others still complete. */
  async extractAll(jobs: readonly ExtractJob[]): Promise<(FileRecord | Error)[]> {
    if (jobs.length <= IN_THREAD_MAX_FILES || this.poolSize === 0) {
      const out: (FileRecord | Error)[] = [];
      for (const job of jobs) out.push(await extractFile(job.lang, job.text).catch(asError));
      return out;
    }
    this.pool ??= new ParsePool(this.poolSize);
    return Promise.all(jobs.map((job) => this.pool!.extract(job.lang, job.text).catch(asError)));
  }

  dispose(): void {
    this.pool?.dispose();
    this.pool = undefined;
  }
}

function asError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}
