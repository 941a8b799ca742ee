import * as assert from 'node:assert/strict';
import { CodeGraph } from '../../src/graph/code-graph';
import { EMPTY_PROJECT } from '../../src/graph/modules';
import { symbolIds } from '../../src/graph/symbol-id';
import { SymbolTable } from '../../src/graph/symbol-table';
import { extractFile } from '../../src/index/extract';
import type { FileRecord, SymbolRecord } from '../../src/index/records';

describe('SymbolTable: lookups by id and by name', () => {
  let table: SymbolTable;
  before(async () => {
    const files = new Map<string, FileRecord>([
      ['lib/a.ts', await extractFile('typescript', 'export class A {\n  #secret() { return 1; }\n  run() { return this.#secret(); }\n}\nexport function f(x: string): void;\nexport function f(x: any) {}\n')],
      ['C#/b.ts', await extractFile('typescript', 'export function run() {}\nexport class B { #secret() {} }\n')],
      ['C#/b.ts#x/c.ts', await extractFile('typescript', 'export function run() {}\n')],
    ]);
    table = new SymbolTable(files);
  });

  it('finds every symbol by its id, whatever `#` its path or qualified name holds', () => {
    assert.ok(table.all.length >= 7);
    for (const sym of table.all) assert.equal(table.byId.get(sym.id), sym, sym.id);
    assert.equal(table.byId.get('lib/a.ts#A.#secret')?.qualifiedName, 'A.#secret');
    assert.equal(table.byId.get('C#/b.ts#B.#secret')?.file, 'C#/b.ts');
    assert.equal(table.byId.get('C#/b.ts#x/c.ts#run')?.file, 'C#/b.ts#x/c.ts');
    assert.equal(table.byId.get('C#/b.ts#run')?.file, 'C#/b.ts');
  });

  it('answers undefined for ids of no symbol', () => {
    for (const id of ['lib/a.ts#missing', 'nowhere.ts#A', 'lib/a.ts', '#A', 'lib/a.ts#', 'C#/b.ts#x', 'lib/a.ts#A.#secret~2']) {
      assert.equal(table.byId.get(id), undefined, id);
      assert.equal(table.byId.has(id), false, id);
    }
  });

  it('lists symbols by name in declaration order, files sorted', () => {
    assert.deepEqual(table.byName.get('run')?.map((s) => s.id), ['C#/b.ts#run', 'C#/b.ts#x/c.ts#run', 'lib/a.ts#A.run']);
  });
});

describe('SymbolTable.build and CodeGraph.build: the same tables, built in slices', () => {
  it('yields while building a large table and its lookups, and builds what the constructor builds', async () => {
    // 60 files of 100 classes with a method each, 12,000 symbols: several slices of the build. The classes of one
    // file override Base.run (a concrete method's call dispatches to at most 16 overrides).
    const base = await extractFile('typescript', 'export class Base {\n  run() { return 0; }\n}\nexport function go(b: Base) {\n  return b.run();\n}\n');
    const classes = (prefix: string, heritage: string, count = 100) => Array.from({ length: count }, (_, i) => `export class ${prefix}${i}${heritage} {\n  run() { return ${i}; }\n}\n`).join('');
    const subclasses = await extractFile('typescript', `import { Base } from './base';\n${classes('C', ' extends Base', 10)}${classes('P', '', 90)}`);
    const plain = await extractFile('typescript', classes('P', ''));
    const files = new Map<string, FileRecord>([['src/base.ts', base], ...Array.from({ length: 60 }, (_, i): [string, FileRecord] => [`src/f${String(i).padStart(2, '0')}.ts`, i ? plain : subclasses])]);
    let pauses = 0;
    const sliced = await SymbolTable.build(files, async () => {
      pauses++;
    });
    const whole = new SymbolTable(files);
    assert.ok(pauses >= 5, `paused ${pauses} times`);
    assert.deepEqual(sliced.all.map((s) => s.id), whole.all.map((s) => s.id));
    for (const name of ['run', 'C7', 'P42', 'Base']) assert.deepEqual(sliced.byName.get(name)?.map((s) => s.id), whole.byName.get(name)?.map((s) => s.id), name);
    assert.deepEqual(sliced.membersOf.get('P42')?.map((s) => s.id), whole.membersOf.get('P42')?.map((s) => s.id));
    assert.equal(sliced.membersOf.get('P42')?.length, 60);
    const edges = (g: CodeGraph) => {
      const out: string[] = [];
      g.calls.forEachEdge((_k, d, s, t) => out.push(`${s}>${t}:${d.resolution}`));
      return out.sort();
    };
    const built = await CodeGraph.build(files, EMPTY_PROJECT, 0);
    assert.ok(edges(built).filter((e) => e.endsWith(':dispatch')).length === 10, `dispatch edges to the overrides: ${edges(built).filter((e) => e.endsWith(':dispatch')).length}`);
    assert.deepEqual(edges(built), edges(new CodeGraph(files, EMPTY_PROJECT)));
  });
});

describe('symbolIds: one id per symbol of a file', () => {
  const sym = (qualifiedName: string, trait?: string): SymbolRecord => ({ name: qualifiedName.split('.').pop()!, qualifiedName, kind: 'method', lineStart: 1, lineEnd: 1, character: 1, signature: '', startIndex: 0, endIndex: 0, ...(trait ? { trait } : {}) });

  it('is the plain id when each name is declared once, numbered from the second of a name, and named by trait for a Rust method in several impls', () => {
    assert.deepEqual(symbolIds('a.ts', [sym('A'), sym('A.m'), sym('f')]), ['a.ts#A', 'a.ts#A.m', 'a.ts#f']);
    assert.deepEqual(symbolIds('a.ts', [sym('f'), sym('A'), sym('f'), sym('f')]), ['a.ts#f', 'a.ts#A', 'a.ts#f~2', 'a.ts#f~3']);
    assert.deepEqual(symbolIds('x.rs', [sym('X.fmt', 'Display'), sym('X.fmt', 'Debug'), sym('X.new')]), ['x.rs#X.fmt~Display', 'x.rs#X.fmt~Debug', 'x.rs#X.new']);
    // A trait named once is not in the id: the method is the type's only one of that name.
    assert.deepEqual(symbolIds('y.rs', [sym('Y.fmt', 'Display')]), ['y.rs#Y.fmt']);
  });
});
