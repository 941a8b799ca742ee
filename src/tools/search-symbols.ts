import { z } from 'zod';
import { errorMessage } from '../common/errors';
import { fitToBudget } from '../common/tokens';
import type { WorkspaceSymbolInfo } from '../engine/language-features';
import { LANGUAGE_IDS } from '../index/languages';
import { SYMBOL_KINDS } from '../index/records';
import type { SymbolHit } from '../search/symbol-search';
import { maxTokensArg, workspaceArg } from './common-args';
import { queryArg } from './retrieval-args';
import { symbolJson } from './symbols';
import { defineTool, READ_ONLY } from './tool';

export const searchSymbolsTool = defineTool({
  name: 'search_symbols',
  title: 'Search symbols',
  description:
    'Finds code symbols by name: exact, prefix, the words of a camel- or snake-case name (`invoiceTotal` finds `parseInvoiceTotal`), or a ' +
    'misspelling (`parseInvoceTotal`). Exact matches come first, then prefix, word and fuzzy matches, central symbols (PageRank over the call ' +
    'graph) first within each. Returns names, kinds, files and line ranges, no bodies (read_node reads one). In VS Code, language-server ' +
    'workspace symbols are merged in. Filter with `kind` and `lang`. Returns { matches, total, truncated }.',
  group: 'retrieve',
  inputSchema: {
    query: queryArg,
    top_k: z.number().int().min(1).max(100).default(10).describe('How many matches (1–100, default 10).'),
    kind: z.enum(SYMBOL_KINDS).optional().describe(`Only this kind: ${SYMBOL_KINDS.join(', ')}.`),
    lang: z.enum(LANGUAGE_IDS as [string, ...string[]]).optional().describe(`Only this language: ${LANGUAGE_IDS.join(', ')}.`),
    workspace: workspaceArg,
    max_tokens: maxTokensArg,
  },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const engine = ctx.workspaces.pick(args.workspace);
    const index = await engine.retrieval.ready();
    const hits = index.searchSymbols(args.query, (s) => (!args.kind || s.kind === args.kind) && (!args.lang || s.lang === args.lang));
    let fromServers: WorkspaceSymbolInfo[] = [];
    let serverNote: string | undefined;
    if (ctx.features.workspaceSymbols) {
      try {
        fromServers = await ctx.features.workspaceSymbols(args.query, engine.root, ctx.signal);
      } catch (e) {
        serverNote = `Language servers did not answer (${errorMessage(e)}); these are index matches only.`;
      }
    }
    const matches = merge(hits, fromServers, args.kind).slice(0, args.top_k);
    return fitToBudget(matches, args.max_tokens, (kept, truncated) => ({
      query: args.query,
      matches: kept,
      total: hits.length,
      sources: ctx.features.workspaceSymbols && !serverNote ? ['index', 'language_server'] : ['index'],
      truncated,
      ...(serverNote ? { note: serverNote } : {}),
      ...(truncated ? { hint: `Showing ${kept.length} of ${matches.length}. Lower top_k or raise max_tokens.` } : {}),
      ...(matches.length === 0 ? { hint: `No symbol name matches "${args.query}". Try a shorter fragment, or retrieve to search code text and docs.` } : {}),
    }));
  },
});

/**
 * Index matches first where they are strong (exact, prefix, words); language-server symbols the index does
 * not know come next, before fuzzy index matches. A server symbol with the name of an indexed one in the same file is that symbol.
 */
function merge(hits: SymbolHit[], servers: WorkspaceSymbolInfo[], kind?: string) {
  const indexed = hits.map((h) => ({ ...symbolJson(h.symbol), match: h.match, score: h.score, source: 'index' }));
  const known = new Set(hits.map((h) => `${h.symbol.file}:${h.symbol.name}`));
  const extra = servers
    .filter((s) => (!kind || s.kind === kind) && !known.has(`${s.file}:${s.name}`))
    .map((s) => ({ name: s.name, kind: s.kind, file: s.file, line_start: s.range.start.line, line_end: s.range.end.line, ...(s.container ? { container: s.container } : {}), match: 'language_server', source: 'language_server' }));
  const strong = indexed.filter((h) => h.match !== 'fuzzy');
  return [...strong, ...extra, ...indexed.filter((h) => h.match === 'fuzzy')];
}
