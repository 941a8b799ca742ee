import * as assert from 'node:assert/strict';
import { CodeGraph } from '../../src/graph/code-graph';
import { EMPTY_PROJECT } from '../../src/graph/modules';
import type { IndexedSymbol } from '../../src/graph/symbol-table';
import { extractFile } from '../../src/index/extract';
import type { FileRecord } from '../../src/index/records';
import MiniSearch from 'minisearch';
import { classifyName, MATCH_ORDER, matchScore, SymbolSearch, type SymbolHit, type SymbolMatch } from '../../src/search/symbol-search';
import { identifierTokens, splitIdentifier } from '../../src/search/tokenize';
import { seededRandom } from './helpers';

const PARTS = ['parse', 'Invoice', 'total', 'get', 'Service', 'http', 'Server', 'run', 'multiply', 'Zone', 'rate'];

/** Files of classes and functions with overlapping names that call each other, so ranks differ. */
async function workspace(seed: number, files: number): Promise<CodeGraph> {
  const rand = seededRandom(seed);
  const pick = () => PARTS[Math.floor(rand() * PARTS.length)];
  const names: string[] = [];
  const records = new Map<string, FileRecord>();
  for (let f = 0; f < files; f++) {
    const lines: string[] = [];
    for (let i = 0; i < 12; i++) {
      const name = `${pick().toLowerCase()}${pick()}${rand() < 0.5 ? pick() : ''}`;
      const callee = names.length ? names[Math.floor(rand() * names.length)] : undefined;
      lines.push(`export function ${name}() { ${callee ? `${callee}();` : ''} }`);
      names.push(name);
    }
    lines.push(`export class ${pick()}${pick()} {`, `  ${pick().toLowerCase()}Service() { return ${names[Math.floor(rand() * names.length)]}(); }`, '}');
    records.set(`src/m${f}.ts`, await extractFile('typescript', lines.join('\n')));
  }
  return new CodeGraph(records, EMPTY_PROJECT);
}

/** What search_symbols listed before `top`: every hit, sorted by kind, score, file and line (stable), cut to `limit`. */
function listed(hits: SymbolHit[], limit: number): SymbolHit[] {
  const file = (h: SymbolHit) => h.symbol.file;
  return [...hits]
    .sort((a, b) => MATCH_ORDER.indexOf(a.match) - MATCH_ORDER.indexOf(b.match) || b.score - a.score || (file(a) < file(b) ? -1 : file(a) > file(b) ? 1 : a.symbol.lineStart - b.symbol.lineStart))
    .slice(0, limit);
}

/**
 * The search as it was before the name index's letter bitmaps and `top`: every tier found by a scan of every
 * symbol, one object per hit, every hit sorted. The index must give exactly this.
 */
