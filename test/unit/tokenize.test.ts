import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { identifierTokens, unicodeTokens } from '../../src/search/tokenize';

/**
 * identifierTokens cuts ASCII words by character codes (allocation-light: the name and text indexes call it for every
 * symbol and entry) and other words by regular expressions over Unicode classes, as `unicodeTokens` cuts any text:
 * both must give the same tokens.
 */
describe('identifier tokens', () => {
  it('splits compound names into their words and keeps the whole name', () => {
    assert.deepEqual(identifierTokens('parseInvoiceTotal'), ['parseinvoicetotal', 'parse', 'invoice', 'total']);
    assert.deepEqual(identifierTokens('HTTPServer2 _private_x$ plain'), ['httpserver2', 'http', 'server', '2', 'private_x', 'private', 'x', 'plain']);
    assert.deepEqual(identifierTokens('__init__ a.b::C'), ['init', 'a', 'b', 'c']);
    assert.deepEqual(identifierTokens('naïveCafé x'), ['naïvecafé', 'naïve', 'café', 'x']);
  });

  it('cuts text as the regular expressions do (random words, ASCII and not, and the source of this repository)', () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    // ASCII, then words with other letters and numbers among them (accented, CJK, astral, superscript and Roman
    // numerals), punctuation that is not a word character, and a lone surrogate.
    for (const alphabet of [['a', 'A', 'b', 'B', 'z', 'Z', '0', '9', '_', '$', ' ', '.', ':', '-', '(', 'x'], ['a', 'B', 'Z', '9', '_', '$', ' ', 'é', 'É', '東', '𝒜', '²', 'Ⅻ', '—', '·', '\ud800']]) {
      for (let n = 0; n < 20000; n++) {
        const text = Array.from({ length: 1 + Math.floor(next() * 14) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
        assert.deepEqual(identifierTokens(text), unicodeTokens(text), JSON.stringify(text));
      }
    }
    let files = 0;
    for (const dir of ['src/search', 'src/graph', 'src/index', 'bench']) {
      for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
        const text = fs.readFileSync(path.join(dir, name), 'utf8');
        for (const line of text.split('\n')) assert.deepEqual(identifierTokens(line), unicodeTokens(line), `${dir}/${name}: ${line}`);
        files++;
      }
    }
    assert.ok(files > 50);
  });
  it('cuts a word of 600k `_` between two non-ASCII letters in linear time (a trailing-run regex was quadratic)', () => {
    const word = `é${'_'.repeat(600_000)}ü`;
    assert.deepEqual(identifierTokens(`x ${word} y`), ['x', word, 'é', 'ü', 'y']);
    assert.deepEqual(unicodeTokens(`$$${word}__`), [word, 'é', 'ü']);
  });
});
