import type { Disposable } from '../common/disposable';
import type { Engine, IndexStats } from '../engine/engine';

/** A burst of saves or keystrokes re-indexes several times; the panel recomputes once it settles. */
export const REFRESH_DEBOUNCE_MS = 500;

/**
 * Calls `refresh` once the index of the folder a panel shows has changed and then stayed put for `delayMs`.
 * An index run that re-read nothing (no file parsed or removed) changes no answer and is ignored, so the
 * panel's own recompute, which may bring the index up to date first, settles instead of looping.
 * Follows one engine at a time: `follow` moves it to the engine that answered last (folders are rebuilt
 * when they or the index settings change). Safe to dispose twice.
 */
export class IndexFollower implements Disposable {
  private engine: Engine | undefined;
  private subscription: Disposable | undefined;
  private timer: NodeJS.Timeout | undefined;
  private disposed = false;

  constructor(
    private readonly refresh: () => void,
    private readonly delayMs = REFRESH_DEBOUNCE_MS,
  ) {}

  follow(engine: Engine): void {
    if (this.disposed || engine === this.engine) return;
    this.subscription?.dispose();
    this.engine = engine;
    this.subscription = engine.onDidIndex((stats) => this.onIndexed(stats));
  }

  private onIndexed(stats: IndexStats): void {
    if (stats.files_indexed + stats.files_removed === 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.disposed) this.refresh();
    }, this.delayMs);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.subscription?.dispose();
    this.subscription = undefined;
    this.engine = undefined;
  }
}
