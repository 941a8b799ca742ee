import { ambiguous, notFound } from '../common/errors';
import type { CodeGraph } from './code-graph';
import { ENCLOSING_KINDS, symbolAt } from './symbol-at';
import type { IndexedSymbol } from './symbol-table';

const MAX_CANDIDATES = 20;

/** `src/a.ts:120`: a workspace-relative path and a 1-based line. */
const PATH_LINE = /^(?:\.\/)?(.+):(\d+)$/;

/**
 * Finds the one symbol an agent means, by what agents write:
 * - a symbol id (`src/a.ts#Parser.parse`);
 * - `path:line` (`src/a.ts:120`): the innermost function, method or type enclosing that line;
 * - a qualified name (`Parser.parse`, Rust `Parser::parse`), also by its tail (`Position.is` for `ns.Position.is`);
 * - a bare name, nested ones included (`is` for `Position.is`, `inner` for a function inside another).
 * Several matches are an `ambiguous` error listing candidate ids, never a guess; no match suggests near names.
 */
export function lookupSymbol(graph: CodeGraph, query: string): IndexedSymbol {
  const trimmed = query.trim();
  const byId = graph.table.byId.get(trimmed);
  if (byId) return byId;
  const at = PATH_LINE.exec(trimmed);
  if (at && graph.table.byFile.has(at[1])) return enclosingLine(graph, at[1], Number(at[2]));
  const q = trimmed.replace(/::/g, '.').replace(/\(\)$/, '');
  const candidates = graph.table.byQualified.get(q) ?? graph.table.byName.get(q) ?? byQualifiedTail(graph, q);
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1) {
    const ids = candidates.slice(0, MAX_CANDIDATES).map((c) => c.id);
    throw ambiguous(
      `"${query}" names ${candidates.length} symbols. Call again with one of these symbol ids: ${ids.join(', ')}${candidates.length > MAX_CANDIDATES ? ' …' : ''}.`,
      { candidates: ids },
    );
  }
  const lower = q.toLowerCase();
  // The first few near names: the pass stops once it has them rather than testing every symbol of the workspace.
  const near: string[] = [];
  for (const s of graph.table.all) {
    if (s.qualifiedName.toLowerCase().includes(lower) || lower.includes(s.name.toLowerCase())) near.push(s.id);
    if (near.length === 5) break;
  }
  throw notFound(
    `No symbol named "${query}" in the index.${near.length ? ` Did you mean: ${near.join(', ')}?` : ' Try search_symbols or structural_search to find it.'}`,
    { suggestions: near },
  );
}

/** `a.b.c` written as `b.c`: the symbols whose qualified name ends with it. */
function byQualifiedTail(graph: CodeGraph, q: string): IndexedSymbol[] {
  const dot = q.lastIndexOf('.');
  if (dot <= 0) return [];
  return (graph.table.byName.get(q.slice(dot + 1)) ?? []).filter((s) => s.qualifiedName.endsWith(`.${q}`));
}

function enclosingLine(graph: CodeGraph, file: string, line: number): IndexedSymbol {
  const found = symbolAt(graph, file, line, { kinds: ENCLOSING_KINDS });
  if (found) return found;
  const symbols = (graph.table.byFile.get(file) ?? []).filter((s) => ENCLOSING_KINDS.has(s.kind));
  const listed = symbols.slice(0, 10).map((s) => `${s.name} (${s.lineStart}–${s.lineEnd})`);
  throw notFound(
    `No function, method or type encloses line ${line} of ${file}.${listed.length ? ` Its symbols: ${listed.join(', ')}${symbols.length > 10 ? ' …' : ''}.` : ' It declares none.'} Pass a line inside one, or the file path itself where a file is accepted.`,
    { suggestions: symbols.slice(0, 10).map((s) => s.id) },
  );
}
