// Draws the blast radius as rings around the target (layout: src/panel/graph-layout.ts). SVG built with
// createElementNS and textContent only (strict CSP, repository text never parsed as markup). Each node is
// focusable: Tab or the arrow keys move between nodes, Enter or a click opens the symbol.
import type { AffectedSymbol } from '../src/panel/protocol';
import { layoutBlastRadius } from '../src/panel/graph-layout';
import { el } from './dom';

const SVG = 'http://www.w3.org/2000/svg';
/** Resolution kinds with their own colour (CSS classes res-*); any other kind (a new one) gets the neutral colour. */
const KNOWN_RESOLUTIONS = new Set(['import', 'member', 'scope', 'package', 'dispatch', 'name']);

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function resolutionClass(resolution: string): string {
  return KNOWN_RESOLUTIONS.has(resolution) ? `res-${resolution}` : 'res-other';
}

function shortLabel(label: string): string {
  return label.length > 28 ? `${label.slice(0, 27)}…` : label;
}

export function graphView(targetLabel: string, symbols: readonly AffectedSymbol[], open: (file: string, line: number) => void): HTMLElement {
  const layout = layoutBlastRadius(symbols);
  const half = layout.width / 2;
  const root = svg('svg', { viewBox: `${-half} ${-half} ${layout.width} ${layout.height}`, class: 'graph', role: 'group', 'aria-label': `Blast radius of ${targetLabel}` });
  for (const r of layout.rings) root.append(svg('circle', { class: 'ring', cx: 0, cy: 0, r }));
  // Depth 1 calls the target itself; a symbol further out calls something on the ring inside it: its spoke ends there.
  for (const n of layout.nodes) {
    const inner = n.ring === 0 ? 0 : layout.rings[n.ring - 1];
    const scale = inner / Math.max(Math.hypot(n.x, n.y), 1);
    root.append(svg('line', { class: `edge ${resolutionClass(n.resolution)}`, x1: n.x, y1: n.y, x2: Math.round(n.x * scale), y2: Math.round(n.y * scale) }));
  }
  root.append(svg('circle', { class: 'target-node', cx: 0, cy: 0, r: 14 }));
  root.append(svg('text', { class: 'target-label', x: 0, y: 30, 'text-anchor': 'middle' }, shortLabel(targetLabel)));
  const nodes: SVGGElement[] = [];
  for (const n of layout.nodes) {
    const g = svg('g', { class: `node ${resolutionClass(n.resolution)}`, tabindex: 0, role: 'button', transform: `translate(${n.x} ${n.y})` });
    g.setAttribute('aria-label', `${n.label}, depth ${n.depth}, ${n.resolution}, ${n.file}:${n.line}`);
    g.append(svg('title', {}, `${n.label}\n${n.file}:${n.line}\ndepth ${n.depth} · ${n.resolution}${n.count > 1 ? ` · ${n.count} symbols` : ''}`));
    g.append(svg('circle', { r: n.count > 1 ? 9 : 6 }));
    g.append(svg('text', { y: -10, 'text-anchor': 'middle' }, shortLabel(n.label)));
    g.addEventListener('click', () => open(n.file, n.line));
    g.addEventListener('keydown', (e) => {
      const i = nodes.indexOf(g);
      if (e.key === 'Enter' || e.key === ' ') open(n.file, n.line);
      else if (e.key === 'ArrowRight' || e.key === 'ArrowDown') nodes[(i + 1) % nodes.length].focus();
      else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') nodes[(i - 1 + nodes.length) % nodes.length].focus();
      else return;
      e.preventDefault();
    });
    nodes.push(g);
    root.append(g);
  }
  const legend = el('p', 'legend', ...['import', 'member', 'scope', 'package', 'dispatch', 'name'].map((r) => el('span', `key ${resolutionClass(r)}`, r)));
  const note = layout.collapsed ? el('p', 'notice collapsed', `${symbols.length} symbols: each file's symbols on a ring are drawn as one node; the list has every symbol.`) : undefined;
  return el('section', 'graph-view', legend, ...(note ? [note] : []), root as unknown as HTMLElement);
}
