import * as assert from 'node:assert/strict';
import { extractFile } from '../../src/index/extract';
import { untypedParametersOf } from '../../src/index/python-parameters';
import { untypedParameters } from '../../src/index/python-text';

const names = (text: string) => untypedParameters(text, text.indexOf('(')).map((p) => p.name);

describe('Python untyped parameters from the source text', () => {
  it('reads plain, default, *args and **kw parameters, and leaves typed ones, `*` and `/` out', () => {
    assert.deepEqual(names('def f(a, b=1, /, c: int = 2, *args, d, e: str, **kw): pass'), ['a', 'b', 'args', 'd', 'kw']);
    assert.deepEqual(names('def f(self, *, key=None): pass'), ['self', 'key']);
    assert.deepEqual(names('def f(*args: int, **kw: str): pass'), []);
    assert.deepEqual(names('def f(): pass'), []);
  });

  it('does not split at commas in strings, brackets, comments or a lambda default, nor read a lambda colon as a type', () => {
    assert.deepEqual(names('def f(a, sep=", x", pair=(1, 2), d={"k": [3, 4]}, key=lambda x, y: x, z=0): pass'), ['a', 'sep', 'pair', 'd', 'key', 'z']);
    assert.deepEqual(names("def f(a,  # a comment, with: a colon\n      # another\n      b='it''s', c=r'\\'', e=\"\"\"x, y\"\"\"): pass"), ['a', 'b', 'c', 'e']);
    assert.deepEqual(names('def f(my_lambda, lambda_=1, g=lambda: 0, h=2): pass'), ['my_lambda', 'lambda_', 'g', 'h']);
  });

  it('finds the list after `async def`, a line continuation and type parameters, with each name’s offset', () => {
    const text = 'async def \\\n  run[T: (int, str)](job, cb): pass';
    assert.deepEqual(untypedParametersOf(text, 0, 'run'), [
      { name: 'job', start: text.indexOf('job') },
      { name: 'cb', start: text.indexOf('cb') },
    ]);
    assert.throws(() => untypedParametersOf('class run: pass', 0, 'run'), /no parameter list after def run/);
  });

  it('binds only the parameters the linker can ask about: names called bare, passed on, or bound to another name', async () => {
    const r = await extractFile('python', [
      'def helper(): pass',
      'def run(cb, data, unused, other=1):',
      '    cb(data)',
      '    x = other',
      '    return helper(data)',
      'def wrap(f):',
      '    go(f)',
      '    return f',
    ].join('\n'));
    const untyped = r.bindings.filter((b) => b.type === '').map((b) => `${r.symbols[b.scope!].name}.${b.name}`);
    // `data` is only data (an argument, not a name a function could have): not asked about.
    assert.deepEqual(untyped.sort(), ['run.cb', 'run.other', 'wrap.f']);
  });

  it('reads the tree where the file has syntax errors, as before', async () => {
    const r = await extractFile('python', ['def run(cb, n):', '    cb(n) +', 'def ok(f): f()'].join('\n'));
    assert.ok(r.hasErrors);
    assert.deepEqual(r.bindings.filter((b) => b.type === '').map((b) => b.name).sort(), ['cb', 'f']);
  });
});
