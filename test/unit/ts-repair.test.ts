import * as assert from 'node:assert/strict';
import { extractFile } from '../../src/index/extract';
import { repairTypeScript } from '../../src/index/ts-repair';

describe('repairTypeScript', () => {
  it('puts ; before a call signature on its own line, and an edit at each changed character with its row and column', () => {
    const text = 'declare const f: {\n  (a: A): B\n  <C>(c: C): C\n}\n';
    const repair = repairTypeScript(text)!;
    assert.equal(repair.text, 'declare const f: {\n  (a: A): B\n ;<C>(c: C): C\n}\n');
    assert.deepEqual(
      repair.edits().map((e) => [e.startIndex, e.startPosition.row, e.startPosition.column]),
      [[32, 2, 1]],
    );
  });

  it('reads a gap of comments before the signature line, a JSDoc block included', () => {
    const text = 'type F = {\n  (a: A): B\n  /**\n   * doc\n   */\n  // note\n  (c: C): C\n}\n';
    assert.equal(repairTypeScript(text)!.text, text.replace('\n  (c', '\n ;(c'));
  });

  it('puts ; before every signature line some gap reaches: after a block comment, and inside it (its text only)', () => {
    // `out` then a gap through the block comment reaches `(a`; `x` then a line break reaches `<B>` inside the comment.
    const text = '\n  (;extends out /*\n  (x\n  <B>(b)*(}*/\n  (a //=>b1\n/**\r\n</\n,';
    assert.equal(repairTypeScript(text)!.text, '\n  (;extends out /*\n  (x\n ;<B>(b)*(}*/\n ;(a //=>b1\n/**\r\n</\n,');
  });

  it('reads a gap of `//` comments that may open a block comment and `=>` as no end of a type', () => {
    // The `/*` inside the line comment can open a block comment (as the pattern this replaced read it), which `*/` closes.
    assert.equal(repairTypeScript('a // x /*\n*/\n  (b)')!.text, 'a // x /*\n*/\n ;(b)');
    assert.equal(repairTypeScript('f: () =>\n  (b)'), undefined);
    assert.equal(repairTypeScript('f: A<B> // c\n\n  // d\n\t(b)')!.text, 'f: A<B> // c\n\n  // d\n;(b)');
  });

  it('is linear on a line of many `//` followed by code after a comment that holds a signature line (a regex split it every way)', () => {
    // ~330 kB: overloads (the second signature of each is repaired), a block comment holding a signature line (the
    // regex this replaced then scanned the whole file) and a line of 40 `// b` the gap cannot end after, which the
    // regex split at every `//` (2^40 ways; 20 of them took a minute).
    const overloads = 'export declare const f: {\n  <A>(a: A): A\n  <A, B>(a: A, b: B): B\n}\n'.repeat(4000);
    const text = `${overloads}type F = {\n  (a: A): B\n  /* a\n  (x: X): Y */\n  (c: C): D\n}\nconst a = 1${' // b'.repeat(40)}\n;\n`;
    const expected = text.replace(/A\n  <A, B>/g, 'A\n ;<A, B>').replace('a\n  (x', 'a\n ;(x').replace('*/\n  (c', '*/\n ;(c');
    const repair = repairTypeScript(text)!;
    assert.equal(repair.text, expected);
    assert.equal(repair.edits().length, 4002);
  });

  it('lets extractFile read such a file: its record holds the declarations and the call after the long line', async () => {
    const overloads = 'export declare const f: {\n  <A>(a: A): A\n  <A, B>(a: A, b: B): B\n}\n'.repeat(4000);
    const text = `${overloads}type F = {\n  (a: A): B\n  /* a\n  (x: X): Y */\n  (c: C): D\n}\nconst a = g(1)${' // b'.repeat(40)}\n;\n`;
    const record = await extractFile('typescript', text);
    assert.deepEqual(record.symbols.map((s) => `${s.kind} ${s.qualifiedName} ${s.lineStart}`), ['type F 16001', 'constant a 16007']);
    assert.deepEqual(record.calls.map((c) => [c.name, c.line]), [['g', 16007]]);
  });

  it('blanks variance modifiers and leaves a text with nothing to repair alone', () => {
    assert.equal(repairTypeScript('interface S<in out A, out R> {}')!.text, 'interface S<       A,     R> {}');
    assert.equal(repairTypeScript('const x = f(a)\nfoo()\n'), undefined);
  });

  it('keeps a line break among variance modifiers, so every line keeps its length and row', () => {
    const repair = repairTypeScript('interface S<in\n  out A> {}')!;
    assert.equal(repair.text, 'interface S<  \n      A> {}');
    assert.deepEqual(repair.edits().map((e) => [e.startPosition.row, e.startPosition.column]), [[0, 12], [0, 13], [1, 2], [1, 3], [1, 4]]);
  });
});
