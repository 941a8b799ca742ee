import { checkEvery, type DeadlineCheck } from '../common/deadline';
import type { CodeGraph } from './code-graph';
import { symbolAt } from './symbol-at';
import { lookupSymbol } from './symbol-lookup';
import type { IndexedSymbol } from './symbol-table';

/** A 1-based position in a folder-relative file (character in code points). */
export interface GraphPosition {
  file: string;
  line: number;
  character: number;
}

/** The identifier of `lineText` under a 1-based character (code points), or undefined on whitespace/punctuation. */
export function wordAt(lineText: string, character: number): { word: string; start: number } | undefined {
  const line = [...lineText];
  let s = character - 1;
  let e = s;
  const isWord = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_$]/u.test(c);
  if (!isWord(line[s])) return undefined;
  while (s > 0 && isWord(line[s - 1])) s--;
  while (isWord(line[e + 1])) e++;
  return { word: line.slice(s, e + 1).join(''), start: s + 1 };
}

/**
 * What the name at a position refers to, by the index: the resolved targets of the call there, else the symbol
 * declared there, else the symbol(s) of that name. `lineText` is the text of `at.line`.
 */
export function definitionsAt(graph: CodeGraph, at: GraphPosition, lineText: string, deadline?: DeadlineCheck): IndexedSymbol[] {
  const w = wordAt(lineText, at.character);
  if (!w) return [];
  const targets = new Map<string, IndexedSymbol>();
  const matchSite = (site: GraphPosition) => site.file === at.file && site.line === at.line && site.character === w.start;
  // A call's definition is what it names, not the overrides it may dispatch to (go_to_implementation's answer).
  // Every call site is in the file of the symbol that makes the call, within its lines (module-level sites: in the
  // file that calls), so only the out-edges of the symbols around the line are looked at, not the workspace's.
  let edges = 0;
  for (const s of graph.table.byFile.get(at.file) ?? []) {
    if (s.lineStart > at.line || s.lineEnd < at.line || !graph.calls.hasNode(s.id)) continue;
    graph.calls.forEachOutEdge(s.id, (_e, data, _source, target) => {
      checkEvery(deadline, edges++, NARROW);
      if (data.resolution !== 'dispatch' && data.sites.some(matchSite)) targets.set(target, graph.table.byId.get(target)!);
    });
  }
  for (const target of graph.moduleCalleesOf(at.file)) {
    checkEvery(deadline, edges++, NARROW);
    if (graph.moduleCallers.get(target)?.some((s) => s.resolution !== 'dispatch' && matchSite(s))) targets.set(target, graph.table.byId.get(target)!);
  }
  if (targets.size) return [...targets.values()];
  const declared = symbolAt(graph, at.file, at.line, { nameAt: w.start });
  if (declared?.name === w.word) return [declared];
  try {
    return [lookupSymbol(graph, w.word)];
  } catch {
    return graph.table.byName.get(w.word)?.slice(0, 10) ?? [];
  }
}

const NARROW = 'Pass symbol (a symbol id) instead of a position, or narrow the question to one file.';

export interface CallReference extends GraphPosition {
  /** The symbol that makes the call; absent for a call at module level. */
  enclosing_symbol?: string;
  resolution?: string;
}

/** Every call site the graph links to the symbol, with the symbol that makes the call, in file and line order. */
export function referencesTo(graph: CodeGraph, symbol: IndexedSymbol, deadline?: DeadlineCheck): CallReference[] {
  const refs: CallReference[] = [];
  graph.calls.forEachInEdge(symbol.id, (_e, data, source) => {
    checkEvery(deadline, refs.length, NARROW);
    for (const site of data.sites) refs.push({ ...site, enclosing_symbol: source, resolution: data.resolution });
  });
  for (const site of graph.moduleCallers.get(symbol.id) ?? []) refs.push({ ...site });
  return refs.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.character - b.character));
}
