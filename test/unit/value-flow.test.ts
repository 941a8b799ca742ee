import * as assert from 'node:assert/strict';
import { CodeGraph } from '../../src/graph/code-graph';
import { EMPTY_PROJECT } from '../../src/graph/modules';
import { extractFile } from '../../src/index/extract';
import { languageForPath } from '../../src/index/languages';
import type { FileRecord } from '../../src/index/records';
import { pythonParameters } from '../../src/graph/python-callbacks';

async function records(sources: Record<string, string>): Promise<Map<string, FileRecord>> {
  const out = new Map<string, FileRecord>();
  for (const [file, text] of Object.entries(sources)) out.set(file, await extractFile(languageForPath(file)!.id, text));
  return out;
}

function edges(g: CodeGraph): string[] {
  const out: string[] = [];
  g.calls.forEachEdge((_e, data, source, target) => out.push(`${source} -> ${target} ${data.resolution}`));
  return out.sort();
}

const ENGINE = 'class Engine:\n    def start(self):\n        pass\n\nclass Motor:\n    def start(self):\n        pass\n\nengine = Engine()\n';
const USE = 'from core import engine\n\ndef boot():\n    engine.start()\n\ndef helper():\n    pass\n\ndef run(helper):\n    go = boot\n    go()\n    helper()\n';

describe('value flow: incremental updates', () => {
  it('links calls through another module\'s variable, and rebuilds when that variable gets another value', async () => {
    const files = await records({ 'core.py': ENGINE, 'use.py': USE });
    const graph = new CodeGraph(files, EMPTY_PROJECT);
    assert.deepEqual(edges(graph), ['core.py#engine -> core.py#Engine scope', 'use.py#boot -> core.py#Engine.start member', 'use.py#run -> use.py#boot value']);
    // Another module reads the variable's type: this edit changes the file's outward shape, so no in-place update.
    const edited = await extractFile('python', ENGINE.replace('engine = Engine()', 'engine = Motor()'));
    assert.equal(graph.updateFile('core.py', edited), false);
    files.set('core.py', edited);
    assert.deepEqual(edges(new CodeGraph(files, EMPTY_PROJECT)), ['core.py#engine -> core.py#Motor scope', 'use.py#boot -> core.py#Motor.start member', 'use.py#run -> use.py#boot value']);
  });

  it('re-links a body edit in place: a local alias and a shadowing parameter give what a rebuild gives', async () => {
    const files = await records({ 'core.py': ENGINE, 'use.py': USE });
    const graph = new CodeGraph(files, EMPTY_PROJECT);
    const edited = await extractFile('python', USE.replace('    go = boot\n', '    go = engine.start\n'));
    assert.equal(graph.updateFile('use.py', edited), true);
    files.set('use.py', edited);
    const expected = ['core.py#engine -> core.py#Engine scope', 'use.py#boot -> core.py#Engine.start member', 'use.py#run -> core.py#Engine.start value'];
    assert.deepEqual(edges(graph), expected);
    assert.deepEqual(edges(new CodeGraph(files, EMPTY_PROJECT)), expected);
  });
});

const RUNNERS = [
  'import functools',
  '',
  'def run(cb, *args):',
  '    return cb(*args)',
  '',
  'def later(n, callback=None):',
  '    def fire():',
  '        return callback()',
  '    return fire()',
  '',
  'def keep(cb):',
  '    HOOKS.append(cb)',
  '',
  'def nested(cb):',
  '    def inner(cb):',
  '        return cb()',
  '    return inner(print)',
  '',
  'def rebinds(cb):',
  '    cb = functools.partial(print, 1)',
  '    return cb()',
  '',
  'def typed(cb: Handler, n: int = 0):',
  '    return cb()',
  '',
  'def typed_rebinds(cb: Handler):',
  '    cb = Handler()',
  '    return cb()',
  '',
  'class Pool:',
  '    def submit(self, job):',
  '        return job()',
  '',
  '    @classmethod',
  '    def create(cls, factory):',
  '        return factory()',
  '',
  'def wraps_it(fn):',
  '    def wrapper(*a):',
  '        return fn(*a)',
  '    return wrapper',
  '',
  'HOOKS = []',
  '',
].join('\n');

const CALLERS = [
  'import functools',
  'import threading',
  'from runners import run, later, keep, nested, rebinds, typed, typed_rebinds, Pool, wraps_it',
  '',
  'def work():',
  '    return 1',
  '',
  'class Svc:',
  '    def handle(self):',
  '        return 2',
  '',
  '    def go(self):',
  '        return run(self.handle)',
  '',
  'def main(shadowed):',
  '    run(work)',
  '    later(1, callback=work)',
  '    run(functools.partial(Svc.handle, None))',
  '    keep(work)',
  '    nested(work)',
  '    rebinds(work)',
  '    typed(work)',
  '    typed_rebinds(work)',
  '    Pool().submit(work)',
  '    Pool.create(Svc)',
  '    run(shadowed)',
  '    threading.Thread(target=work).start()',
  '    return sorted([1], key=work)',
  '',
  '@wraps_it',
  'def decorated():',
  '    return 3',
  '',
  'def loads(parse):',
  '    parse = wraps_it(parse)',
  '    return run(parse)',
  '',
].join('\n');

