import * as assert from 'node:assert/strict';
import { estimateTokens, fitToBudget } from '../../src/common/tokens';

describe('fitToBudget: the longest ranked prefix that fits', () => {
  const render = (kept: readonly string[], truncated: boolean) => ({ items: kept, truncated });
  /** The obvious definition, for comparison: try every prefix from the longest down. */
  const naive = (items: string[], max: number) => {
    if (estimateTokens(render(items, false)) <= max) return render(items, false);
    for (let n = items.length - 1; n >= 0; n--) if (estimateTokens(render(items.slice(0, n), true)) <= max) return render(items.slice(0, n), true);
    return render([], true);
  };

  it('matches trying every prefix, for every length and many budgets', () => {
    for (let len = 0; len <= 40; len++) {
      const items = Array.from({ length: len }, (_, i) => `item-${i}-${'x'.repeat(i % 7)}`);
      for (const max of [1, 5, 10, 20, 35, 60, 100, 200, 400, 1000]) assert.deepEqual(fitToBudget(items, max, render), naive(items, max), `len ${len} max ${max}`);
    }
  });

  it('renders only about twice what it keeps, however many items were found', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => `symbol-${i}`);
    let rendered = 0;
    const out = fitToBudget(items, 200, (kept, truncated) => {
      rendered += kept.length;
      return render(kept, truncated);
    });
    assert.equal(out.truncated, true);
    assert.ok(out.items.length > 10 && rendered < out.items.length * 12, `rendered ${rendered} items to keep ${out.items.length}`);
  });
});
