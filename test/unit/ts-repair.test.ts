import * as assert from 'node:assert/strict';
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

  it('takes the leftmost match as a global scan does: one starting earlier runs through a block comment past a signature line', () => {
    const text = '\n  (;extends out /*\n  (x\n  <B>(b)*(}*/\n  (a //=>b1\n/**\r\n</\n,';
    assert.equal(repairTypeScript(text)!.text, '\n  (;extends out /*\n  (x\n  <B>(b)*(}*/\n ;(a //=>b1\n/**\r\n</\n,');
  });

  it('blanks variance modifiers and leaves a text with nothing to repair alone', () => {
    assert.equal(repairTypeScript('interface S<in out A, out R> {}')!.text, 'interface S<       A,     R> {}');
    assert.equal(repairTypeScript('const x = f(a)\nfoo()\n'), undefined);
  });
});
