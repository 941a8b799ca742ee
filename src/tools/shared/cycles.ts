/**
 * Import cycles as an agent reads them: a strongly connected component can hold thousands of files, so each
 * cycle lists its first files (sorted) and says its size; only the largest cycles are listed.
 */
export interface CompactCycles {
  cycles: string[][];
  /** Size of each listed cycle, so a cut one is visible. */
  cycle_sizes: number[];
  total_cycles: number;
}

export function compactCycles(cycles: string[][], maxCycles: number, maxFilesPerCycle: number): CompactCycles {
  const listed = cycles.slice(0, maxCycles);
  return {
    cycles: listed.map((c) => c.slice(0, maxFilesPerCycle)),
    cycle_sizes: listed.map((c) => c.length),
    total_cycles: cycles.length,
  };
}
