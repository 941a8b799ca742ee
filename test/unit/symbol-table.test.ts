import * as assert from 'node:assert/strict';
import { SymbolTable } from '../../src/graph/symbol-table';
import { extractFile } from '../../src/index/extract';
import type { FileRecord } from '../../src/index/records';

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
