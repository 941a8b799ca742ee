export interface Disposable {
  dispose(): void;
}

/** Owns disposables; disposing twice is safe, and later additions to a disposed store are disposed at once. */
export class DisposableStore implements Disposable {
  private items: Disposable[] = [];
  private disposed = false;

  add<T extends Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const items = this.items.reverse();
    this.items = [];
    for (const item of items) {
      try {
        item.dispose();
      } catch {
        // One failing disposable must not keep the others alive.
      }
    }
  }
}
