import * as assert from 'node:assert/strict';
import { layoutBlastRadius, RING_GAP } from '../../src/panel/graph-layout';
import type { AffectedSymbol } from '../../src/panel/protocol';

function sym(name: string, file: string, depth: number, resolution = 'import', line = 1): AffectedSymbol {
  return { id: `${file}#${name}`, name, qualified_name: name, kind: 'function', lang: 'typescript', file, line_start: line, line_end: line + 2, signature: `${name}()`, depth, resolution, confidence: 1, call_sites: [] } as AffectedSymbol;
}

describe('blast radius graph layout', () => {
  it('puts depth d on ring d around the target, grouped by file, the same way every time', () => {
    const symbols = [sym('b', 'src/b.ts', 1), sym('a2', 'src/a.ts', 1, 'scope', 9), sym('a1', 'src/a.ts', 1, 'scope', 3), sym('c', 'src/c.ts', 2, 'name')];
    const layout = layoutBlastRadius(symbols);
    assert.deepEqual(layout.rings, [RING_GAP, 2 * RING_GAP]);
    assert.deepEqual(layout.nodes.map((n) => [n.label, n.ring]), [['a1', 0], ['a2', 0], ['b', 0], ['c', 1]]);
    for (const n of layout.nodes) assert.equal(Math.round(Math.hypot(n.x, n.y)), RING_GAP * (n.ring + 1), n.label);
    // The first node of a ring is straight above the target.
    assert.deepEqual([layout.nodes[0].x, layout.nodes[0].y], [0, -RING_GAP]);
    assert.deepEqual(layoutBlastRadius([...symbols].reverse()), layout);
    assert.equal(layout.collapsed, false);
  });

  it('collapses each file on a ring into one node past the threshold, keeping the strongest resolution', () => {
    const symbols = Array.from({ length: 200 }, (_, i) => sym(`f${i}`, `src/m${i % 10}.ts`, 1 + (i % 3), i % 2 ? 'name' : 'member', i));
    const layout = layoutBlastRadius(symbols);
    assert.equal(layout.collapsed, true);
    assert.ok(layout.nodes.length <= 30, `${layout.nodes.length} nodes`);
    assert.equal(layout.nodes.reduce((n, x) => n + x.count, 0), 200);
    const m0 = layout.nodes.find((n) => n.key === 'src/m0.ts@1')!;
    assert.match(m0.label, /^m0\.ts · \d+$/);
    assert.equal(m0.resolution, 'member');
  });

  it('keeps an unknown resolution kind as it is (the panel gives it a neutral colour)', () => {
    assert.equal(layoutBlastRadius([sym('x', 'a.ts', 1, 'telepathy')]).nodes[0].resolution, 'telepathy');
  });
});
