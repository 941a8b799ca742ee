/**
 * Token budgets. Estimating with a fixed chars-per-token ratio is deliberately simple: it errs on the safe
 * side for JSON (which tokenises at ~3-4 chars per token) and costs nothing on the hot path.
 */
export const DEFAULT_MAX_TOKENS = 4000;
export const MIN_MAX_TOKENS = 100;
export const MAX_MAX_TOKENS = 50000;

const CHARS_PER_TOKEN = 3.5;

export function estimateTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return Math.ceil((text?.length ?? 0) / CHARS_PER_TOKEN);
}

/**
 * Keeps as many items as fit in the budget, by binary search over the prefix length (items are already
 * ranked, best first). `render(n)` builds the whole result for the first n items, so the envelope counts too.
 */
export function fitToBudget<T, R>(items: readonly T[], maxTokens: number, render: (kept: readonly T[], truncated: boolean) => R): R {
  const full = render(items, false);
  if (estimateTokens(full) <= maxTokens) return full;
  let lo = 0;
  let hi = items.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (estimateTokens(render(items.slice(0, mid), true)) <= maxTokens) lo = mid;
    else hi = mid - 1;
  }
  return render(items.slice(0, lo), true);
}
