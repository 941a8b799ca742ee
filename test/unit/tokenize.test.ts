import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { identifierTokens, unicodeTokens } from '../../src/search/tokenize';

/**
 * identifierTokens cuts ASCII text by character codes (allocation-light: the name indexes call it for every symbol)
 * and anything else by regular expressions over Unicode classes (`unicodeTokens`): both must give the same tokens.
 */
describe('identifier tokens', () => {
  it('splits compound names into their words and keeps the whole name', () => {
    assert.deepEqual(identifierTokens('parseInvoiceTotal'), ['parseinvoicetotal', 'parse', 'invoice', 'total']);
    assert.deepEqual(identifierTokens('HTTPServer2 _private_x$ plain'), ['httpserver2', 'http', 'server', '2', 'private_x', 'private', 'x', 'plain']);
    assert.deepEqual(identifierTokens('__init__ a.b::C'), ['init', 'a', 'b', 'c']);
    assert.deepEqual(identifierTokens('naïveCafé x'), ['naïvecafé', 'naïve', 'café', 'x']);
  });

  it('cuts ASCII text as the regular expressions do (random words, and the source of this repository)', () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = 'aAbBzZ09_$ .:-(x';
    for (let n = 0; n < 20000; n++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 14) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      assert.deepEqual(identifierTokens(text), unicodeTokens(text), JSON.stringify(text));
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
});
