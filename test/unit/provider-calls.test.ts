import * as assert from 'node:assert/strict';
import { isSightlineError } from '../../src/common/errors';
import { RingLogger } from '../../src/common/log';
import { ProviderCalls, WARMUP_MS } from '../../src/engine/provider-calls';

const isEmpty = (v: unknown[]) => v.length === 0;
const kind = (k: string) => (e: unknown) => isSightlineError(e) && e.kind === k;

describe('ProviderCalls', () => {
  let now: number;
  let logger: RingLogger;
  let calls: ProviderCalls;

  beforeEach(() => {
    now = 1_000_000;
    logger = new RingLogger();
    calls = new ProviderCalls(() => 50, logger, () => now);
  });

  it('returns a provider\'s answer and counts the call', async () => {
    assert.deepEqual(await calls.call({ provider: 'hover', languageId: 'typescript', isEmpty }, async () => ['x']), ['x']);
    assert.deepEqual(calls.snapshot(), [{ provider: 'hover', calls: 1, empty: 0, timeouts: 0, errors: 0, last_latency_ms: 0 }]);
  });

  it('turns an empty answer from a language that never answered into notReady, with what to do', async () => {
    await assert.rejects(calls.call({ provider: 'hover', languageId: 'typescript', isEmpty, emptyMeansNotReady: true }, async () => []), (e: Error) => kind('notReady')(e) && /still loading the project\. Retry/.test(e.message));
    assert.equal(calls.snapshot()[0].empty, 1);
  });

  it('takes an empty answer at face value once the language has answered', async () => {
    await calls.call({ provider: 'definition', languageId: 'typescript', isEmpty }, async () => ['loc']);
    assert.deepEqual(await calls.call({ provider: 'hover', languageId: 'typescript', isEmpty, emptyMeansNotReady: true }, async () => []), []);
  });

  it('takes an empty answer at face value after the warm-up window, for a language no server answers', async () => {
    await assert.rejects(calls.call({ provider: 'hover', languageId: 'cobol', isEmpty, emptyMeansNotReady: true }, async () => []), kind('notReady'));
    now += WARMUP_MS;
    assert.deepEqual(await calls.call({ provider: 'hover', languageId: 'cobol', isEmpty, emptyMeansNotReady: true }, async () => []), []);
  });

  it('never calls an empty answer notReady when the provider does not ask for it', async () => {
    assert.deepEqual(await calls.call({ provider: 'implementation', languageId: 'typescript', isEmpty }, async () => []), []);
  });

  it('times out a provider that does not answer, counts it and logs it', async () => {
    await assert.rejects(calls.call({ provider: 'references', languageId: 'typescript', isEmpty }, () => new Promise<string[]>(() => undefined)), (e: Error) => kind('timeout')(e) && /references provider for typescript did not answer within 50 ms/.test(e.message));
    assert.equal(calls.snapshot()[0].timeouts, 1);
    assert.ok(logger.recent(5, 'warn').some((l) => l.message.startsWith('references (typescript) failed')));
  });

  it('counts a failing provider with its error, and keeps a cancellation a cancellation', async () => {
    await assert.rejects(calls.call({ provider: 'rename', languageId: 'typescript', isEmpty }, async () => {
      throw new Error('cannot rename this element');
    }), /cannot rename this element/);
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(calls.call({ provider: 'rename', languageId: 'typescript', isEmpty, signal: controller.signal }, async () => ['x']), kind('cancelled'));
    assert.deepEqual({ ...calls.snapshot()[0], last_latency_ms: undefined }, { provider: 'rename', calls: 2, empty: 0, timeouts: 0, errors: 1, last_error: 'cannot rename this element', last_latency_ms: undefined });
  });
});
