/**
 * Token budgets. Estimating with a fixed chars-per-token ratio is deliberately simple: it errs on the safe
 * side for JSON (which tokenises at ~3-4 chars per token) and costs nothing on the hot path.
 */
export const DEFAULT_MAX_TOKENS = 4000;
export const MIN_MAX_TOKENS = 100;
export const MAX_MAX_TOKENS = 50000;

export const CHARS_PER_TOKEN = 3.5;

export function estimateTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return Math.ceil((text?.length ?? 0) / CHARS_PER_TOKEN);
}

/**
 * Keeps as many items as fit in the budget (items are already ranked, best first). `render(kept, truncated)`
 * builds the whole result for a prefix, so the envelope counts too. The prefix grows by doubling and is then
 * narrowed by binary search, so the cost follows what is kept, not what was found: a hub with 100,000
 * callers is never rendered whole just to learn that it does not fit.
 */
export function fitToBudget<T, R>(items: readonly T[], maxTokens: number, render: (kept: readonly T[], truncated: boolean) => R): R {
  const fits = (n: number) => estimateTokens(render(items.slice(0, n), true)) <= maxTokens;
  let lo = 0;
  let hi = 1;
  while (hi < items.length && fits(hi)) {
    lo = hi;
    hi *= 2;
  }
  if (hi >= items.length) {
    const full = render(items, false);
    if (estimateTokens(full) <= maxTokens) return full;
    hi = items.length;
  }
  // Invariant: a prefix of lo items fits (or lo is 0), a prefix of hi items does not.
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return render(items.slice(0, lo), true);
}
