import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeGraph } from '../../src/graph/code-graph';
import { EMPTY_PROJECT } from '../../src/graph/modules';
import { parameterNames } from '../../src/graph/values';
import { extractFile } from '../../src/index/extract';
import { languageForPath } from '../../src/index/languages';
import type { FileRecord } from '../../src/index/records';
import { FIXTURES } from './helpers';

/** JavaScript functions that are not declarations, and calls through function values (issue 11). */

const JS_FIXTURE = path.join(FIXTURES, 'quality', 'javascript');

async function graphOf(files: Record<string, string>): Promise<CodeGraph> {
  const records = new Map<string, FileRecord>();
  for (const [name, text] of Object.entries(files)) records.set(name, await extractFile(languageForPath(name)!.id, text));
  return new CodeGraph(records, EMPTY_PROJECT);
}

/** `from -> to resolution confidence` for every edge (module-level callers as `<file>#<module>`). */
function edges(g: CodeGraph): string[] {
  const out: string[] = [];
  g.calls.forEachEdge((_e, a, s, t) => out.push(`${s} -> ${t} ${a.resolution} ${a.confidence}`));
  for (const [t, sites] of g.moduleCallers) for (const s of sites) out.push(`${s.file}#<module> -> ${t} ${s.resolution} ${s.confidence}`);
  return out.sort();
}

describe('JavaScript functions that are not declarations', () => {
  it('gives each form a symbol with a natural id, kind and name position', async () => {
    const text = [
      'const api = { start() { return 1; }, stop: function () {}, go: () => 0 };', // 1
      'function Counter() {}', // 2
      'Counter.prototype.incr = function (by) {};', // 3
      'Counter.prototype = { reset() {}, log: function () {} };', // 4
      'Counter.create = function () {};', // 5
      'module.exports = { make: function () {}, build() {} };', // 6
      'module.exports.close = () => 0;', // 7
      'exports.open = function () {};', // 8
      'class A { handle = () => 0; }', // 9
      'function outer() { var svc = { run() {} }; return svc; }', // 10
      'export default { save() {} };', // 11
    ].join('\n');
    const r = await extractFile('javascript', text);
    const got = r.symbols.map((s) => `${s.qualifiedName} ${s.kind} ${s.lineStart}:${s.character}`);
    assert.deepEqual(got, [
      'api constant 1:7',
      'api.start method 1:15',
      'api.stop method 1:38',
      'api.go method 1:60',
      'Counter class 2:10',
      'Counter.incr method 3:19',
      'Counter.reset method 4:23',
      'Counter.log method 4:35',
      'Counter.create method 5:9',
      'make function 6:20',
      'build function 6:42',
      'close function 7:16',
      'open function 8:9',
      'A class 9:7',
      'A.handle method 9:11',
      'outer function 10:10',
      'outer.svc constant 10:24',
      'outer.svc.run method 10:32',
      'default constant 11:8',
      'default.save method 11:18',
    ]);
  });

  it('does not make a constant of `const m = require(…)` (it is an import)', async () => {
    const r = await extractFile('javascript', "const store = require('./store');\nstore.open();\n");
    assert.deepEqual(r.symbols, []);
    assert.deepEqual(r.imports.map((i) => `${i.local} ${i.namespace}`), ['store true']);
  });

  it('makes no symbol of member assignments that define nothing: globals, deeper paths, data, computed keys', async () => {
    const text = [
      'window.onload = function () {};',
      'self.onmessage = () => 0;',
      'a.b.c = function () {};',
      'cfg.options = { retries: 3, name: "x" };',
      'X.prototype = { ["k"]: function () {}, n: 1 };',
      'module.exports = { data: 1 };',
      'exports.gen = function* () {};',
      'obj.p = function () {};',
    ].join('\n');
    const r = await extractFile('javascript', text);
    assert.deepEqual(r.symbols.map((s) => `${s.qualifiedName} ${s.kind} ${s.lineStart}`), ['obj.p method 8']);
  });

  it('gives TypeScript object literals and class-field arrows the same names', async () => {
    const r = await extractFile('typescript', 'export const api = { start(n: number): void {}, stop: (): void => {} };\nclass W { onClick = (e: Event): void => {}; }\n');
    assert.deepEqual(r.symbols.map((s) => `${s.qualifiedName} ${s.kind}`), ['api constant', 'api.start method', 'api.stop method', 'W class', 'W.onClick method']);
  });

  it('reads parameter names from JS and TS signatures', () => {
    assert.deepEqual(parameterNames('function run(cb, { a, b }, ...rest)', 'run'), ['cb', '', 'rest']);
    assert.deepEqual(parameterNames('exports.each = function (items, fn)', 'each'), ['items', 'fn']);
    assert.deepEqual(parameterNames('run = cb =>', 'run'), ['cb']);
    assert.deepEqual(parameterNames('run = (f: (x: number) => void, n = 2) =>', 'run'), ['f', 'n']);
    assert.deepEqual(parameterNames('constructor(private readonly repo: Repo)', 'constructor'), ['repo']);
    assert.deepEqual(parameterNames('start()', 'start'), []);
  });
});

