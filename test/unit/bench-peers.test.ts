import * as assert from 'node:assert/strict';
import ignore from 'ignore';
import { anchoredPattern, peerCounts } from '../../bench/peers';

// The peer row of `npm run bench -- --peers` tells the peer which files to skip and reads back what it indexed.
describe('bench peer row', () => {
  it('reads the counts of the peer’s closing lines', () => {
    // The closing lines as `codegraph init --yes .` prints them (NO_COLOR), with thousands separators.
    const stdout = [
      '┌  Initializing CodeGraph',
      '◆  Indexed 1,048 files',
      '│',
      '●  9,286 nodes, 30,574 edges in 4.8s',
      '└  Done',
    ].join('\n');
    assert.deepEqual(peerCounts(stdout), { files: 1048, nodes: 9286, edges: 30574 });
    assert.deepEqual(peerCounts('Error: no project'), { files: undefined, nodes: undefined, edges: undefined });
  });

  it('excludes exactly the files passed over, special characters included', () => {
    const passedOver = ['cmd/ssa/opGen.go', 'a b/[x]*.go', 'lib/#gen!.js'];
    const ig = ignore().add(passedOver.map(anchoredPattern));
    for (const rel of passedOver) assert.ok(ig.ignores(rel), rel);
    for (const rel of ['cmd/ssa/opGen.go.txt', 'x/cmd/ssa/opGen.go', 'a b/x.go', 'a b/[x]y.go', 'lib/gen.js', 'cmd/ssa/other.go']) {
      assert.ok(!ig.ignores(rel), rel);
    }
  });
});
