import * as assert from 'node:assert/strict';
import { NameIndex } from '../../src/search/name-index';
import { classifyName } from '../../src/search/symbol-search';
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

function visited(run: (visit: (value: string) => void) => void): string[] {
  const out: string[] = [];
  run((v) => out.push(v));
  return out.sort();
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
        assert.deepEqual([...new Set(visited((v) => index.prefix(q, v)))].sort(), naive(live, q, (k) => k.startsWith(q)), `prefix ${q}`);
        // Substrings are of simple names (qualified names are not cut into trigrams); a key equal to a simple name brings its ids.
        const simple = new Set(live.map((s) => s.name.toLowerCase()).filter((n) => n.includes(q)));
        assert.deepEqual([...new Set(visited((v) => index.substring(q, v)))].sort(), naive(live, q, (k) => simple.has(k)), `substring ${q}`);
      }
      for (const words of [['parse'], ['http', 'server'], ['invoice', 'total'], ['nothing']]) {
        const expected = live.filter((s) => words.every((w) => identifierTokens(s.qualified).includes(w))).map((s) => s.id).sort();
        assert.deepEqual([...index.withWords(words)].sort(), expected, `words ${words.join(' ')}`);
      }
    });
  }
});

describe('NameIndex.withLettersOf: the letters-in-order prefilter', () => {
  for (const seed of [4, 5]) {
    it(`gives exactly the keys holding every character of the query (so no abbreviation is lost), seed ${seed}`, () => {
      const rand = random(seed);
      const odd = [['$scope', 'ctrl.$scope'], ['größe', 'größe'], ['run-x', 'a.run-x'], ['über', 'Über.über']].map(([name, qualified], i) => ({ id: `odd${i}`, name, qualified }));
      const symbols = [...makeSymbols(rand, 600), ...odd];
      const index = new NameIndex();
      for (const s of symbols) index.add(s.id, s.name, s.qualified);
      const removed = symbols.filter(() => rand() < 0.4);
      for (const s of removed) index.remove(s.id, s.name, s.qualified);
      // Slots freed above are reused: add some back under new ids.
      const again = removed.slice(0, 50).map((s, i) => ({ ...s, id: `${s.id}~again${i}` }));
      for (const s of again) index.add(s.id, s.name, s.qualified);
      const live = [...symbols.filter((s) => !removed.includes(s)), ...again];
      const keys = new Set(live.flatMap((s) => [s.name.toLowerCase(), s.qualified.toLowerCase()]));
      for (const q of ['prs', 'ivt', 'htps', 'a2', 'x_r', 'zz', 'e', 'gstr', 'ab.x', 'pinvoicetotal', 'ü', 'r-', '$']) {
        const got = visited((v) => index.withLettersOf(q, v)).sort();
        assert.equal(new Set(got).size, got.length, `no key twice for ${q}`);
        // Characters outside a–z, 0–9, `_.$` share one bitmap: a key with any such character is a candidate for all of them.
        const other = (c: string) => !/[a-z0-9_.$]/.test(c);
        const holds = (k: string, c: string) => (other(c) ? [...k].some(other) : k.includes(c));
        assert.deepEqual(got, [...keys].filter((k) => [...q].every((c) => holds(k, c))).sort(), `candidates of ${q}`);
        for (const k of keys) if (classifyName(k, q) === 'letters') assert.ok(got.includes(k), `${k} has ${q} in order`);
      }
    });
  }
});
