import { withDeadline } from '../common/deadline';
import { errorMessage, isSightlineError, notReady } from '../common/errors';
import type { Logger } from '../common/log';
import type { ProviderHealth } from './language-features';

/** How long after a language's first request an empty answer is taken for "still starting". */
export const WARMUP_MS = 90_000;

export interface CallOptions<T> {
  provider: string;
  languageId: string;
  isEmpty: (value: T) => boolean;
  /** An empty answer while the language server may still be starting is a `notReady` error, not a result. */
  emptyMeansNotReady?: boolean;
  signal?: AbortSignal;
}

/**
 * Every call into a VS Code provider goes through here: a deadline that also aborts, cancellation, and the
 * numbers `server_logs` shows (latency, empty answers, timeouts, errors per provider). A language counts as
 * warm once any of its providers gave a non-empty answer; before that, and within the warm-up window, an
 * empty answer from a provider that normally has one means the server is still loading the project.
 */
export class ProviderCalls {
  private readonly stats = new Map<string, ProviderHealth>();
  private readonly warm = new Set<string>();
  private readonly firstSeen = new Map<string, number>();

  constructor(
    private readonly timeoutMs: () => number,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async call<T>(options: CallOptions<T>, work: () => Thenable<T>): Promise<T> {
    const health = this.health(options.provider);
    if (!this.firstSeen.has(options.languageId)) this.firstSeen.set(options.languageId, this.now());
    const started = this.now();
    health.calls++;
    let value: T;
    try {
      value = await withDeadline(async () => await work(), this.timeoutMs(), `VS Code's ${options.provider} provider for ${options.languageId}`, options.signal);
    } catch (e) {
      if (isSightlineError(e) && e.kind === 'timeout') health.timeouts++;
      else if (!(isSightlineError(e) && e.kind === 'cancelled')) {
        health.errors++;
        health.last_error = errorMessage(e);
      }
      this.logger.log('warn', `${options.provider} (${options.languageId}) failed after ${this.now() - started} ms: ${errorMessage(e)}`);
      throw e;
    } finally {
      health.last_latency_ms = this.now() - started;
    }
    this.logger.log('debug', `${options.provider} (${options.languageId}) answered in ${health.last_latency_ms} ms`);
    if (!options.isEmpty(value)) {
      this.warm.add(options.languageId);
      return value;
    }
    health.empty++;
    if (options.emptyMeansNotReady && this.mayBeStarting(options.languageId)) {
      throw notReady(
        `The ${options.languageId} language server gave no ${options.provider} answer yet; it is probably still loading the project. ` +
          'Retry in a few seconds. Graph tools (find_callers, go_to_definition from the index, …) answer meanwhile.',
      );
    }
    return value;
  }

  /** True while no provider of the language has answered and its first request is recent. */
  mayBeStarting(languageId: string): boolean {
    const first = this.firstSeen.get(languageId) ?? this.now();
    return !this.warm.has(languageId) && this.now() - first < WARMUP_MS;
  }

  snapshot(): ProviderHealth[] {
    return [...this.stats.values()].map((h) => ({ ...h }));
  }

  private health(provider: string): ProviderHealth {
    let h = this.stats.get(provider);
    if (!h) this.stats.set(provider, (h = { provider, calls: 0, empty: 0, timeouts: 0, errors: 0 }));
    return h;
  }
}
