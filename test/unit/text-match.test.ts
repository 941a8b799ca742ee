import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { containsIdentifier, replaceComments, starGlobMatcher } from '../../src/common/text-match';
import { readProjectConfig } from '../../src/engine/project-config';
import { callSignatureResults } from '../../src/index/js-definitions';
import { seededRandom } from './helpers';

const random = seededRandom;

/** The regex the matchers replace: right on small inputs, catastrophic on hostile ones. Only a test oracle. */
function globByRegex(pattern: string, text: string): boolean {
  const source = pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`, 'is').test(text);
}

function identifierByRegex(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}_$])${escaped}(?=[^\\p{L}\\p{N}_$]|$)`, 'u').test(text);
}

describe('text matching without regular expressions', () => {
  describe('starGlobMatcher', () => {
    it('matches like the regex it replaces on 20,000 random patterns and texts', () => {
      const rnd = random(7);
      const alphabet = ['a', 'b', 'A', '*', '.', '/', '(', '+', '?', '\n'];
      const word = (max: number) => Array.from({ length: Math.floor(rnd() * max) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
      for (let i = 0; i < 20_000; i++) {
        const pattern = word(8);
        const text = word(12).replace(/\*/g, 'b');
        assert.equal(starGlobMatcher(pattern)(text), globByRegex(pattern, text), `pattern ${JSON.stringify(pattern)} on ${JSON.stringify(text)}`);
      }
    });

    it('answers at once where the regex backtracks for ever', () => {
      // 20 stars over 200 characters that almost match: the regex form takes longer than any test run.
      assert.equal(starGlobMatcher(`${'*a'.repeat(20)}*Q`)('a'.repeat(200)), false);
      assert.equal(starGlobMatcher(`${'*'.repeat(12)}Q`)('x'.repeat(100_000)), false);
      assert.equal(starGlobMatcher(`${'*'.repeat(12)}Q`)(`${'x'.repeat(100_000)}Q`), true);
    });

    it('is case-insensitive; without a star it is an exact match', () => {
      assert.equal(starGlobMatcher('get*')('GetUser'), true);
      assert.equal(starGlobMatcher('src/*.ts')('src/a/b.ts'), true, 'a star crosses folders, as structural_search documents');
      assert.equal(starGlobMatcher('parse')('Parse'), true);
      assert.equal(starGlobMatcher('parse')('parser'), false);
      assert.equal(starGlobMatcher('(x')('(X'), true);
    });
  });

  describe('containsIdentifier', () => {
    it('matches like a word-boundary regex on 20,000 random texts', () => {
      const rnd = random(11);
      const alphabet = ['a', 'b', '_', '$', ' ', '.', '(', 'é', '1'];
      const word = (min: number, max: number) => Array.from({ length: min + Math.floor(rnd() * max) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
      for (let i = 0; i < 20_000; i++) {
        const name = word(1, 3);
        const text = word(0, 16);
        assert.equal(containsIdentifier(text, name), identifierByRegex(text, name), `${JSON.stringify(name)} in ${JSON.stringify(text)}`);
      }
    });

    it('takes names that are regex syntax as text', () => {
      assert.equal(containsIdentifier("call '(a+)+b' here", "'(a+)+b'"), true);
      assert.equal(containsIdentifier(`'${'a'.repeat(50)}!`, "'(a+)+b'"), false);
      assert.equal(containsIdentifier('open (x now', '(x'), true);
      assert.equal(containsIdentifier('parse(x)', 'parse'), true);
      assert.equal(containsIdentifier('parser(x)', 'parse'), false);
      assert.equal(containsIdentifier('$parse', 'parse'), false);
      assert.equal(containsIdentifier('anything', ''), false);
    });
  });
  describe('replaceComments', () => {
    /** The regexes it replaces (tsconfig's comments around kept strings; a type's comments): only a test oracle. */
    const jsonc = (text: string) => text.replace(/("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_m, str: string | undefined) => str ?? '');
    const comments = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ');

    it('reads like the regexes it replaces on 50,000 random texts of quotes, escapes, slashes and stars', () => {
      const rnd = random(5);
      const alphabet = ['"', '"', '\\', '\\"', '/', '*', '/*', '*/', '//', '\n', '\r', '\u2028', 'a', ' '];
      for (let i = 0; i < 50_000; i++) {
        const text = Array.from({ length: Math.floor(rnd() * 16) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
        assert.equal(replaceComments(text, '', true), jsonc(text), JSON.stringify(text));
        assert.equal(replaceComments(text, ' '), comments(text), JSON.stringify(text));
      }
    });

    it('reads runs of unclosed `/*` and of `\\"` in linear time (the regexes retried each to the end)', () => {
      // 600 kB each, quadratic for the regexes: 38 s for the run of `/* `, minutes for the `\"` one (40 kB of it: 0.9 s).
      const stars = `${'/* '.repeat(200_000)}// c\n`;
      assert.equal(replaceComments(stars, ''), `${'/* '.repeat(200_000)}\n`);
      const quotes = `{"a": 1} // c\n"${'\\"'.repeat(300_000)}`;
      assert.equal(replaceComments(quotes, '', true), `{"a": 1} \n"${'\\"'.repeat(300_000)}`);
    });

    it('lets readProjectConfig and callSignatureResults read such texts', () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-jsonc-'));
      try {
        const paths = '{ "compilerOptions": { "baseUrl": ".", /* c */ "paths": { "@a/*": ["src/a/*"] } } }';
        fs.mkdirSync(path.join(root, 'good'));
        fs.writeFileSync(path.join(root, 'good', 'tsconfig.json'), paths);
        // Neither parses once its comments are out (an unclosed comment or string stays): no paths, and no hang.
        fs.mkdirSync(path.join(root, 'bad'));
        fs.writeFileSync(path.join(root, 'bad', 'tsconfig.json'), `${paths}\n/* ${'/* '.repeat(200_000)}`);
        fs.mkdirSync(path.join(root, 'worse'));
        fs.writeFileSync(path.join(root, 'worse', 'tsconfig.json'), `${paths}\n"${'\\"'.repeat(300_000)}`);
        const config = readProjectConfig(root, ['bad/tsconfig.json', 'good/tsconfig.json', 'worse/tsconfig.json']);
        assert.deepEqual(config.tsPaths.map((p) => [p.baseDir, p.pattern]), [['good', '@a/*']]);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
      const type = `{ <A>(a: A): Foo<A> // one\n  (b: B): ns.Bar /* ${'/* '.repeat(200_000)}}`;
      assert.deepEqual(callSignatureResults(type), ['Foo']);
    });
  });
});