function valueEdges(g: CodeGraph): string[] {
  const out: string[] = [];
  g.calls.forEachEdge((_e, data, source, target) => {
    if (data.resolution === 'value') out.push(`${source} -> ${target} ${data.confidence}`);
  });
  return out.sort();
}

describe('value flow: Python functions passed as arguments', () => {
  it('follows a passed function into the callee where it calls the parameter, never by name', async () => {
    const graph = new CodeGraph(await records({ 'runners.py': RUNNERS, 'callers.py': CALLERS }), EMPTY_PROJECT);
    assert.deepEqual(valueEdges(graph), [
      // Thread(target=work) and sorted(key=work): handed to code outside the workspace, below the default floor.
      'callers.py#main -> callers.py#work 0.45',
      'runners.py#Pool.submit -> callers.py#work 0.9',
      'runners.py#later.fire -> callers.py#work 0.9',
      'runners.py#run -> callers.py#Svc.handle 0.9',
      'runners.py#run -> callers.py#work 0.9',
      'runners.py#typed -> callers.py#work 0.9',
      'runners.py#wraps_it.wrapper -> callers.py#decorated 0.9',
    ]);
    // keep stores cb, nested's inner calls its own cb, rebinds calls what it rebound, Pool.create got a class,
    // run(shadowed) passes a parameter: none of those reach work by its name.
    assert.equal(graph.calls.hasEdge('runners.py#nested.inner', 'callers.py#work'), false);
    assert.equal(graph.calls.hasEdge('runners.py#rebinds', 'callers.py#work'), false);
    assert.equal(graph.calls.hasEdge('runners.py#typed_rebinds', 'callers.py#work'), false);
    // loads passes its parameter (whatever the caller gave), not what wraps_it returns: bindings are unordered.
    assert.equal(graph.calls.hasEdge('runners.py#run', 'runners.py#wraps_it.wrapper'), false);
    assert.equal(graph.calls.hasEdge('runners.py#wraps_it.wrapper', 'runners.py#wraps_it.wrapper'), false);
    assert.equal(graph.calls.hasEdge('runners.py#keep', 'callers.py#work'), false);
  });

  it('rebuilds when the callee stops calling its parameter (the edge lives in another file)', async () => {
    const files = await records({ 'runners.py': RUNNERS, 'callers.py': CALLERS });
    const graph = new CodeGraph(files, EMPTY_PROJECT);
    const edited = await extractFile('python', RUNNERS.replace('    return cb(*args)', '    return args'));
    assert.equal(graph.updateFile('runners.py', edited), false);
    files.set('runners.py', edited);
    const rebuilt = valueEdges(new CodeGraph(files, EMPTY_PROJECT));
    assert.ok(!rebuilt.some((e) => e.startsWith('runners.py#run ->')), rebuilt.join('\n'));
    assert.ok(rebuilt.includes('runners.py#later.fire -> callers.py#work 0.9'));
  });
});

describe('value flow: in-place updates around passed functions', () => {
  it('re-links the passing file in place while the callee does not call what it is given; an edit to the callee rebuilds', async () => {
    const files = await records({ 'runners.py': RUNNERS, 'callers.py': 'from runners import keep\n\ndef work():\n    return 1\n\ndef main():\n    keep(work)\n' });
    const graph = new CodeGraph(files, EMPTY_PROJECT);
    assert.deepEqual(valueEdges(graph), []);
    const reordered = await extractFile('python', 'from runners import keep\n\ndef work():\n    return 1\n\ndef main():\n    x = 1\n    keep(work)\n');
    assert.equal(graph.updateFile('callers.py', reordered), true);
    // runners.py may start calling the parameter: its edits rebuild, and then the edge appears.
    const calling = await extractFile('python', RUNNERS.replace('    HOOKS.append(cb)', '    HOOKS.append(cb)\n    cb()'));
    assert.equal(graph.updateFile('runners.py', calling), false);
    files.set('callers.py', reordered);
    files.set('runners.py', calling);
    assert.deepEqual(valueEdges(new CodeGraph(files, EMPTY_PROJECT)), ['runners.py#keep -> callers.py#work 0.9']);
  });
});

describe('pythonParameters', () => {
  it('reads positional and keyword parameters, past annotations, defaults, `/` and `*`', () => {
    assert.deepEqual(pythonParameters('def run(self, cb: Callable[[int, str], None], /, n: int = f(1, 2), *args, key=None, **kw)', 'run'), {
      positional: ['self', 'cb', 'n'],
      keywords: ['n', 'key'],
      annotated: ['cb', 'n'],
    });
    assert.deepEqual(pythonParameters('async def go(*, on_done)', 'go'), { positional: [], keywords: ['on_done'], annotated: [] });
  });
});
