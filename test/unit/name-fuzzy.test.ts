import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import MiniSearch from 'minisearch';
import { NameFuzzy } from '../../src/search/name-fuzzy';
import { identifierTokens } from '../../src/search/tokenize';

/**
 * search_symbols' misspellings (name-fuzzy.ts) replaced MiniSearch and keep its answers: checked against MiniSearch
 * configured as symbol-search.ts used it, over the names declared in this repository's own source, then after
 * symbols were removed and others added in their slots.
 */

interface Doc {
  id: number;
  name: string;
  qualified: string;
}

/** Every function, class, method, interface, type and const declared in src/, qualified by its file and class. */
function declaredNames(): Doc[] {
  const docs: Doc[] = [];
  for (const dir of ['src/search', 'src/graph', 'src/engine', 'src/index', 'src/tools']) {
    for (const file of fs.readdirSync(dir).filter((n) => n.endsWith('.ts')).sort()) {
      const base = path.basename(file, '.ts');
      let owner = '';
      for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        const decl = /^(export )?(?:async )?(function|class|interface|type|const|let) ([A-Za-z_$][\w$]*)/.exec(line);
        if (decl) {
          if (decl[2] === 'class') owner = decl[3];
          docs.push({ id: docs.length, name: decl[3], qualified: `${base}.${decl[3]}` });
          continue;
        }
        const method = /^ {2}(?:private |readonly |static |async |get )*([A-Za-z_$][\w$]*)\(/.exec(line);
        if (method && owner && method[1] !== 'if' && method[1] !== 'for') docs.push({ id: docs.length, name: method[1], qualified: `${base}.${owner}.${method[1]}` });
      }
    }
  }
  return docs;
}

function miniSearch(docs: Doc[]): MiniSearch<Doc> {
  const mini = new MiniSearch<Doc>({ fields: ['name', 'qualified'], tokenize: identifierTokens, processTerm: (t) => t });
  mini.addAll(docs);
  return mini;
}

/** What symbol-search.ts asked MiniSearch, for the query's words of four letters or more. */
function miniHits(mini: MiniSearch<Doc>, query: string): Map<number, number> {
  const words = identifierTokens(query).filter((t) => t.length >= 4);
  const results = mini.search(query, { boost: { name: 3 }, prefix: false, fuzzy: 0.25, combineWith: 'AND', tokenize: () => words });
  return new Map(results.map((r) => [r.id as number, r.score]));
}

function assertSame(index: NameFuzzy, mini: MiniSearch<Doc>, query: string): number {
  const expected = miniHits(mini, query);
  const hits = index.search(identifierTokens(query).filter((t) => t.length >= 4));
  const actual = new Map(hits.map((h) => [h.slot, h.score]));
  assert.deepEqual([...actual.keys()].sort((a, b) => a - b), [...expected.keys()].sort((a, b) => a - b), `"${query}": the same names match`);
  for (const [id, s] of expected) assert.ok(Math.abs(actual.get(id)! - s) <= 1e-9 * s, `"${query}": ${id} scores ${actual.get(id)} against ${s}`);
  for (let i = 1; i < hits.length; i++) assert.ok(hits[i - 1].score >= hits[i].score, `"${query}": best first`);
  return hits.length;
}

const QUERIES = [
  'segmnt', 'Segment', 'SegmentBuilder', 'segmentbuilder', 'buildr', 'retreival', 'RetrievalIndx', 'symbl search', 'serach',
  'graph', 'grpah', 'codeGraph', 'resolveCalls', 'resolv', 'linkSnapshot', 'snapshot', 'engine ready', 'indxe store',
  'parse', 'parser', 'parsr', 'worker pool', 'textindex', 'token', 'tokenize', 'identifierTokens', 'identfier tokns', 'xyzzy',
  'walk', 'callers', 'calers', 'dispatch', 'dispach table', 'heapPush', 'ChunkedU32', 'chunked', 'encode', 'decode segmnt',
];

describe('search_symbols misspellings: MiniSearch answers from term postings', () => {
  const docs = declaredNames();

  it('scores every misspelt, exact and several-word query as MiniSearch does', () => {
    assert.ok(docs.length > 1000, `${docs.length} names`);
    const index = new NameFuzzy();
    for (const d of docs) index.add(d.id, d.name, d.qualified);
    const mini = miniSearch(docs);
    let matched = 0;
    for (const q of QUERIES) if (assertSame(index, mini, q) > 0) matched++;
    assert.ok(matched > QUERIES.length / 2, 'most queries find names');
    assert.equal(index.search(['xyzzyq']).length, 0);
  });

  it('answers as a MiniSearch of what is left after names are removed and others added in their slots', () => {
    const index = new NameFuzzy();
    for (const d of docs) index.add(d.id, d.name, d.qualified);
    const removed = docs.filter((d) => d.id % 3 === 0);
    for (const d of removed) index.remove(d.id, d.name, d.qualified);
    // New symbols in some of the freed slots (as SymbolSearch reuses them), words never seen before among them.
    const added = removed.slice(0, 50).map((d, i) => ({ id: d.id, name: `quuxFrobnicate${i}`, qualified: `edited.Quux.quuxFrobnicate${i}` }));
    for (const d of added) index.add(d.id, d.name, d.qualified);
    const rest = [...docs.filter((d) => d.id % 3 !== 0), ...added];
    assert.equal(index.size, rest.length);
    const mini = miniSearch(rest);
    for (const q of [...QUERIES, 'quuxFrobnicat', 'frobnicate']) assertSame(index, mini, q);
    assert.ok(index.search(['frobnicte']).length >= 50);
  });
});
