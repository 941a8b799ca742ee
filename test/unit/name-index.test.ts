import * as assert from 'node:assert/strict';
import { NameIndex } from '../../src/search/name-index';
import { identifierTokens } from '../../src/search/tokenize';
import { seededRandom } from './helpers';

const random = seededRandom;

const PARTS = ['parse', 'Invoice', 'total', 'get', 'set', 'HTTP', 'Server', 'run', 'x', 'aa', 'a', '2', 'Ab', 'ee'];

interface Sym {
  id: string;
  name: string;
  qualified: string;
}

function makeSymbols(rand: () => number, n: number): Sym[] {
  const out: Sym[] = [];
  for (let i = 0; i < n; i++) {
    // Now and then a name past the trigram limit (64), which substring queries find by a scan.
    const word = () => Array.from({ length: rand() < 0.05 ? 30 : 1 + Math.floor(rand() * 3) }, () => PARTS[Math.floor(rand() * PARTS.length)]).join(rand() < 0.3 ? '_' : '');
    const name = word();
    const qualified = rand() < 0.5 ? `${word()}.${name}` : name;
    out.push({ id: `f${i % 7}.ts#${qualified}~${i}`, name, qualified });
  }
  return out;
}

/** What the index must answer, by brute force over every symbol. */
function naive(symbols: Sym[], q: string, test: (key: string) => boolean): string[] {
  return symbols.filter((s) => test(s.name.toLowerCase()) || test(s.qualified.toLowerCase())).map((s) => s.id).sort();
}

describe('NameIndex: exact, prefix, substring and word lookups equal a scan of every name', () => {
  for (const seed of [1, 2, 3]) {
    it(`random names, seed ${seed}, with half of them removed again`, () => {
      const rand = random(seed);
      const symbols = makeSymbols(rand, 400);
      const index = new NameIndex();
      for (const s of symbols) index.add(s.id, s.name, s.qualified);
      const removed = symbols.filter(() => rand() < 0.5);
      for (const s of removed) index.remove(s.id, s.name, s.qualified);
      const live = symbols.filter((s) => !removed.includes(s));
      const queries = ['parse', 'pa', 'p', 'invoice', 'voice', 'http', 'ee', 'a', 'aa_', 'run.x', 'nothing', 'ab2', 'total_get'];
      for (const q of queries) {
        assert.deepEqual([...index.exact(q)].sort(), naive(live, q, (k) => k === q), `exact ${q}`);
        assert.deepEqual([...new Set(index.prefix(q))].sort(), naive(live, q, (k) => k.startsWith(q)), `prefix ${q}`);
        // Substrings are of simple names (qualified names are not cut into trigrams); a key equal to a simple name brings its ids.
        const simple = new Set(live.map((s) => s.name.toLowerCase()).filter((n) => n.includes(q)));
        assert.deepEqual([...new Set(index.substring(q))].sort(), naive(live, q, (k) => simple.has(k)), `substring ${q}`);
      }
      for (const words of [['parse'], ['http', 'server'], ['invoice', 'total'], ['nothing']]) {
        const expected = live.filter((s) => words.every((w) => identifierTokens(s.qualified).includes(w))).map((s) => s.id).sort();
        assert.deepEqual(index.withWords(words).sort(), expected, `words ${words.join(' ')}`);
      }
    });
  }
});
