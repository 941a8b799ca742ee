import { z } from 'zod';
import { errorMessage, isSightlineError } from '../common/errors';
import { fitToBudget } from '../common/tokens';
import type { Engine } from '../engine/engine';
import type { IndexedSymbol } from '../graph/symbol-table';
import { LANGUAGE_IDS } from '../index/languages';
import { classifyName, MATCH_ORDER, matchScore, type SymbolHit, type SymbolMatch, type SymbolResults } from '../search/symbol-search';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { providerSymbolJson } from './shared/language-shared';
import { queryArg } from './shared/retrieval-args';
import { retrievalReady } from './shared/retrieval-lookup';
import { deadlineOf } from './shared/context';
import type { ToolContext } from './shared/tool';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, counted } from './shared/outputs';

interface Match {
  name: string;
  kind: string;
  file: string;
  line: number;
  character: number;
  line_end: number;
  container?: string;
  symbol_id?: string;
  signature?: string;
  lang?: string;
  match: SymbolMatch;
  score: number;
  sources: string[];
}

export const searchSymbolsTool = defineTool({
  name: 'search_symbols',
  title: 'Search symbols',
  description:
    'Finds symbols by name: exact, prefix, camel-case words, substring, misspelling, letters in order; central first; plus the language servers\' symbols in VS Code. Names and lines, no bodies.',
  group: 'navigate',
  inputSchema: {
    query: queryArg,
    top_k: z.number().int().min(1).max(100).default(10),
    kind: z.string().min(1).max(40).optional().describe('function, method, class, interface, …'),
    lang: z.enum(LANGUAGE_IDS as [string, ...string[]]).optional(),
    workspace: workspaceArg,
    max_tokens: maxTokensArg,
  },
  outputSchema: { query: z.string(), symbols: list, note: z.string().optional(), ...counted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const engine = ctx.workspaces.pick(args.workspace);
    const index = await retrievalReady(ctx, engine);
    const kind = args.kind?.toLowerCase();
    const merged = new Map<string, Match>();
    // No filter at all without kind or lang: then ranking a common stem's matches reads no symbol (see SymbolSearch.top).
    const filter = kind || args.lang ? (s: IndexedSymbol) => (!kind || s.kind === kind) && (!args.lang || s.lang === args.lang) : undefined;
    // The index's best top_k only: the rest of its matches cannot be listed, and are counted and looked up.
    const results = await index.topSymbols(args.query, filter, args.top_k, deadlineOf(ctx));
    for (const hit of results.hits) merged.set(hit.symbol.id, indexMatch(hit));
    // Server symbols carry no language of ours: a `lang` filter is about the index, so they are left out then.
    // Headless the features are the index itself, whose symbols are in `merged` already: nothing to ask.
    const fromServers = new Map<string, Match>();
    const askServers = !args.lang && ctx.features.source !== 'index';
    const note = askServers ? await mergeServerSymbols(ctx, engine, args.query, kind, merged, results, fromServers) : undefined;
    const ranked = [...merged.values()].sort((a, b) => MATCH_ORDER.indexOf(a.match) - MATCH_ORDER.indexOf(b.match) || b.score - a.score || (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
    const top = ranked.slice(0, args.top_k);
    const total = results.total + fromServers.size;
    return fitToBudget(top, args.max_tokens, (kept, truncated) => ({
      query: args.query,
      symbols: kept,
      total,
      truncated,
      ...(note ? { note } : {}),
      ...(truncated ? { hint: `Showing ${kept.length} of ${top.length}. Lower top_k or raise max_tokens.` } : {}),
      ...(total === 0 ? { hint: `No symbol name matches "${args.query}". Try a shorter fragment, or retrieve to search code text and docs.` } : {}),
    }));
  },
});

function indexMatch(h: SymbolHit): Match {
  const s = h.symbol;
  return {
    name: s.name,
    kind: s.kind,
    file: s.file,
    line: s.lineStart,
    character: s.character,
    line_end: s.lineEnd,
    ...(s.qualifiedName !== s.name ? { container: s.qualifiedName.slice(0, s.qualifiedName.length - s.name.length - 1) } : {}),
    symbol_id: s.id,
    signature: s.signature,
    lang: s.lang,
    match: h.match,
    score: h.score,
    sources: ['index'],
  };
}

/**
 * Adds the language servers' workspace symbols (VS Code); a symbol both know is listed once, with both sources.
 * `results` are all of the index's matches (only the best are in `merged`); symbols only servers know go in `fromServers`.
 */
async function mergeServerSymbols(
  ctx: ToolContext, engine: Engine, query: string, kind: string | undefined, merged: Map<string, Match>, results: SymbolResults, fromServers: Map<string, Match>,
): Promise<string | undefined> {
  let answer;
  try {
    answer = await ctx.features.workspaceSymbols(query, engine.root, ctx.signal, deadlineOf(ctx));
  } catch (e) {
    if (isSightlineError(e) && e.kind === 'cancelled') throw e;
    return `Language servers did not answer (${errorMessage(e)}); these results are from the index only.`;
  }
  // The index's own answer adds nothing: its symbols, ranked with how each matched, are in `merged` already.
  if (answer.source === 'index') return undefined;
  const indexed = (hit: SymbolHit | undefined): Match | undefined => {
    if (!hit) return undefined;
    const m = merged.get(hit.symbol.id) ?? indexMatch(hit);
    merged.set(hit.symbol.id, m);
    return m;
  };
  for (const p of answer.value) {
    // Language servers decorate names (TypeScript: `compute()`): match and key on the bare name.
    const name = p.name.replace(/\(\)$/, '');
    if (kind && p.kind.toLowerCase() !== kind) continue;
    const j = providerSymbolJson(engine, { ...p, name });
    // Workspace symbols often carry only the declaration's range (no name position), so the index cannot place
    // them by position: the indexed symbol of that name in that file whose lines hold it is the same symbol.
    const known = j.symbol_id
      ? (merged.get(j.symbol_id) ?? indexed(results.hit(j.symbol_id)))
      : (indexed(results.find((s) => s.file === j.file && s.name === name && s.lineStart <= j.line && j.line <= s.lineEnd)) ??
        [...fromServers.values()].find((m) => m.symbol_id && m.file === j.file && m.name === name && m.line <= j.line && j.line <= m.line_end));
    if (known) {
      known.sources = [...new Set([...known.sources, 'language_server'])];
      continue;
    }
    const match = classifyName(name, query) ?? 'language_server';
    const m: Match = {
      name, kind: j.kind, file: j.file, line: j.line, character: j.character, line_end: p.range.end.line,
      ...(p.container ? { container: p.container } : {}), ...(j.symbol_id ? { symbol_id: j.symbol_id } : {}),
      match, score: matchScore(match, 0.5), sources: ['language_server'],
    };
    const key = j.symbol_id ?? `${j.file}:${j.line}:${name}`;
    merged.set(key, m);
    fromServers.set(key, m);
  }
  return undefined;
}
