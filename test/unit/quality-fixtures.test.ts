import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURE_DIR, FIXTURE_LANGS, scoreFixture } from '../../bench/quality/fixtures';
import { Oracle } from '../../bench/quality/oracle';
import { sampleTargets, scoreCorpus } from '../../bench/quality/score-ts';
import { indexWorkspace } from '../../bench/quality/sightline';
import { SLOW_SUITE_TIMEOUT_MS } from './helpers';

/**
 * The short form of `npm run quality`: the hand-annotated Python, Go, Rust and TSX fixtures, indexed for real, must
 * keep precision ≥ 0.98 and recall ≥ 0.95 at the tools' recommended min_confidence.
 */
const MIN_CONFIDENCE = 0.5;

describe('call graph quality on the annotated fixtures', function () {
  this.timeout(SLOW_SUITE_TIMEOUT_MS); // the TypeScript language service is the oracle
  for (const lang of FIXTURE_LANGS) {
    it(`${lang}: precision ≥ 0.98 and recall ≥ 0.95`, async () => {
      const s = await scoreFixture(lang, MIN_CONFIDENCE);
      const detail = [...s.fp.map((e) => `unexpected ${e}`), ...s.fn.map((e) => `missing ${e}`)].join('\n  ');
      assert.ok(s.expected >= 30, `${lang}: only ${s.expected} expected edges`);
      assert.ok(s.precision >= 0.98, `${lang} precision ${s.precision.toFixed(3)}:\n  ${detail}`);
      assert.ok(s.recall >= 0.95, `${lang} recall ${s.recall.toFixed(3)}:\n  ${detail}`);
    });
  }

  it('typescript: precision ≥ 0.98 and recall ≥ 0.95 against the TypeScript language service, direct and with dispatch', async () => {
    const root = path.join(FIXTURE_DIR, 'typescript');
    const index = await indexWorkspace(root, 0);
    const files = [...index.graph.table.files.keys()].sort();
    let score;
    try {
      score = await scoreCorpus('typescript fixture', index, new Oracle(root, files, undefined), sampleTargets(index, 1000), 0, MIN_CONFIDENCE);
    } finally {
      index.ctx.workspaces.dispose();
    }
    const c = score.callers[MIN_CONFIDENCE];
    const detail = score.worst.map((w) => `${w.target}: ${[...w.fp.map((f) => `+${f.id}`), ...w.fn.map((f) => `-${f.id}`)].join(' ')}`).join('\n  ');
    assert.ok(score.targets >= 30, `only ${score.targets} targets`);
    assert.ok(c.tp / (c.tp + c.fp) >= 0.98, `precision ${c.tp}/${c.tp + c.fp}:\n  ${detail}`);
    assert.ok(c.tp / (c.tp + c.fn) >= 0.95, `recall ${c.tp}/${c.tp + c.fn}:\n  ${detail}`);
    // The headline: callers as find_callers answers by default, calls that dispatch to an override included.
    const d = score.withDispatch[MIN_CONFIDENCE];
    const missed = Object.entries(score.dispatchMissReasons).map(([why, n]) => `${why} ${n}`).join(', ');
    assert.ok(score.dispatchSites + score.superSites > 0, 'no call through a base member in the fixture');
    assert.ok(d.tp / (d.tp + d.fp) >= 0.98, `precision with dispatch ${d.tp}/${d.tp + d.fp}`);
    assert.ok(d.tp / (d.tp + d.fn) >= 0.95, `recall with dispatch ${d.tp}/${d.tp + d.fn}: ${missed}`);
  });

  it('counts an unlisted edge as false and a listed non-edge as missed', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-quality-'));
    try {
      fs.cpSync(path.join(FIXTURE_DIR, 'go'), root, { recursive: true });
      const expected = fs.readFileSync(path.join(root, 'expected.txt'), 'utf8').replace('main.go#build -> store/store.go#NewStore\n', '');
      fs.writeFileSync(path.join(root, 'expected.txt'), `${expected}main.go#main -> store/cache.go#normalize\n`);
      const s = await scoreFixture('go', MIN_CONFIDENCE, root);
      assert.deepEqual(s.fn, ['main.go#main -> store/cache.go#normalize']);
      assert.equal(s.fp.length, 1);
      assert.match(s.fp[0], /^main\.go#build -> store\/store\.go#NewStore \(import 1\)$/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
