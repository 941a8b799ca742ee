import { performance } from 'node:perf_hooks';

/** How often the event loop's utilisation is sampled while waiting for it to be idle. */
const SAMPLE_MS = 250;
/** Below this share of a sample spent running callbacks, the thread is idle (a bulk build in slices runs near 1). */
const IDLE_UTILISATION = 0.25;

/**
 * Resolves once `delayMs` have passed and the thread then spent under a quarter of a sampling interval running
 * callbacks: work that is only worth doing ahead of time (loading grammars, building lookups) waits for the host
 * to be idle instead of landing in the middle of a tool call's work. The timers do not keep the process alive.
 * `cancelled()` is checked at every sample; the promise resolves false when it says so, true when idle.
 */
export function whenIdle(delayMs: number, cancelled: () => boolean): Promise<boolean> {
  return new Promise((resolve) => {
    let last = performance.eventLoopUtilization();
    let waited = 0;
    const sample = (): void => {
      if (cancelled()) return resolve(false);
      const now = performance.eventLoopUtilization();
      const busy = performance.eventLoopUtilization(now, last).utilization;
      last = now;
      waited += SAMPLE_MS;
      if (waited >= delayMs && busy < IDLE_UTILISATION) return resolve(true);
      schedule();
    };
    const schedule = (): void => {
      setTimeout(sample, SAMPLE_MS).unref?.();
    };
    schedule();
  });
}
