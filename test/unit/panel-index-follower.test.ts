import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Engine } from '../../src/engine/engine';
import { IndexFollower } from '../../src/panel/index-follower';
import { copyFixture, removeDir } from './helpers';

const CALC = 'ts/src/calculator.ts';

/** Resolves once `count()` reaches `n`; a bounded poll that fails with the last count seen. */
async function untilCount(count: () => number, n: number): Promise<void> {
  const end = Date.now() + 30_000;
  while (count() < n) {
    if (Date.now() > end) assert.fail(`waited for ${n} refreshes, saw ${count()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('Blast Radius panel: IndexFollower refreshes when the shown folder\'s index changes', () => {
  let root: string;
  let engine: Engine;
  let text: string;
  const edit = (marker: string) => engine.setOverlay(CALC, text.replace('  total(): number {\n', `  total(): number {\n    // ${marker}\n`));

  beforeEach(async () => {
    root = copyFixture('polyglot');
    engine = new Engine({ root, storageDir: null, workers: 0 });
    await engine.index();
    text = fs.readFileSync(path.join(root, CALC), 'utf8');
  });
  afterEach(() => {
    engine.dispose();
    removeDir(root);
  });

  it('refreshes once for a burst of re-indexes, and not for a run that re-read nothing', async () => {
    let refreshes = 0;
    const follower = new IndexFollower(() => refreshes++, 20);
    follower.follow(engine);
    for (const marker of ['one', 'two', 'three']) {
      edit(marker);
      await engine.ready();
    }
    await untilCount(() => refreshes, 1);
    // Only one timer is ever pending, so the burst's refresh was the only one.
    assert.equal(refreshes, 1);
    const unchanged = await engine.index();
    assert.equal(unchanged.files_indexed + unchanged.files_removed, 0);
    edit('four');
    await engine.ready();
    await untilCount(() => refreshes, 2);
    assert.equal(refreshes, 2, 'the run that re-read nothing added no refresh of its own');
    follower.dispose();
  });

  it('stops after dispose, and follows only the engine it was last pointed at', async () => {
    let disposedRefreshes = 0;
    let movedRefreshes = 0;
    let witnessRefreshes = 0;
    const disposed = new IndexFollower(() => disposedRefreshes++, 20);
    disposed.follow(engine);
    disposed.dispose();
    disposed.dispose();
    const other = new Engine({ root, storageDir: null, workers: 0 });
    const moved = new IndexFollower(() => movedRefreshes++, 20);
    moved.follow(engine);
    moved.follow(other);
    // Same delay, subscribed last: when the witness fires, the others would have fired already.
    const witness = new IndexFollower(() => witnessRefreshes++, 20);
    witness.follow(engine);
    edit('five');
    await engine.ready();
    await untilCount(() => witnessRefreshes, 1);
    assert.equal(disposedRefreshes, 0);
    assert.equal(movedRefreshes, 0);
    moved.dispose();
    witness.dispose();
    other.dispose();
  });
});
