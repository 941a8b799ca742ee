import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readLineRange, readRegularFileSync } from '../../src/common/safe-read';
import { compileIgnoreRules } from '../../src/engine/ignore-rules';
import { removeDir } from './helpers';
import { bounded } from './hostile';

/** What read_file_range answered before it streamed: the whole text split into lines. */
function linesBySplit(text: string): string[] {
  const all = text.split('\n');
  if (all.length > 1 && all[all.length - 1] === '') all.pop();
  return all;
}

describe('reads that cannot block', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-reads-'));
  });
  after(() => removeDir(dir));

  it('readLineRange gives the lines a whole read would, across chunk boundaries, line breaks and lengths', async () => {
    const texts = ['', '\n', 'one', 'one\n', 'one\ntwo', 'a\r\nb\r\n', '\n\n\n', `${'x'.repeat(70_000)}\nshort\n${'y'.repeat(140_000)}`, 'é\n😀\nend', Array.from({ length: 5000 }, (_, i) => `line ${i}`).join('\n')];
    for (const [i, text] of texts.entries()) {
      const file = path.join(dir, `t${i}.txt`);
      fs.writeFileSync(file, text);
      const all = linesBySplit(text);
      for (const [start, end] of [[1, 1], [1, 3], [2, 2], [3, 10], [all.length, all.length + 2], [4990, 5001]]) {
        const got = await readLineRange(file, start, end, { what: `t${i}.txt`, maxLineBytes: 1 << 20, countAllBelowBytes: 1 << 20 });
        assert.deepEqual(got.lines, all.slice(start - 1, end), `${JSON.stringify(text.slice(0, 20))} lines ${start}..${end}`);
        assert.equal(got.totalLines, all.length);
      }
    }
  });

  it('readLineRange stops at the last line asked for in a file over the counting limit', async () => {
    const file = path.join(dir, 'long.txt');
    fs.writeFileSync(file, Array.from({ length: 200_000 }, (_, i) => `row ${i + 1}`).join('\n'));
    const got = await readLineRange(file, 3, 4, { what: 'long.txt', maxLineBytes: 1 << 20, countAllBelowBytes: 1024 });
    assert.deepEqual(got.lines, ['row 3', 'row 4']);
    assert.equal(got.totalLines, undefined);
  });

  it('a FIFO is refused at once by both reads, never waited on', async () => {
    const fifo = path.join(dir, 'pipe');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    assert.throws(() => readRegularFileSync(fifo, 1024, 'pipe'), /pipe is a named pipe \(FIFO\); Sightline reads only regular files/);
    await bounded('readLineRange on a FIFO', assert.rejects(readLineRange(fifo, 1, 1, { what: 'pipe', maxLineBytes: 1024, countAllBelowBytes: 1024 }), /named pipe/), 20_000);
    assert.throws(() => readRegularFileSync(dir, 1024, 'dir'), /dir is a directory/);
    assert.throws(() => readRegularFileSync('/dev/zero', 1024, 'zero'), /zero is a device/);
  });

  it('readRegularFileSync refuses a file over its cap with a way to read it', () => {
    const file = path.join(dir, 'big.bin');
    fs.writeFileSync(file, Buffer.alloc(4096, 1));
    assert.equal(readRegularFileSync(file, 4096).length, 4096);
    assert.throws(() => readRegularFileSync(file, 4095, 'big.bin'), /big\.bin is 4096 bytes, over the 4095-byte limit .* read_file_range/);
  });
});

describe('ignore rules that cannot hurt the scan', () => {
  it('skips and counts a rule that is too long, too wild or invalid; the rest still applies', () => {
    const { ig, skipped } = compileIgnoreRules(['a'.repeat(40_000), `${'*a'.repeat(6)}*`, 'build/', '*.log', '', '# comment', 'src/**/gen/*.ts'].join('\n'));
    assert.equal(skipped, 2);
    assert.equal(ig.ignores('build/x.ts'), true);
    assert.equal(ig.ignores('debug.log'), true);
    assert.equal(ig.ignores('src/a/gen/b.ts'), true);
    assert.equal(ig.ignores('src/a.ts'), false);
  });

  it('takes the exclude setting as a list the same way', () => {
    const { ig, skipped } = compileIgnoreRules(['x'.repeat(2000), 'vendor/']);
    assert.equal(skipped, 1);
    assert.equal(ig.ignores('vendor/lib.ts'), true);
  });
});
