import { z } from 'zod';
import { estimateTokens, fitToBudget } from '../common/tokens';
import { type ContentHit, type Store, STORES } from '../search/content-search';
import type { RetrievalIndex } from '../search/retrieval-index';
import { anchoredSnippet } from '../search/snippet';
import { maxTokensArg } from './shared/common-args';
import { defaultRepositoryArg, isoDateTimeArg, queryArg, snippetCharsArg } from './shared/retrieval-args';
import { repositoryIndex } from './shared/retrieval-lookup';
import { timeWindow } from './shared/time-window';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, budgeted } from './shared/outputs';
import { deadlineOf } from './shared/context';

const MAX_TOP_K = 25;
const MODE_STORES: Record<'code' | 'wiki' | 'mixed', readonly Store[]> = { code: ['code', 'ast_summary'], wiki: ['wiki', 'repo_doc'], mixed: STORES };

const isCode = (h: ContentHit) => h.doc.store === 'code' || h.doc.store === 'ast_summary';

/** A hit as the agent reads it: where it is, what opens it (symbol_id, chunk_id or wiki page#section), and a snippet. */
function citedHit(index: RetrievalIndex, h: ContentHit, query: string, snippetChars: number) {
  const { snippet, truncated } = anchoredSnippet(index.textOf(h.doc), query, snippetChars);
  const citation = isCode(h)
    ? { file: h.doc.file, symbol_id: h.doc.ref }
    : h.doc.store === 'repo_doc'
      ? { file: h.doc.file, chunk_id: h.doc.ref, collection_id: h.doc.collections?.[0] }
      : { wiki_page: h.doc.file, section: h.doc.ref.split('#')[1] };
  return { store: h.doc.store, title: h.doc.title, ...citation, line_start: h.doc.line_start, line_end: h.doc.line_end, snippet, content_truncated: truncated };
}

function neighbours(index: RetrievalIndex, symbolId: string) {
  return {
    callers: index.graph.walk([symbolId], 'in', 1).slice(0, 5).map((r) => r.symbol.id),
    callees: index.graph.walk([symbolId], 'out', 1).slice(0, 5).map((r) => r.symbol.id),
  };
}

export const retrieveTool = defineTool({
  name: 'retrieve',
  title: 'Retrieve',
  description:
    'Answers a question with ranked, cited snippets from code, signatures + docs (ast_summary), markdown (repo_doc) and wiki pages. Each hit has file, lines and an id for read_node, read_chunk or wiki_page.',
  group: 'retrieve',
  inputSchema: {
    query: queryArg,
    repository: defaultRepositoryArg,
    mode: z.enum(['code', 'wiki', 'mixed']).default('mixed').describe('code, wiki (docs + wiki pages) or both.'),
    stores: z.array(z.enum(STORES)).min(1).max(STORES.length).optional().describe('Instead of mode.'),
    top_k: z.number().int().min(1).max(1000).default(10).describe('Above 25 is clamped to 25.'),
    snippet_chars: snippetCharsArg(600),
    since: isoDateTimeArg('Changed at or after'),
    until: isoDateTimeArg('Changed at or before'),
    as_of: isoDateTimeArg('As they stood then (today\'s text)'),
    include_graph: z.boolean().default(false).describe('≤ 5 callers/callees per hit.'),
    include_scores: z.boolean().default(false),
    max_tokens: maxTokensArg,
  },
  outputSchema: { results: list, total_hits: z.number(), ...budgeted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const window = timeWindow(args);
    const { index } = await repositoryIndex(ctx, args.repository);
    const stores = args.stores ?? MODE_STORES[args.mode];
    const topK = Math.min(args.top_k, MAX_TOP_K);
    // One hit per symbol, chunk or wiki section: a symbol's body and its signature are the same citation.
    const deadline = deadlineOf(ctx);
    const { hits, total } = await index.topContent(args.query, { stores, since: window.since, until: window.until }, topK, deadline);
    deadline.check('Use fewer or more specific words, or fewer stores.');
    const top = hits[0]?.score ?? 1;
    const results = hits.map((h, i) => ({
      rank: i + 1,
      ...citedHit(index, h, args.query, args.snippet_chars),
      ...(args.include_scores ? { score: Math.round((h.score / top) * 1000) / 1000 } : {}),
      ...(window.active && h.doc.store !== 'wiki' ? { changed_at: index.changeTime(h.doc.file)?.at } : {}),
      ...(args.include_graph && isCode(h) ? { graph: neighbours(index, h.doc.ref) } : {}),
    }));
    const answer = fitToBudget(results, args.max_tokens, (kept, truncated) => ({
      query: args.query,
      repository: index.repository,
      stores,
      top_k: topK,
      results: kept,
      total_hits: total,
      ...(window.active ? { time_filter: { ...window.echo, basis: index.timeBasis() } } : {}),
      truncated,
      ...(truncated ? { hint: `Showing ${kept.length} of ${results.length} hits. Lower snippet_chars or top_k, or raise max_tokens.` } : {}),
      ...(total === 0 ? { hint: `No ${stores.join('/')} entries match "${args.query}"${window.active ? ' in that time window' : ''}. Try other words, mode mixed, or search_symbols for a name.` } : {}),
    }));
    return { ...answer, total_tokens_estimate: estimateTokens(answer.results) };
  },
});
