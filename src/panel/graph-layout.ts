/**
 * Lays out a blast radius as rings: the target in the centre, the symbols `depth` calls away on ring `depth`,
 * grouped by file around each ring (so one file's symbols sit together), in a deterministic order. Past
 * `collapseAbove` symbols, each file's symbols on a ring become one node ("file · n symbols"), so 200 symbols
 * stay readable. Pure: the webview (media/graph.ts) draws it, the unit tests pin it. Imports nothing of Node.
 */
import type { AffectedSymbol } from './protocol';

export interface GraphNode {
  /** Stable key: a symbol id, or `file@depth` for a collapsed file. */
  key: string;
  label: string;
  depth: number;
  /** Index of its ring (0 = innermost); the ring inside it has index `ring - 1`, the target is inside ring 0. */
  ring: number;
  file: string;
  line: number;
  /** How the edge into this node's ring was resolved (the strongest among a collapsed file's symbols). */
  resolution: string;
  /** Symbols this node stands for (1 unless collapsed). */
  count: number;
  x: number;
  y: number;
}

export interface GraphLayout {
  width: number;
  height: number;
  rings: number[];
  nodes: GraphNode[];
  collapsed: boolean;
}

export const RING_GAP = 90;
export const DEFAULT_COLLAPSE_ABOVE = 60;
/** Stronger first: a collapsed file shows the best resolution any of its edges had. */
const RESOLUTION_ORDER = ['scope', 'member', 'import', 'package', 'dispatch', 'name'];

function strongest(resolutions: string[]): string {
  const known = resolutions.filter((r) => RESOLUTION_ORDER.includes(r)).sort((a, b) => RESOLUTION_ORDER.indexOf(a) - RESOLUTION_ORDER.indexOf(b));
  return known[0] ?? resolutions[0] ?? 'name';
}

function baseName(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}

export function layoutBlastRadius(symbols: readonly AffectedSymbol[], collapseAbove = DEFAULT_COLLAPSE_ABOVE): GraphLayout {
  const collapsed = symbols.length > collapseAbove;
  const depths = [...new Set(symbols.map((s) => s.depth))].sort((a, b) => a - b);
  const nodes: GraphNode[] = [];
  depths.forEach((depth, ringIndex) => {
    const onRing = symbols.filter((s) => s.depth === depth).sort((a, b) => a.file.localeCompare(b.file) || a.line_start - b.line_start || a.qualified_name.localeCompare(b.qualified_name));
    let ringNodes: Omit<GraphNode, 'x' | 'y' | 'ring'>[];
    if (collapsed) {
      const byFile = new Map<string, AffectedSymbol[]>();
      for (const s of onRing) byFile.set(s.file, [...(byFile.get(s.file) ?? []), s]);
      ringNodes = [...byFile].map(([file, members]) => ({
        key: `${file}@${depth}`,
        label: members.length === 1 ? members[0].qualified_name : `${baseName(file)} · ${members.length}`,
        depth,
        file,
        line: members[0].line_start,
        resolution: strongest(members.map((m) => m.resolution)),
        count: members.length,
      }));
    } else {
      ringNodes = onRing.map((s) => ({ key: s.id, label: s.qualified_name, depth, file: s.file, line: s.line_start, resolution: s.resolution, count: 1 }));
    }
    const radius = RING_GAP * (ringIndex + 1);
    // Offset each ring by half a step so labels of neighbouring rings do not line up on one spoke.
    const offset = ringIndex % 2 ? Math.PI / Math.max(ringNodes.length, 1) : 0;
    ringNodes.forEach((n, i) => {
      const angle = -Math.PI / 2 + offset + (2 * Math.PI * i) / ringNodes.length;
      nodes.push({ ...n, ring: ringIndex, x: Math.round(radius * Math.cos(angle)), y: Math.round(radius * Math.sin(angle)) });
    });
  });
  const rings = depths.map((_, i) => RING_GAP * (i + 1));
  const extent = (rings[rings.length - 1] ?? RING_GAP) + 80;
  return { width: 2 * extent, height: 2 * extent, rings, nodes, collapsed };
}
