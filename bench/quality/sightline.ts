import * as fs from 'node:fs';
import * as path from 'node:path';
import { extractFile } from '../../src/index/extract';
import { languageForPath } from '../../src/index/languages';
import type { FileRecord } from '../../src/index/records';
import { CodeGraph } from '../../src/graph/code-graph';
import { EMPTY_PROJECT, type ProjectConfig } from '../../src/graph/modules';
import type { IndexedSymbol } from '../../src/graph/symbol-table';

/**
 * Sightline's side of the comparison: the same files indexed and linked the way the engine does it, and the
 * answers find_callers / find_callees / blast_radius give (graph walks with a confidence floor).
 */
export interface SightlineIndex {
  graph: CodeGraph;
  texts: Map<string, string>;
}

export interface Edge {
  /** Symbol group (id without the `~N` duplicate suffix, so overloads count once). */
  other: string;
  resolution: string;
  confidence: number;
}

export async function indexFiles(root: string, files: string[], config: ProjectConfig = EMPTY_PROJECT): Promise<SightlineIndex> {
  const records = new Map<string, FileRecord>();
  const texts = new Map<string, string>();
  for (const file of files) {
    const lang = languageForPath(file);
    if (!lang) continue;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    texts.set(file, text);
    records.set(file, await extractFile(lang.id, text));
  }
  return { graph: new CodeGraph(records, config), texts };
}

export function groupOf(id: string): string {
  return id.replace(/~\d+$/, '');
}

/** Callers (`in`) or callees (`out`) at depth ≤ `depth`, by symbol group, best confidence per group. */
export function neighbours(index: SightlineIndex, ids: string[], direction: 'in' | 'out', depth: number, minConfidence: number): Map<string, Edge> {
  const out = new Map<string, Edge>();
  for (const r of index.graph.walk(ids, direction, depth, minConfidence)) {
    const g = groupOf(r.symbol.id);
    const prev = out.get(g);
    if (!prev || r.confidence > prev.confidence) out.set(g, { other: g, resolution: r.resolution, confidence: r.confidence });
  }
  for (const id of ids) out.delete(groupOf(id));
  return out;
}

/** Module-level call sites Sightline attributes to the target (no enclosing symbol). */
export function moduleCallSites(index: SightlineIndex, ids: string[]): { file: string; line: number }[] {
  return ids.flatMap((id) => index.graph.moduleCallers.get(id) ?? []).map((s) => ({ file: s.file, line: s.line }));
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

/** Offset of a symbol's name in its file's text (records keep the name's column and the definition's lines). */
export function nameOffset(index: SightlineIndex, sym: IndexedSymbol): number {
  let perFile = lineStartsCache.get(index);
  if (!perFile) lineStartsCache.set(index, (perFile = new Map()));
  const text = index.texts.get(sym.file)!;
  let starts = perFile.get(sym.file);
  if (!starts) {
    starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    perFile.set(sym.file, starts);
  }
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
