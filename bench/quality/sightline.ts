import * as fs from 'node:fs';
import * as path from 'node:path';
import { RingLogger } from '../../src/common/log';
import { Engine } from '../../src/engine/engine';
import { IndexLanguageFeatures } from '../../src/engine/index-features';
import { Workspaces } from '../../src/engine/workspaces';
import type { CodeGraph } from '../../src/graph/code-graph';
import type { IndexedSymbol } from '../../src/graph/symbol-table';
import { ALL_TOOLS } from '../../src/tools/registry';
import type { ToolContext } from '../../src/tools/shared/tool';
import { validateArgs } from '../../src/tools/shared/validate';

/**
 * Sightline's side of the comparison: the workspace indexed by the headless Engine (as the CLI does it), and
 * answers taken from the real find_callers / find_callees / blast_radius tool handlers.
 */
export interface SightlineIndex {
  graph: CodeGraph;
  texts: Map<string, string>;
  ctx: ToolContext;
}

export interface Edge {
  /** The other end of the edge (a symbol id). */
  other: string;
  resolution: string;
  confidence: number;
}

/** `workers`: parse worker threads, default one per core (0 for a small workspace, where starting them costs more). */
export async function indexWorkspace(root: string, workers?: number): Promise<SightlineIndex> {
  const logger = new RingLogger();
  const engine = new Engine({ root, logger, storageDir: null, workers });
  const graph = await engine.ready();
  const texts = new Map<string, string>();
  for (const file of graph.table.files.keys()) texts.set(file, fs.readFileSync(path.join(engine.root, file), 'utf8'));
  const workspaces = new Workspaces([engine]);
  return { graph, texts, ctx: { workspaces, features: new IndexLanguageFeatures(workspaces), logger } };
}

async function callTool(index: SightlineIndex, name: string, args: Record<string, unknown>): Promise<any> {
  const tool = ALL_TOOLS.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool.run(validateArgs(tool, args), index.ctx);
}

interface ReachedJson {
  id: string;
  depth: number;
  resolution: string;
  confidence: number;
}

function toEdges(list: ReachedJson[], self: string): Map<string, Edge> {
  const out = new Map<string, Edge>();
  for (const r of list) {
    const g = groupOf(r.id);
    const prev = out.get(g);
    if (g !== self && (!prev || r.confidence > prev.confidence)) out.set(g, { other: g, resolution: r.resolution, confidence: r.confidence });
  }
  return out;
}

/** Whether a tool takes an argument (lets the bench measure a branch before and after a tool gains one). */
export function supportsArg(toolName: string, arg: string): boolean {
  const tool = ALL_TOOLS.find((t) => t.name === toolName);
  return !!tool && arg in tool.inputSchema;
}

/** find_callers / find_callees at `depth`, by symbol group, best confidence per group. */
export async function walkTool(index: SightlineIndex, id: string, direction: 'in' | 'out', depth: number, minConfidence: number, extra: Record<string, unknown> = {}): Promise<Map<string, Edge>> {
  const r = await callTool(index, direction === 'in' ? 'find_callers' : 'find_callees', { symbol: id, depth, min_confidence: minConfidence, max_tokens: 50000, ...extra });
  // A method with thousands of callers (Go's `t.Error()` across a tree of tests) outgrows the largest token
  // budget; the tool's walk is this one, uncut.
  if (r.truncated) {
    const walked = index.graph.walk([id], direction, depth, minConfidence, { dispatch: extra.dispatch !== false });
    return toEdges(walked.map((x) => ({ ...x, id: x.symbol.id })), groupOf(id));
  }
  return toEdges(direction === 'in' ? r.callers : r.callees, groupOf(id));
}

export async function blastTool(index: SightlineIndex, id: string, depth: number, minConfidence: number): Promise<Map<string, Edge>> {
  const r = await callTool(index, 'blast_radius', { target: id, depth, min_confidence: minConfidence, max_tokens: 50000 });
  // A wide blast radius outgrows the largest token budget; the tool's walk is this one, uncut.
  if (r.truncated) return toEdges(index.graph.walk([id], 'in', depth, minConfidence).map((x) => ({ ...x, id: x.symbol.id })), groupOf(id));
  return toEdges(r.symbols, groupOf(id));
}

/**
 * The unit answers are compared in: a symbol id. (Overloads are one symbol since extraction merges them, so a
 * `~N` duplicate is a different declaration and is scored as one.)
 */
