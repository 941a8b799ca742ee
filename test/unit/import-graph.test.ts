import * as assert from 'node:assert/strict';
import { DirectedGraph } from 'graphology';
import { stronglyConnectedComponents } from 'graphology-components';
import { ImportGraph } from '../../src/graph/import-graph';
import { seededRandom } from './helpers';

/**
 * The import graph against the graphology graph it replaced, fed the same imports and the same in-place re-links
 * (a file's out-edges dropped, then added again): edges in the same order, importers in the same order, and the
 * same strongly connected components, through enough re-links that dropped edges are compacted.
 */

const sortedComponents = (components: string[][]) => components.map((c) => [...c].sort().join(' ')).sort();

describe('ImportGraph (files and their imports)', () => {
  it('answers as the graphology graph did through random imports and re-links, cycles included', () => {
    const random = seededRandom(7);
    const files = Array.from({ length: 300 }, (_, i) => `pkg${i % 17}/f${i}.go`);
    const graph = new ImportGraph();
    const reference = new DirectedGraph<Record<string, never>, { line: number }>();
    for (const f of files) {
      graph.addNode(f);
      reference.addNode(f);
    }
    const pick = (n: number) => Math.floor(random() * n);
    const link = (from: string) => {
      // Mostly forward, some backward: long chains and cycles of several sizes.
      for (let k = pick(8); k > 0; k--) {
        const i = files.indexOf(from);
        const to = files[random() < 0.85 ? (i + 1 + pick(20)) % files.length : pick(files.length)];
        if (to === from || reference.hasDirectedEdge(from, to)) continue;
        assert.equal(graph.hasDirectedEdge(from, to), false);
        const line = 1 + pick(40);
        graph.addDirectedEdge(from, to, { line });
        reference.addDirectedEdge(from, to, { line });
      }
    };
    for (const f of files) link(f);
    const dump = (visit: (cb: (e: unknown, d: { line: number }, s: string, t: string) => void) => void) => {
      const out: string[] = [];
      visit((_e, d, s, t) => out.push(`${s}>${t}:${d.line}`));
      return out;
    };
    for (let round = 0; round < 30; round++) {
      const relinked = Array.from({ length: 40 }, () => files[pick(files.length)]);
      for (const f of relinked) {
        graph.dropOutEdges(f);
        for (const e of reference.outEdges(f)) reference.dropEdge(e);
      }
      for (const f of relinked) link(f);
      assert.equal(graph.size, reference.size);
      assert.deepEqual(dump((cb) => graph.forEachEdge(cb)), dump((cb) => reference.forEachEdge(cb)));
      for (const f of files) {
        const importers: string[] = [];
        graph.forEachInNeighbor(f, (x) => importers.push(x));
        assert.deepEqual(importers, reference.inNeighbors(f), `importers of ${f}`);
      }
      const cycles = sortedComponents(graph.stronglyConnectedComponents());
      assert.deepEqual(cycles, sortedComponents(stronglyConnectedComponents(reference)));
      if (round === 0) assert.ok(cycles.some((c) => c.split(' ').length > 10), 'the random graph has large cycles');
    }
  });

  it('finds the cycles of a chain longer than the call stack is deep, and refuses an edge twice or an unknown file', () => {
    const graph = new ImportGraph();
    const n = 50_000;
    for (let i = 0; i < n; i++) graph.addNode(`f${i}`);
    for (let i = 0; i < n; i++) graph.addDirectedEdge(`f${i}`, `f${(i + 1) % n}`, { line: 1 });
    const components = graph.stronglyConnectedComponents();
    assert.equal(components.length, 1);
    assert.equal(components[0].length, n);
    assert.throws(() => graph.addDirectedEdge('f0', 'f1', { line: 2 }), /already there/);
    assert.throws(() => graph.addDirectedEdge('f0', 'nope', { line: 2 }), /not a file of this graph/);
  });
});
