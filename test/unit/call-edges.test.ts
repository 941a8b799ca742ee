import * as assert from 'node:assert/strict';
import { DirectedGraph } from 'graphology';
import pagerank from 'graphology-metrics/centrality/pagerank';
import { CallEdges, type CallEdgeData, type CallSite } from '../../src/graph/call-edges';
import type { Resolution } from '../../src/graph/denotation';
import type { IndexedSymbol } from '../../src/graph/symbol-table';
import { seededRandom } from './helpers';

/**
 * The typed-array call graph against the graphology graph it replaced, fed the same calls and the same in-place
 * re-links: every edge, every list and every rank must come out equal and in the same order, through enough
 * re-links that its holes are compacted more than once.
 */

const RESOLUTIONS: Resolution[] = ['scope', 'member', 'import', 'dispatch', 'value', 'name'];
const FILES = ['a.ts', 'b.ts', 'c.ts', 'd.ts'];

function symbols(n: number): IndexedSymbol[] {
  return Array.from({ length: n }, (_, i) => ({ id: `${FILES[i % FILES.length]}#s${i}`, ordinal: i }) as IndexedSymbol);
}

/** What CodeGraph.addCall did with graphology: a new edge, or one more site (unless the last) and the more certain resolution. */
function addReference(g: DirectedGraph<Record<string, never>, { resolution: Resolution; confidence: number; sites: CallSite[] }>, from: string, to: string, resolution: Resolution, confidence: number, site: CallSite): void {
  if (g.hasDirectedEdge(from, to)) {
    const data = g.getDirectedEdgeAttributes(from, to);
    const last = data.sites[data.sites.length - 1];
    if (!(last.file === site.file && last.line === site.line && last.character === site.character)) data.sites.push(site);
    if (confidence > data.confidence) Object.assign(data, { resolution, confidence });
  } else {
    g.addDirectedEdge(from, to, { resolution, confidence, sites: [site] });
  }
}

function dump(visit: (cb: (e: unknown, d: CallEdgeData, s: string, t: string) => void) => void): string[] {
  const out: string[] = [];
  visit((_e, d, s, t) => out.push(`${s}>${t} ${d.resolution} ${d.confidence} ${JSON.stringify(d.sites)}`));
  return out;
}

describe('CallEdges (the call graph in typed arrays)', () => {
  it('answers as the graphology graph did through random calls and in-place re-links, ranks included', () => {
    const random = seededRandom(12);
    const all = symbols(600);
    const byId = new Map(all.map((s) => [s.id, s]));
    const edges = new CallEdges(all, byId, FILES);
    const reference = new DirectedGraph<Record<string, never>, { resolution: Resolution; confidence: number; sites: CallSite[] }>();
    for (const s of all) reference.addNode(s.id);
    const pick = (n: number) => Math.floor(random() * n);
    const call = (from: number) => {
      // Few distinct targets and sites, so that edges gather sites, repeat the last one and change resolution.
      const to = (from + 1 + pick(12)) % all.length;
      const resolution = RESOLUTIONS[pick(RESOLUTIONS.length)];
      const confidence = [0.3, 0.5, 0.9, 1][pick(4)];
      const site = { file: FILES[pick(2)], line: 1 + pick(3), character: 1 + pick(2) };
      edges.addCall(from, to, resolution, confidence, FILES.indexOf(site.file), site.line, site.character);
      addReference(reference, all[from].id, all[to].id, resolution, confidence, site);
    };
    for (let i = 0; i < 20_000; i++) call(pick(all.length));
    let compared = 0;
    for (let round = 0; round < 40; round++) {
      // Re-link a tenth of the symbols: out-edges dropped, then new calls from them (appended at the ends of the lists).
      const relinked = Array.from({ length: 60 }, () => pick(all.length));
      for (const from of relinked) {
        edges.dropOutEdges(from);
        for (const e of reference.outEdges(all[from].id)) reference.dropEdge(e);
      }
      for (let i = 0; i < 600; i++) call(relinked[pick(relinked.length)]);
      if (round % 8 !== 7) continue;
      compared++;
      assert.equal(edges.size, reference.size);
      assert.deepEqual(dump((cb) => edges.forEachEdge(cb)), dump((cb) => reference.forEachEdge(cb)));
      for (const s of all) {
        assert.deepEqual(dump((cb) => edges.forEachInEdge(s.id, cb)), dump((cb) => reference.forEachInEdge(s.id, cb)), `in-edges of ${s.id}`);
        assert.deepEqual(dump((cb) => edges.forEachOutEdge(s.id, cb)), dump((cb) => reference.forEachOutEdge(s.id, cb)), `out-edges of ${s.id}`);
        assert.deepEqual(edges.outNeighbors(s.id), reference.outNeighbors(s.id));
        assert.equal(edges.inDegree(s.id), reference.inDegree(s.id));
      }
      const expected = pagerank(reference, { getEdgeWeight: null, maxIterations: 50, tolerance: 1e-6 });
      assert.deepEqual([...edges.pageRank(50, 1e-6)], all.map((s) => expected[s.id]));
    }
    assert.equal(compared, 5);
    assert.ok(edges.hasDirectedEdge(all[0].id, all[1].id) === reference.hasDirectedEdge(all[0].id, all[1].id));
    assert.equal(edges.hasDirectedEdge('nowhere#x', all[1].id), false);
  });

  it('refuses an edge twice when restoring, and names an unknown symbol or file', () => {
    const all = symbols(3);
    const edges = new CallEdges(all, new Map(all.map((s) => [s.id, s])), FILES);
    const e = edges.addEdge(0, 1, 'scope', 1);
    assert.equal(typeof e, 'number');
    edges.appendSite(e!, 0, 4, 2);
    assert.equal(edges.addEdge(0, 1, 'member', 0.5), undefined);
    assert.deepEqual(edges.sitesOf(e!), [{ file: 'a.ts', line: 4, character: 2 }]);
    assert.throws(() => edges.forEachInEdge('nowhere#x', () => undefined), /no symbol "nowhere#x"/);
    assert.throws(() => edges.fileNumber('z.ts'), /z\.ts is not a file/);
  });
});