export function groupOf(id: string): string {
  return id;
}

/** Module-level call sites Sightline attributes to the target (no enclosing symbol). */
export function moduleCallSites(index: SightlineIndex, ids: string[], minConfidence: number): { file: string; line: number }[] {
  return ids.flatMap((id) => index.graph.moduleCallers.get(id) ?? []).filter((s) => s.confidence >= minConfidence).map((s) => ({ file: s.file, line: s.line }));
}

/** The innermost symbol whose definition contains `pos` (what extraction records as a call's enclosing symbol). */
export function enclosingAt(index: SightlineIndex, file: string, pos: number): IndexedSymbol | undefined {
  let best: IndexedSymbol | undefined;
  for (const s of index.graph.table.byFile.get(file) ?? []) {
    if (s.startIndex <= pos && pos < s.endIndex && (!best || s.startIndex >= best.startIndex)) best = s;
  }
  return best;
}

/** The symbol declared with its name at `pos` (or, failing that, the innermost one named `name` around it). */
export function declaredAt(index: SightlineIndex, file: string, pos: number, name: string): IndexedSymbol | undefined {
  let best: IndexedSymbol | undefined;
  for (const s of index.graph.table.byFile.get(file) ?? []) {
    if (s.name !== name || !(s.startIndex <= pos && pos < s.endIndex)) continue;
    if (!best || s.startIndex >= best.startIndex) best = s;
  }
  return best;
}

const lineStartsCache = new WeakMap<SightlineIndex, Map<string, number[]>>();

/** Offsets at which each line of a file starts (index 0 is line 1). */
function lineStarts(index: SightlineIndex, file: string): number[] {
  let perFile = lineStartsCache.get(index);
  if (!perFile) lineStartsCache.set(index, (perFile = new Map()));
  let starts = perFile.get(file);
  if (!starts) {
    const text = index.texts.get(file) ?? '';
    starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    perFile.set(file, starts);
  }
  return starts;
}

/** Offset of a 1-based line and character in a file's text. */
export function offsetOf(index: SightlineIndex, file: string, line: number, character: number): number {
  const starts = lineStarts(index, file);
  return (starts[Math.min(line, starts.length) - 1] ?? 0) + character - 1;
}

/** Offset of a symbol's name in its file's text (records keep the name's column and the definition's lines). */
export function nameOffset(index: SightlineIndex, sym: IndexedSymbol): number {
  const text = index.texts.get(sym.file)!;
  const starts = lineStarts(index, sym.file);
  for (let l = sym.lineStart; l <= sym.lineEnd && l <= starts.length; l++) {
    const at = starts[l - 1] + sym.character - 1;
    if (text.startsWith(sym.name, at)) return at;
  }
  const found = text.indexOf(sym.name, sym.startIndex);
  return found >= 0 ? found : sym.startIndex;
}

/** 1-based line of an offset. */
export function lineOf(index: SightlineIndex, file: string, pos: number): number {
  const text = index.texts.get(file)!;
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < pos; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Every resolved call site: `file:line:character` → the edges made from it, for explaining misses. */
export function siteIndex(index: SightlineIndex): Map<string, { target: string; resolution: string; confidence: number }[]> {
  const out = new Map<string, { target: string; resolution: string; confidence: number }[]>();
  index.graph.calls.forEachEdge((_e, data, _s, target) => {
    for (const site of data.sites) {
      const k = `${site.file}:${site.line}`;
      const list = out.get(k) ?? [];
      list.push({ target: groupOf(target), resolution: data.resolution, confidence: data.confidence });
      out.set(k, list);
    }
  });
  return out;
}

/** Whether every site of the edge from caller group to callee ids is a `super(…)` call. */
export function onlySuperCalls(index: SightlineIndex, callerGroup: string, calleeIds: string[]): boolean {
  const sites: { file: string; line: number; character: number }[] = [];
  for (const id of calleeIds) {
    index.graph.calls.forEachInEdge(id, (_e, data, source) => {
      if (groupOf(source) === callerGroup) sites.push(...data.sites);
    });
  }
  if (!sites.length) return false;
  return sites.every((s) => {
    const text = index.texts.get(s.file) ?? '';
    let at = 0;
    for (let l = 1; l < s.line; l++) at = text.indexOf('\n', at) + 1;
    return text.startsWith('super', at + s.character - 1);
  });
}
