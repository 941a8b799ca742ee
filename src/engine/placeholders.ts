/**
 * Answers a language server gives while it is still loading a project, which must not reach an agent as if they
 * were the answer. TypeScript's server prefixes hover text with `(loading...)` until the file's project is loaded.
 */
const LOADING_MARKERS = [/\(loading\.\.\.\)/];

export function isLoadingPlaceholder(text: string): boolean {
  return LOADING_MARKERS.some((m) => m.test(text));
}

/**
 * Asks `probe` again while its answer is still a placeholder, waiting `intervalMs` between tries, until
 * `budgetMs` is spent; then returns the last answer and whether it still was one. Cancellation ends the wait.
 */
export async function retryWhilePlaceholder<T>(
  probe: () => Promise<T>,
  isPlaceholder: (value: T) => boolean,
  budgetMs: number,
  signal?: AbortSignal,
  intervalMs = 250,
): Promise<{ value: T; placeholder: boolean; tries: number }> {
  const end = Date.now() + budgetMs;
  let tries = 1;
  let value = await probe();
  while (isPlaceholder(value) && Date.now() + intervalMs < end && !signal?.aborted) {
    await new Promise((r) => setTimeout(r, intervalMs));
    tries++;
    value = await probe();
  }
  return { value, placeholder: isPlaceholder(value), tries };
}
