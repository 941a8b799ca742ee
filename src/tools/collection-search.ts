import { z } from 'zod';
import { fitToBudget } from '../common/tokens';
import { anchoredSnippet } from '../search/snippet';
import { maxTokensArg } from './shared/common-args';
import { collectionIdArg, queryArg, snippetCharsArg } from './shared/retrieval-args';
import { findCollection } from './shared/retrieval-lookup';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, budgeted } from './shared/outputs';
import { deadlineOf } from './shared/context';

export const collectionSearchTool = defineTool({
  name: 'collection_search',
  title: 'Search a doc collection',
  description:
    'The best sections of one doc collection for `query`, with heading path, lines and snippet.',
  group: 'retrieve',
  inputSchema: {
    collection_id: collectionIdArg,
    query: queryArg,
    top_k: z.number().int().min(1).max(100).default(10).describe('How many sections.'),
    snippet_chars: snippetCharsArg(600),
    max_tokens: maxTokensArg,
  },
  outputSchema: { collection_id: z.string(), hits: list, total_hits: z.number(), ...budgeted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { index, collection } = await findCollection(ctx, args.collection_id);
    const { hits, total } = await index.topContent(args.query, { stores: ['repo_doc'], collection: collection.id }, args.top_k, deadlineOf(ctx));
    const top = hits[0]?.score ?? 1;
    const rendered = hits.map((h) => {
      const { snippet, truncated } = anchoredSnippet(index.textOf(h.doc), args.query, args.snippet_chars);
      return {
        chunk_id: h.doc.ref,
        document_id: h.doc.file,
        heading: h.doc.title,
        line_start: h.doc.line_start,
        line_end: h.doc.line_end,
        score: Math.round((h.score / top) * 1000) / 1000,
        snippet,
        content_truncated: truncated,
      };
    });
    return fitToBudget(rendered, args.max_tokens, (kept, truncated) => ({
      collection_id: collection.id,
      hits: kept,
      total_hits: total,
      truncated,
      ...(truncated ? { hint: `Showing ${kept.length} of ${rendered.length} hits. Lower snippet_chars or top_k, or raise max_tokens.` } : {}),
      ...(total === 0 ? { hint: `No section of ${collection.id} matches "${args.query}". Try other words, or route to find a better collection.` } : {}),
    }));
  },
});
