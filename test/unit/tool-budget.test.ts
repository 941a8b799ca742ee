import * as assert from 'node:assert/strict';
import { Deadline, TimeSlicer } from '../../src/common/deadline';
import { isSightlineError } from '../../src/common/errors';
import { Engine } from '../../src/engine/engine';
import { IndexLanguageFeatures } from '../../src/engine/index-features';
import { Workspaces } from '../../src/engine/workspaces';
import { RingLogger } from '../../src/common/log';
import { ALL_TOOLS } from '../../src/tools/registry';
import { copyFixture, removeDir } from './helpers';

const kindOf = (e: unknown) => (isSightlineError(e) ? e.kind : String(e));

describe('tool budgets: deadlines and slices', () => {
  it('a spent deadline answers timeout with what to narrow; a cancelled one answers cancelled', async () => {
    const spent = new Deadline(0, undefined, 'find_callers');
    assert.throws(() => spent.check('Lower depth.'), (e: Error) => kindOf(e) === 'timeout' && /^find_callers ran out of its 0 s budget\. Lower depth\.$/.test(e.message));
    await assert.rejects(spent.tick('Lower depth.'), (e: Error) => kindOf(e) === 'timeout');
    const controller = new AbortController();
    const live = new Deadline(60_000, controller.signal);
    live.check('x');
    controller.abort();
    assert.throws(() => live.check('x'), (e: Error) => kindOf(e) === 'cancelled');
  });

  it('race gives up at the deadline while the shared work goes on and still delivers to others', async () => {
    let finish!: (v: string) => void;
    const shared = new Promise<string>((resolve) => (finish = resolve));
    await assert.rejects(new Deadline(1).race(shared, 'Retry in a few seconds.'), (e: Error) => kindOf(e) === 'timeout' && /Retry in a few seconds/.test(e.message));
    finish('built');
    assert.equal(await new Deadline(60_000).race(shared, 'x'), 'built');
  });

  it('a slicer hands the event loop a turn inside a long synchronous loop', async () => {
    const slicer = new TimeSlicer();
    let otherRan = false;
    setImmediate(() => (otherRan = true));
    // Busy work in a loop that ticks: the immediate queued above must get its turn before the loop ends.
    const until = performance.now() + 50;
    while (performance.now() < until) await slicer.tick();
    assert.equal(otherRan, true);
  });

  describe('in the tools', () => {
    let root: string;
    let engine: Engine;
    before(async () => {
      root = copyFixture('polyglot');
      engine = new Engine({ root, storageDir: null, workers: 0 });
      await engine.index();
    });
    after(() => {
      engine.dispose();
      removeDir(root);
    });

    for (const [name, args] of [
      ['find_callers', { symbol: 'Point.square', depth: 3 }],
      ['structural_search', { query: 'kind:function' }],
      ['retrieve', { query: 'point norm' }],
    ] as const) {
      it(`${name} on a spent budget answers timeout, not a partial result`, async () => {
        const tool = ALL_TOOLS.find((t) => t.name === name)!;
        const workspaces = new Workspaces([engine]);
        const ctx = { workspaces, features: new IndexLanguageFeatures(workspaces), logger: new RingLogger(), deadline: new Deadline(0, undefined, name) };
        await assert.rejects(tool.run(args, ctx), (e: Error) => kindOf(e) === 'timeout' && new RegExp(`^${name} ran out of its 0 s budget\\. `).test(e.message));
      });
    }
  });
});
