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
