import * as assert from 'node:assert/strict';
import { isLoadingPlaceholder, retryWhilePlaceholder } from '../../src/engine/placeholders';

describe('language-server placeholder answers', () => {
  it('recognises TypeScript\'s loading hover, and only it', () => {
    assert.equal(isLoadingPlaceholder('```typescript\n(loading...) (method) Invoice.total(): number\n```'), true);
    assert.equal(isLoadingPlaceholder('```typescript\n(method) Invoice.total(): number\n```'), false);
    assert.equal(isLoadingPlaceholder('loading the config'), false);
  });

  it('asks again while the answer is a placeholder and returns the real one', async () => {
    const answers = ['(loading...) f(): any', '(loading...) f(): any', 'f(): number'];
    let i = 0;
    const r = await retryWhilePlaceholder(async () => answers[Math.min(i++, 2)], isLoadingPlaceholder, 10_000, undefined, 5);
    assert.deepEqual(r, { value: 'f(): number', placeholder: false, tries: 3 });
  });

  it('gives up when the budget is spent and says the answer is still a placeholder', async () => {
    let tries = 0;
    const r = await retryWhilePlaceholder(async () => (tries++, '(loading...) x'), isLoadingPlaceholder, 60, undefined, 10);
    assert.equal(r.placeholder, true);
    assert.ok(tries >= 2 && tries <= 7, `tries: ${tries}`);
  });

  it('stops waiting when the call is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const r = await retryWhilePlaceholder(async () => '(loading...) x', isLoadingPlaceholder, 10_000, controller.signal, 5);
    assert.deepEqual(r, { value: '(loading...) x', placeholder: true, tries: 1 });
  });
});
