import { cancelled, timeoutError } from './errors';

/**
 * Races work against a deadline and a caller's signal. On timeout the work's own AbortController is
 * aborted too, so a timed-out provider call stops instead of running on in the background.
 */
export async function withDeadline<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
  what: string,
  outer?: AbortSignal,
): Promise<T> {
  if (outer?.aborted) throw cancelled();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    return await Promise.race([
      work(controller.signal),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(timeoutError(`${what} did not answer within ${ms} ms. Try again, narrow the request, or raise the timeout setting.`));
        }, ms);
      }),
      new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => {
          if (outer?.aborted) reject(cancelled());
        });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

export function throwIfCancelled(signal?: AbortSignal): void {
  if (signal?.aborted) throw cancelled();
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
export class Deadline {
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
    let onAbort = () => undefined as void;
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
