/** Small timing and statistics helpers shared by the bench's measurements. */

/** Marks the line a bench child process prints its JSON result on (bench/child.ts → bench/main.ts). */
export const RESULT_MARKER = '@@bench-result ';

export interface Timing {
  wallMs: number;
  /** CPU of this process, all threads (workers included), user + system. */
  cpuMs: number;
}

export function timed(work: () => void): Timing {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  work();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

export async function timedAsync(work: () => Promise<void>): Promise<Timing> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await work();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Peak resident set of this process so far, in MB (Linux reports it in KiB). */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

export function percentile(samples: number[], p: number): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

/**
 * Sampling stops after `n` calls or once this much time has been spent, whichever comes first, so a slow
 * query (a hub with thousands of callers on a large graph) still finishes the run; the count is reported.
 */
export const SAMPLE_BUDGET_MS = 5000;

/** Runs `op` `n` times (after a few warm-up runs) and returns per-call latencies in ms. */
export function sampleSync(n: number, op: (i: number) => void, warmup = 2): number[] {
  for (let i = 0; i < warmup; i++) op(i);
  const out: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n && (i < 10 || performance.now() - start < SAMPLE_BUDGET_MS); i++) {
    const t0 = performance.now();
    op(i);
    out.push(performance.now() - t0);
  }
  return out;
}

/** Like sampleSync; `op` is told whether a call is a warm-up (not timed). */
export async function sampleAsync(n: number, op: (i: number, warmup: boolean) => Promise<unknown>, warmup = 2): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await op(i, true);
  const out: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n && (i < 10 || performance.now() - start < SAMPLE_BUDGET_MS); i++) {
    const t0 = performance.now();
    await op(i, false);
    out.push(performance.now() - t0);
  }
  return out;
}
