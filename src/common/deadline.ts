import { cancelled, timeoutError } from './errors';

/**
 * Races work against a deadline and a caller's signal: a timeout is an error that says what to try, a
 * cancellation stays a cancellation. The work itself is not stopped — its only caller runs VS Code provider
 * commands, which take no cancellation token — so its late answer is dropped.
 */
export async function withDeadline<T>(work: () => Promise<T>, ms: number, what: string, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) throw cancelled();
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(timeoutError(`${what} did not answer within ${ms} ms. Try again, narrow the request, or raise the timeout setting.`)), ms);
      }),
      new Promise<never>((_, reject) => {
        onAbort = () => reject(cancelled());
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * What synchronous code needs of a tool call's Deadline: a check that throws `timeout` (or `cancelled`) once the
 * budget is spent. The graph and search layers take this, not the Deadline class, and call it inside every loop
 * whose length the workspace decides.
 */
export interface DeadlineCheck {
  check(hint: string): void;
}

/** How often a tight loop checks its deadline: a clock read costs little, but not nothing, per edge or name. */
export const CHECK_EVERY = 256;

/** Checks `deadline` on every CHECK_EVERY-th turn `i` of a loop (the first included); no deadline, no check. */
export function checkEvery(deadline: DeadlineCheck | undefined, i: number, hint: string): void {
  if (deadline && i % CHECK_EVERY === 0) deadline.check(hint);
}

/** How long synchronous work runs before it hands the event loop a turn (other calls, the editor's own work). */
export const SLICE_MS = 10;

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Cuts long synchronous work into slices: `await slicer.tick()` in a loop yields a turn of the event loop
 * once the current slice has run SLICE_MS, and costs a clock read otherwise. One slow call then delays
 * others by a slice, not by its whole run.
 */
export class TimeSlicer {
  private sliceStart = performance.now();

  async tick(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await nextTurn();
    this.sliceStart = performance.now();
  }
}

/**
 * The time budget of one tool call, created where the call is invoked. Loops call `tick(hint)`: it yields
 * to the event loop now and then, and answers `timeout` (saying what to narrow) once the budget is spent or
 * `cancelled` once the client cancels. Shared work (an index build other calls also wait for) is awaited
 * with `race`, which gives up at the deadline without stopping the work.
 */
export class Deadline implements DeadlineCheck {
  private readonly expiresAt: number;
  private readonly slicer = new TimeSlicer();

  constructor(
    readonly ms: number,
    private readonly signal?: AbortSignal,
    private readonly what = 'The request',
  ) {
    this.expiresAt = performance.now() + ms;
  }

  get remainingMs(): number {
    return Math.max(0, this.expiresAt - performance.now());
  }

  check(hint: string): void {
    if (this.signal?.aborted) throw cancelled();
    if (performance.now() >= this.expiresAt) throw this.timeout(hint);
  }

  async tick(hint: string): Promise<void> {
    this.check(hint);
    await this.slicer.tick();
    this.check(hint);
  }

  async race<T>(work: Promise<T>, hint: string): Promise<T> {
    this.check(hint);
    let timer: NodeJS.Timeout | undefined;
    let onAbort: () => void = () => undefined;
    try {
      return await Promise.race([
        work,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(this.timeout(hint)), this.remainingMs);
          onAbort = () => reject(cancelled());
          this.signal?.addEventListener('abort', onAbort, { once: true });
        }),
      ]);
    } finally {
      clearTimeout(timer);
      this.signal?.removeEventListener('abort', onAbort);
    }
  }

  private timeout(hint: string) {
    return timeoutError(`${this.what} ran out of its ${Math.round(this.ms / 1000)} s budget. ${hint}`);
  }
}
