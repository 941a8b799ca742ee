import * as assert from 'node:assert/strict';
import { extractFile, extractKeepingTree } from '../../src/index/extract';

const summary = (r: Awaited<ReturnType<typeof extractFile>>) => r.symbols.map((s) => `${s.kind} ${s.qualifiedName} ${s.lineStart}-${s.lineEnd}`);

describe('extraction with tree-sitter tags queries', () => {
  it('TypeScript: classes, methods, fields, interfaces, types, enums, namespaces, constants, docs, signatures', async () => {
    const r = await extractFile('typescript', [
      '/** Adds things. */',
      'export class Adder extends Base implements Shape {',
      '  count = 0;',
      '  add(a: number, b: number): number { return this.plus(a, b); }',
      '}',
      'interface Shape { area(): number }',
      'type Id = string;',
      'enum Color { Red }',
      'namespace Space { export function inner() {} }',
      'export const LIMIT = 10;',
      'export const double = (x: number) => x * 2;',
    ].join('\n'));
    assert.deepEqual(summary(r), [
      'class Adder 2-5', 'field Adder.count 3-3', 'method Adder.add 4-4', 'interface Shape 6-6', 'method Shape.area 6-6',
      'type Id 7-7', 'enum Color 8-8', 'module Space 9-9', 'function Space.inner 9-9', 'constant LIMIT 10-10', 'function double 11-11',
    ]);
    const adder = r.symbols[0];
    assert.equal(adder.doc, 'Adds things.');
    assert.deepEqual(adder.heritage, ['Base', 'Shape']);
    assert.equal(r.symbols[2].signature, 'add(a: number, b: number): number');
    assert.deepEqual(r.calls.map((c) => [c.name, c.receiver, c.enclosing !== undefined ? r.symbols[c.enclosing].qualifiedName : undefined]), [['plus', 'this', 'Adder.add']]);
  });

  it('TypeScript: a type alias names its union and intersection parts as bases; annotated constants and arrows record what their calls return', async () => {
    const r = await extractFile('typescript', [
      'export type Level = All | ns.Fatal<X> | (A & B) | "none" | { x: 1 };',
      'export const sleep: (d: Duration) => Effect<void> = internal.sleep;',
      'export const set: {',
      '  /** data-last */',
      '  <A>(value: A): (self: Ref<A>) => Effect.Effect<void>',
      '  /** data-first */',
      '  <A>(self: Ref<A>, value: A): Effect.Effect<void>',
      '} = internal.set;',
      'export const get = dual<',
      '  <A>(key: K) => (self: Ref<A>) => Option<A>,',
      '  <A>(self: Ref<A>, key: K) => Option<A>',
      '>(2, (self, key) => self.get(key));',
      'export const two: { (a: A): Foo; (a: A, b: B): Bar } = x;',
      'export const curried: { (a: A): (b: B) => Foo } = x;',
      'export const either: { (a: A): Foo | Bar } = x;',
      'export const isFoo: (u: unknown) => u is Foo = x;',
      'export const load = async (id: string): Promise<Row> => fetch(id);',
      'export const make = (o: { readonly a: number }): ns.Provider => ({ ...o });',
      'export const Err: new <A>(args: A) => Cause.YieldableError & Readonly<A> = base;',
      'export const Tagged = <T>(tag: T): new <A>(args: A) => Cause.YieldableError & { readonly _tag: T } & Readonly<A> => base;',
      'export const Both: new () => Foo & Bar = base;',
      'export const Plain: Foo & Bar = base;',
    ].join('\n'));
    const by = Object.fromEntries(r.symbols.map((s) => [s.name, s]));
    assert.deepEqual(by.Level.heritage, ['All', 'ns.Fatal', 'A', 'B']);
    assert.deepEqual(
      ['sleep', 'set', 'get', 'two', 'curried', 'either', 'isFoo', 'load', 'make'].map((n) => by[n].returns),
      ['Effect', 'Effect.Effect', 'Option', undefined, undefined, undefined, undefined, 'Row', 'ns.Provider'],
    );
    // A constructor type (or a function returning one) returns its instance's one named type, `Readonly<A>` aside.
    assert.deepEqual(['Err', 'Tagged', 'Both', 'Plain'].map((n) => by[n].returns), ['Cause.YieldableError', 'Cause.YieldableError', undefined, undefined]);
  });

  it('TypeScript imports and re-exports: named, aliased, namespace, default, side-effect, export-from', async () => {
    const r = await extractFile('typescript', [
      "import { a, b as c } from './m';",
      "import * as ns from './n';",
      "import Def from './d';",
      "import './side';",
      "export { x as y } from './x';",
      "export * from './all';",
    ].join('\n'));
    assert.deepEqual(r.imports.map(({ line: _l, ...i }) => i), [
      { source: './m', name: 'a', local: 'a' },
      { source: './m', name: 'b', local: 'c' },
      { source: './n', local: 'ns', namespace: true },
      { source: './d', name: 'default', local: 'Def' },
      { source: './side' },
      { source: './x', name: 'x', local: 'y', reexport: true },
      { source: './all', name: '*', reexport: true },
    ]);
  });

  it('Python: classes, methods, docstrings, decorators, self calls, imports', async () => {
    const r = await extractFile('python', [
      'from .m import f as g',
      'import os.path',
      '@dataclass',
      'class Job(Base):',
      '    """A job."""',
      '    def run(self):',
      '        return self.step() + g()',
    ].join('\n'));
    assert.deepEqual(summary(r), ['class Job 4-7', 'method Job.run 6-7']);
    assert.equal(r.symbols[0].doc, 'A job.');
    assert.deepEqual(r.symbols[0].heritage, ['Base']);
    // Applying a decorator calls it: `@dataclass` is a call made where the class is defined (module level).
    assert.deepEqual(r.calls.map((c) => [c.name, c.receiver, c.decorator, c.enclosing]), [['dataclass', undefined, true, undefined], ['step', 'self', undefined, 1], ['g', undefined, undefined, 1]]);
    assert.deepEqual(r.imports.map(({ line: _l, ...i }) => i), [{ source: '.m', name: 'f', local: 'g' }, { source: 'os.path', local: 'os.path', namespace: true }]);
  });

  it('Go: package, methods named by receiver type, structs, interfaces, imports with aliases', async () => {
    const r = await extractFile('go', [
      'package shop',
      'import u "example.com/x/util"',
      '// Cart holds items.',
      'type Cart struct { items []string }',
      'type Saver interface { Save() error }',
      'func (c *Cart) Add(i string) { c.items = append(c.items, i); u.Log(i) }',
    ].join('\n'));
    assert.equal(r.packageName, 'shop');
    assert.deepEqual(summary(r), ['struct Cart 4-4', 'field Cart.items 4-4', 'interface Saver 5-5', 'method Saver.Save 5-5', 'method Cart.Add 6-6']);
    assert.equal(r.symbols[0].doc, 'Cart holds items.');
    assert.deepEqual(r.imports.map(({ line: _l, ...i }) => i), [{ source: 'example.com/x/util', local: 'u', namespace: true }]);
    assert.deepEqual(r.calls.map((c) => [c.name, c.receiver]), [['append', undefined], ['Log', 'u']]);
  });

  it('Rust: impl blocks name their type, traits, use trees flattened, doc comments', async () => {
    const r = await extractFile('rust', [
      'use crate::a::{self, b as c, d::*};',
      '/// A point.',
      'pub struct P;',
      'trait T { fn t(&self); }',
      'impl T for P { fn t(&self) { Self::u(); } }',
    ].join('\n'));
    assert.deepEqual(summary(r), ['struct P 3-3', 'trait T 4-4', 'method T.t 4-4', 'method P.t 5-5']);
    assert.equal(r.symbols[0].doc, 'A point.');
    assert.deepEqual(r.symbols[0].heritage, ['T']);
    assert.deepEqual(r.imports.map(({ line: _l, ...i }) => i), [
      { source: 'crate::a', local: 'a', namespace: true },
      { source: 'crate::a', name: 'b', local: 'c' },
      { source: 'crate::a::d', name: '*' },
    ]);
  });

  it('makes overloads one symbol: TS overload signatures and a Python property\'s getter and setter', async () => {
    const ts = await extractFile('typescript', [
      '/** Maps values. */',
      'export function map(x: string): string;',
      'export function map(x: number): number;',
      'export function map(x: any): any {',
      '  return helper(x);',
      '}',
      'class K {',
      '  get(a: string): void;',
      '  get(a: number): void;',
      '  get(a: any): void { this.other(a); }',
      '  other(a: any) {}',
      '}',
    ].join('\n'));
    assert.deepEqual(summary(ts), ['function map 2-6', 'class K 7-12', 'method K.get 8-10', 'method K.other 11-11']);
    assert.equal(ts.symbols[0].doc, 'Maps values.');
    assert.deepEqual(ts.calls.map((c) => [c.name, ts.symbols[c.enclosing!].qualifiedName]), [['helper', 'map'], ['other', 'K.get']]);
    // Functions held by variables are never overloads, even side by side under one name (a parse error can do that).
    const consts = await extractFile('typescript', ['function a() {', '  const f = () => 1;', '}', 'function b() {', '  const f = () => 2;', '}'].join('\n'));
    assert.deepEqual(summary(consts), ['function a 1-3', 'function a.f 2-2', 'function b 4-6', 'function b.f 5-5']);
    const flattened = await extractFile('typescript', ['const f = () => 1;', 'const f = (x: number): number => 2;'].join('\n'));
    assert.deepEqual(summary(flattened), ['function f 1-1', 'function f 2-2']);
    const py = await extractFile('python', ['class A:', '    @property', '    def x(self):', '        return 1', '    @x.setter', '    def x(self, v):', '        self.y = v'].join('\n'));
    assert.deepEqual(summary(py), ['class A 1-7', 'method A.x 3-7']);
  });

  it('TypeScript the grammar misreads (line-separated call signatures, variance) is parsed again repaired, positions kept', async () => {
    const text = [
      'export interface Box<in out A, out R> { readonly a: A }',
      'export const Class: {',
      '  (): Ctor',
      '  /** generic */',
      '  <T extends Ctor>(klass: T): T & Ctor',
      '} = (klass?: Ctor) =>',
      '  klass ? class extends klass {',
      '    pipe() { return pipeArguments(this) }',
      '  } : Base',
      'export class Text extends makeClass<string>(ast) {}',
      'export function use() {',
      '  return hold().pipe(x)',
      '}',
    ].join('\n');
    // Read as written, everything from `<T extends Ctor>` on is one error region: no call, no symbol after it.
    const r = await extractFile('typescript', text);
    assert.deepEqual(r.calls.map((c) => [c.name, c.receiver, c.line, c.character]), [
      ['pipeArguments', undefined, 8, 21], ['makeClass', undefined, 10, 27], ['hold', undefined, 12, 10], ['pipe', 'hold()', 12, 17],
    ]);
    assert.deepEqual(summary(r).filter((s) => !s.startsWith('field')), ['interface Box 1-1', 'function Class 2-9', 'function Class.pipe 8-8', 'class Text 10-10', 'function use 11-13']);
    assert.deepEqual(r.symbols.find((s) => s.name === 'Text')?.heritage, ['makeClass()']);
    // Signatures are the file's own text, not the repair's (no `;` before the second call signature, `in out` kept).
    assert.match(r.symbols.find((s) => s.name === 'Box')!.signature!, /^interface Box<in out A, out R>/);
    assert.doesNotMatch(r.symbols.find((s) => s.name === 'Class')!.signature!, /;/);
    // A file the grammar reads as it is keeps its own text: `f⏎  (x)` stays one call.
    const plain = await extractFile('typescript', 'const y = f\n  (x)\n');
    assert.deepEqual(plain.calls.map((c) => c.name), ['f']);
  });

  it('parses a repaired TypeScript text first and keeps it only when its rewrites are a member separator and blanks in type parameters', async () => {
    const broken = 'export interface Box<in out A> {\n  (a: A): A\n  <B>(b: B): B\n}\nexport const k = make()\n';
    const kept = await extractKeepingTree('typescript', broken);
    assert.equal(kept.parsed, broken.replace('in out', '      ').replace('\n  <B>', '\n ;<B>'));
    assert.equal(kept.tree.rootNode.hasError, false);
    assert.equal(kept.fileWide, true);
    kept.tree.delete();
    // `in` in a string and a call written across lines look like a repair to the patterns, but the grammar reads
    // both: their rewrites land in a string and between statements, so the file's own text is parsed and kept.
    for (const valid of ['const s = f("a, in b, c")\n', 'const y = f\n  (x)\n']) {
      const own = await extractKeepingTree('typescript', valid);
      assert.equal(own.parsed, valid);
      assert.equal(own.fileWide, false);
      own.tree.delete();
    }
    // A file with errors of its own keeps the repaired tree whatever the rewrites became, as before.
    const both = 'const y = f\n  (x)\nexport interface Box<in out A> { a: A }\n';
    const repaired = await extractKeepingTree('typescript', both);
    assert.equal(repaired.parsed, both.replace('f\n  (x)', 'f\n ;(x)').replace('in out', '      '));
    assert.deepEqual(repaired.record.calls.map((c) => c.name), []);
    repaired.tree.delete();
  });

  it('reports positions as 1-based code points, also after non-ASCII text', async () => {
    const r = await extractFile('typescript', 'const s = "é😀"; function f() {}\n');
    const f = r.symbols.find((s) => s.name === 'f')!;
    // 25 code points precede `f` (the emoji is one code point but two UTF-16 units).
    assert.equal(f.character, 26);
  });
});
