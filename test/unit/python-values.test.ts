import * as assert from 'node:assert/strict';
import { extractFile } from '../../src/index/extract';

const args = async (lines: string[]) => {
  const r = await extractFile('python', lines.join('\n'));
  return (r.values ?? []).map((v) => `${v.ref} ${v.name ?? v.index} ${v.line}:${v.character} call ${v.callLine}:${v.callCharacter}${v.decorates ? ' decorates' : ''}`);
};

describe('Python functions handed to calls, read from the call text', () => {
  it('keeps names and paths that can be functions, by position or keyword, through partial, and decorated definitions', async () => {
    assert.deepEqual(await args([
      'import functools',
      'from functools import partial',
      'def f(): pass',
      'def run(*a, **k): pass',
      'run(1, f, "x, y", (f), cb=f, key=lambda a, b: f)',
      'run(partial(f, 2), functools.partial(f), cb=partial(f))',
      'run(*xs, f)',
      'run(data, self.f, other.f)',
      '@run',
      'def g(): pass',
    ]), [
      'f 1 5:8 call 5:1',
      'f cb 5:27 call 5:1',
      'f 0 6:13 call 6:1',
      'f 1 6:38 call 6:1',
      'f cb 6:53 call 6:1',
      'f undefined 7:10 call 7:1',
      'self.f 1 8:11 call 8:1',
      'g 0 10:5 call 9:2 decorates',
    ]);
  });

  it('reads none from a generator argument, and counts a line continuation between arguments as the tree does', async () => {
    assert.deepEqual(await args([
      'def f(): pass',
      'run(f(x) for x, f in pairs)',
      'run("a" + b, \\',
      '    f, 1)',
      'run(f  # a comment, with a comma',
      '    , f)',
    ]), ['f 2 4:5 call 3:1', 'f 0 5:5 call 5:1', 'f 1 6:7 call 5:1']);
  });
});
