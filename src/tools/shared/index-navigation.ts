import { checkEvery, type DeadlineCheck } from '../../common/deadline';
import type { CodeGraph } from '../../graph/code-graph';
import { symbolAt } from '../../graph/symbol-at';
import type { IndexedSymbol } from '../../graph/symbol-table';
import type { Engine } from '../../engine/engine';
import type { SourcePosition } from '../../engine/language-features';
import { lookupSymbol } from '../../graph/symbol-lookup';

/** The identifier under a position (code points), or undefined on whitespace/punctuation. */
export function wordAt(engine: Engine, at: SourcePosition): { word: string; start: number } | undefined {
  const line = [...(engine.readText(at.file).split('\n')[at.line - 1] ?? '')];
  let s = at.character - 1;
  let e = s;
  const isWord = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_$]/u.test(c);
  if (!isWord(line[s])) return undefined;
  while (s > 0 && isWord(line[s - 1])) s--;
  while (isWord(line[e + 1])) e++;
  return { word: line.slice(s, e + 1).join(''), start: s + 1 };
}

/**
 * Index answer to "what does the name at this position refer to": the resolved targets of the call there,
 * else the symbol declared there, else the symbol(s) of that name.
 */
export function indexDefinitions(engine: Engine, graph: CodeGraph, at: SourcePosition, deadline?: DeadlineCheck): IndexedSymbol[] {
  const w = wordAt(engine, at);
  if (!w) return [];
  const targets = new Map<string, IndexedSymbol>();
  const matchSite = (site: { file: string; line: number; character: number }) => site.file === at.file && site.line === at.line && site.character === w.start;
  // A call's definition is what it names, not the overrides it may dispatch to (go_to_implementation's answer).
  // Every call edge of the workspace is looked at: a large one checks the call's deadline as it goes.
  let edges = 0;
  graph.calls.forEachEdge((_e, data, _source, target) => {
    checkEvery(deadline, edges++, NARROW);
    if (data.resolution !== 'dispatch' && data.sites.some(matchSite)) targets.set(target, graph.table.byId.get(target)!);
  });
  for (const [target, sites] of graph.moduleCallers) {
    checkEvery(deadline, edges++, NARROW);
    if (sites.some((s) => s.resolution !== 'dispatch' && matchSite(s))) targets.set(target, graph.table.byId.get(target)!);
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

export interface IndexReference {
  file: string;
  line: number;
  character: number;
  enclosing_symbol?: string;
  resolution?: string;
}

/** Every call site the graph links to the symbol, with the symbol that makes the call. */
export function indexReferences(graph: CodeGraph, symbol: IndexedSymbol, deadline?: DeadlineCheck): IndexReference[] {
  const refs: IndexReference[] = [];
  graph.calls.forEachInEdge(symbol.id, (_e, data, source) => {
    checkEvery(deadline, refs.length, NARROW);
    for (const site of data.sites) refs.push({ ...site, enclosing_symbol: source, resolution: data.resolution });
  });
  for (const site of graph.moduleCallers.get(symbol.id) ?? []) refs.push({ ...site });
  return refs.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.character - b.character));
}