describe('calls through JavaScript function values', () => {
  it('links this.m() in object-literal and prototype methods to the sibling member', async () => {
    const g = await graphOf({
      'a.js': 'const api = { start() { this.stop(); }, stop() {} };\nfunction C() {}\nC.prototype.a = function () { this.b(); };\nC.prototype.b = function () {};\n',
    });
    assert.deepEqual(edges(g), ['a.js#C.a -> a.js#C.b member 1', 'a.js#api.start -> a.js#api.stop member 1']);
  });

  it('follows aliases, bound methods, returned functions and object properties (resolution value)', async () => {
    const g = await graphOf({
      'a.js': [
        'function f() {}',
        'function make() { return f; }',
        'const api = { m() {} };',
        'const table = { x: f };',
        'function main() {',
        '  const a = f; a();',
        '  const b = api.m.bind(api); b();',
        '  const g = make(); g();',
        '  table.x();',
        '}',
      ].join('\n'),
    });
    assert.deepEqual(edges(g), ['a.js#main -> a.js#api.m value 0.9', 'a.js#main -> a.js#f value 0.9', 'a.js#main -> a.js#make scope 1']);
  });

  it('links a function passed to a workspace function at the call of its parameter, and one passed to a builtin below the floor', async () => {
    const g = await graphOf({
      'lib.js': 'exports.each = function (xs, fn) { for (const x of xs) fn(x); };\n',
      'main.js': "const { each } = require('./lib');\nfunction report() {}\nfunction main() { each([1], report); [1].map(report); }\n",
    });
    assert.deepEqual(edges(g), ['lib.js#each -> main.js#report value 0.9', 'main.js#main -> lib.js#each import 1', 'main.js#main -> main.js#report value 0.45']);
  });

  it('does not link a parameter or a local to the module function it shadows', async () => {
    const g = await graphOf({
      'a.js': 'function a() {}\nfunction formatDate() {}\nfunction f(a) { a(); }\nfunction g(calendar) { var formatDate = calendar.formatDate; formatDate(); }\nfunction h() { a(); }\n',
    });
    assert.deepEqual(edges(g), ['a.js#h -> a.js#a scope 1']);
  });

  it('treats require() of a module.exports function or class as that function or class', async () => {
    const g = await graphOf({
      'c.js': 'function Counter() {}\nCounter.prototype.incr = function () {};\nCounter.create = function () {};\nmodule.exports = Counter;\n',
      'm.js': "const Counter = require('./c');\nfunction main() { const c = new Counter(); c.incr(); Counter.create(); }\n",
    });
    assert.deepEqual(edges(g), ['m.js#main -> c.js#Counter import 1', 'm.js#main -> c.js#Counter.create member 1', 'm.js#main -> c.js#Counter.incr member 0.95']);
  });
});

describe('incremental re-linking with function values', () => {
  it('re-links a body edit in place, except in files whose function values reach into another file', async () => {
    const records = new Map<string, FileRecord>();
    const texts = new Map<string, string>();
    const walk = async (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const abs = path.join(dir, e.name);
        if (e.isDirectory()) await walk(abs);
        else if (e.name.endsWith('.js')) {
          const rel = path.relative(JS_FIXTURE, abs).split(path.sep).join('/');
          texts.set(rel, fs.readFileSync(abs, 'utf8'));
          records.set(rel, await extractFile('javascript', texts.get(rel)!));
        }
      }
    };
    await walk(JS_FIXTURE);
    const inPlace: string[] = [];
    for (const [rel, text] of texts) {
      const graph = new CodeGraph(records, EMPTY_PROJECT);
      const edited = await extractFile('javascript', `// edited\n${text}`);
      if (!graph.updateFile(rel, edited)) continue;
      inPlace.push(rel);
      const rebuilt = new CodeGraph(new Map([...records, [rel, edited]]), EMPTY_PROJECT);
      assert.deepEqual(edges(graph), edges(rebuilt), rel);
    }
    // main.js passes report to tasks.js's each, which calls it: that edge starts in tasks.js.
    assert.deepEqual(inPlace.sort(), ['esm/handlers.js', 'esm/router.js', 'lib/api.js', 'lib/counter.js', 'lib/shapes.js', 'lib/store.js']);
  });

  it('rebuilds when what a function returns changes (callers elsewhere follow it)', async () => {
    const lib = 'function a() {}\nfunction b() {}\nexports.make = function () { return a; };\n';
    const records = new Map<string, FileRecord>([
      ['lib.js', await extractFile('javascript', lib)],
      ['main.js', await extractFile('javascript', "const { make } = require('./lib');\nfunction main() { const g = make(); g(); }\n")],
    ]);
    const graph = new CodeGraph(records, EMPTY_PROJECT);
    assert.ok(edges(graph).includes('main.js#main -> lib.js#a value 0.9'));
    assert.equal(graph.updateFile('lib.js', await extractFile('javascript', lib.replace('return a', 'return b'))), false);
  });
});
