import * as assert from 'node:assert/strict';
import { RecordError, validateStoredHead } from '../../src/engine/record-validation';

/** A stored head as the store reads it back from JSON: two symbols, the second inside the first. */
function head(): { hash: string; size: number; mtimeMs: number; record: Record<string, unknown> & { symbols: Record<string, unknown>[] } } {
  return {
    hash: 'a'.repeat(40),
    size: 10,
    mtimeMs: 1,
    record: {
      lang: 'typescript',
      hasErrors: false,
      lines: 20,
      symbols: [
        { name: 'A', qualifiedName: 'A', kind: 'class', lineStart: 1, lineEnd: 10, character: 14, signature: 'class A', heritage: ['B'], startIndex: 0, endIndex: 100 },
        { name: 'm', qualifiedName: 'A.m', kind: 'method', lineStart: 2, lineEnd: 4, character: 3, signature: 'm()', doc: 'Does m.', parent: 0, startIndex: 10, endIndex: 40 },
      ],
    },
  };
}

describe('validateStoredHead: every field of a stored symbol is checked, and the first problem named', () => {
  it('accepts a well-formed head', () => {
    assert.doesNotThrow(() => validateStoredHead('src/a.ts', head()));
  });

  const cases: [string, (s: Record<string, unknown>) => void, string][] = [
    ['a symbol that is not an object', () => undefined, 'src/a.ts symbols[1]: is not an object'],
    ['a name that is not a string', (s) => (s.name = 3), 'src/a.ts symbols[1]: name is not a string of at most 16777216 characters'],
    ['no qualified name', (s) => delete s.qualifiedName, 'src/a.ts symbols[1]: qualifiedName is not a string of at most 16777216 characters'],
    ['an unknown kind', (s) => (s.kind = 'gadget'), 'src/a.ts symbols[1]: kind is not a symbol kind'],
    ['a line 0', (s) => (s.lineStart = 0), 'src/a.ts symbols[1]: lineStart is not an integer in 1..21'],
    ['an end before the start', (s) => (s.lineEnd = 1), 'src/a.ts symbols[1]: lineEnd is not an integer in 2..21'],
    ['a fractional character', (s) => (s.character = 1.5), 'src/a.ts symbols[1]: character is not an integer in 1..16777216'],
    ['no signature', (s) => delete s.signature, 'src/a.ts symbols[1]: signature is not a string of at most 16777216 characters'],
    ['a doc that is not a string', (s) => (s.doc = null), 'src/a.ts symbols[1]: doc is not a string of at most 16777216 characters'],
    ['a parent past the list', (s) => (s.parent = 2), 'src/a.ts symbols[1]: parent is not an integer in 0..1'],
    ['heritage that is not an array', (s) => (s.heritage = 'B'), 'src/a.ts symbols[1]: heritage is not an array'],
    ['a heritage entry that is not a string', (s) => (s.heritage = ['B', 7]), 'src/a.ts symbols[1]: heritage[1] is not a string of at most 16777216 characters'],
    ['a trait that is not a string', (s) => (s.trait = 1), 'src/a.ts symbols[1]: trait is not a string of at most 16777216 characters'],
    ['returns that is not a string', (s) => (s.returns = {}), 'src/a.ts symbols[1]: returns is not a string of at most 16777216 characters'],
    ['a negative start index', (s) => (s.startIndex = -1), 'src/a.ts symbols[1]: startIndex is not an integer in 0..9007199254740991'],
    ['an end index before the start', (s) => (s.endIndex = 5), 'src/a.ts symbols[1]: endIndex is not an integer in 10..9007199254740991'],
    ['a symbol its own ancestor', (s) => (s.parent = 1), 'src/a.ts symbols[1]: parent links form a cycle'],
  ];
  for (const [what, spoil, message] of cases) {
    it(`refuses ${what}`, () => {
      const value = head();
      if (what === 'a symbol that is not an object') (value.record.symbols as unknown[])[1] = 'm';
      else spoil(value.record.symbols[1]);
      assert.throws(() => validateStoredHead('src/a.ts', value), (e: unknown) => e instanceof RecordError && e.message === message);
    });
  }
});