function reference(graph: CodeGraph, query: string, filter: (s: IndexedSymbol) => boolean, enough: number): SymbolHit[] {
  const q = query.trim().replace(/::/g, '.').replace(/\(\)$/, '');
  const lower = q.toLowerCase();
  const words = [...new Set((q.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap(splitIdentifier).map((w) => w.toLowerCase()))];
  const found = new Map<string, { symbol: IndexedSymbol; raw: number; match: SymbolMatch }>();
  const consider = (id: string, match: SymbolMatch, raw?: number) => {
    if (found.has(id)) return;
    const symbol = graph.table.byId.get(id);
    if (!symbol || !filter(symbol)) return;
    found.set(id, { symbol, raw: (raw ?? Math.min(1, lower.length / symbol.name.length)) * (1 + 4 * Math.sqrt(graph.symbolRank(id))), match });
  };
  if (!lower) return [];
  const all = [...graph.table.all];
  const keys = (s: IndexedSymbol) => [s.name.toLowerCase(), s.qualifiedName.replace(/::/g, '.').toLowerCase()];
  consider(q, 'exact');
  for (const s of all) if (keys(s).includes(lower)) consider(s.id, 'exact');
  for (const s of all) if (keys(s).some((k) => k.startsWith(lower))) consider(s.id, 'prefix');
  if (words.length) for (const s of all) if (words.every((w) => identifierTokens(s.qualifiedName).includes(w))) consider(s.id, 'words');
  for (const s of all) if (s.name.toLowerCase().includes(lower)) consider(s.id, 'substring');
  const misspelt = identifierTokens(q).filter((t) => t.length >= 4);
  if (found.size < enough && misspelt.length) {
    const mini = new MiniSearch<{ id: string; name: string; qualified: string }>({ fields: ['name', 'qualified'], tokenize: identifierTokens, processTerm: (t) => t });
    mini.addAll(all.map((s) => ({ id: s.id, name: s.name, qualified: s.qualifiedName })));
    for (const r of mini.search(q, { boost: { name: 3 }, prefix: false, fuzzy: 0.25, combineWith: 'AND', tokenize: () => misspelt })) consider(r.id as string, 'fuzzy', r.score);
  }
  if (found.size < enough) for (const s of all) if (keys(s).some((k) => classifyName(k, lower) === 'letters')) consider(s.id, 'letters');
  const tier = (m: SymbolMatch) => MATCH_ORDER.indexOf(m);
  const hits = [...found.values()].sort((a, b) => tier(a.match) - tier(b.match) || b.raw - a.raw || (a.symbol.id < b.symbol.id ? -1 : 1));
  const bestOf = new Map<SymbolMatch, number>();
  for (const h of hits) if (!bestOf.has(h.match)) bestOf.set(h.match, h.raw);
  return hits.map((h) => ({ symbol: h.symbol, match: h.match, score: matchScore(h.match, h.raw / (bestOf.get(h.match) || 1)) }));
}

const brief = (hits: SymbolHit[]) => hits.map((h) => `${h.symbol.id} ${h.match} ${h.score}`);

describe('SymbolSearch.top: the best hits without sorting every match', () => {
  for (const seed of [1, 2]) {
    it(`lists what sorting every hit of search() lists, with its total and any hit by id, seed ${seed}`, async () => {
      const graph = await workspace(seed, 40);
      const search = new SymbolSearch();
      await search.sync(graph);
      const filters: [string, (s: IndexedSymbol) => boolean][] = [['any', () => true], ['methods', (s) => s.kind === 'method'], ['one file', (s) => s.file === 'src/m3.ts']];
      let compared = 0;
      for (const q of ['service', 'Service', 'get', 'getService', 'parseinvoice', 'invoce', 'mltp', 'srvc', 'zone', 'r', 'nothing', 'run()']) {
        for (const [label, filter] of filters) {
          for (const limit of [1, 5, 10, 100]) {
            const all = search.search(graph, q, filter, limit);
            const top = search.top(graph, q, filter, limit);
            const what = `${q} / ${label} / ${limit}`;
            assert.deepEqual(brief(all), brief(reference(graph, q, filter, limit)), what);
            assert.deepEqual(top.hits.map((h) => [h.symbol.id, h.match, h.score]), listed(all, limit).map((h) => [h.symbol.id, h.match, h.score]), what);
            assert.equal(top.total, all.length, what);
            for (const h of all) assert.deepEqual(top.hit(h.symbol.id), h, what);
            assert.equal(top.hit('src/nowhere.ts#none'), undefined);
            const inFile = all.find((h) => h.symbol.file === 'src/m1.ts');
            assert.deepEqual(top.find((s) => s.file === 'src/m1.ts'), inFile, what);
            compared += all.length;
          }
        }
      }
      // A new graph the search was not synced with (here: one file fewer): its own symbols are answered, by id.
      const files = new Map(graph.table.files);
      files.delete('src/m2.ts');
      const next = new CodeGraph(files, EMPTY_PROJECT);
      for (const q of ['service', 'mltp', 'parseinvoice']) {
        const hits = search.search(next, q, () => true, 10);
        assert.deepEqual(brief(hits), brief(reference(next, q, () => true, 10)), q);
        assert.ok(hits.every((h) => next.table.byId.get(h.symbol.id) === h.symbol), q);
      }
      // The queries above must exercise big and small answers, every kind of match the workspace has.
      assert.ok(compared > 5000, `compared ${compared}`);
      const kinds = new Set(['service', 'invoce', 'mltp', 'parseinvoice', 'getService'].flatMap((q) => search.search(graph, q).map((h) => h.match)));
      for (const k of ['exact', 'prefix', 'substring', 'words', 'fuzzy', 'letters']) assert.ok(kinds.has(k as never), k);
    });
  }
});
