import { z } from 'zod';
import { fitToBudget } from '../common/tokens';
import { maxTokensArg } from './shared/common-args';
import { collectionIdArg } from './shared/retrieval-args';
import { collectionDocument, findCollection } from './shared/retrieval-lookup';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, budgeted } from './shared/outputs';

export const collectionDocumentTool = defineTool({
  name: 'collection_document',
  title: 'Read a collection document',
  description:
    'A whole markdown document (`document_id` from outline or collection_search) with headings, code blocks, tables, links and section chunk ids.',
  group: 'retrieve',
  inputSchema: {
    collection_id: collectionIdArg,
    document_id: z.string().min(1).max(1000).describe('Path in the repository (`docs/guide.md`).'),
    max_tokens: maxTokensArg,
  },
  outputSchema: { document_id: z.string(), text: z.string(), chunks: list, ...budgeted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { engine, index, collection } = await findCollection(ctx, args.collection_id);
    const entry = collectionDocument(engine, index, collection, args.document_id);
    const lines = index.readText(entry.rel).split('\n');
    const { parsed } = entry;
    // The structure is small and always whole; the budget cuts the text, a line at a time from the end.
    return fitToBudget(lines, args.max_tokens, (kept, truncated) => ({
      collection_id: collection.id,
      document_id: entry.rel,
      title: parsed.title,
      text: kept.join('\n'),
      lines: lines.length,
      headings: parsed.headings.map((h) => ({ level: h.level, text: h.text, line: h.line })),
      code_blocks: parsed.code_blocks,
      tables: parsed.tables,
      links: parsed.links,
      chunks: entry.chunks.map((c) => ({ chunk_id: c.id, line_start: c.line_start, line_end: c.line_end })),
      truncated,
      ...(truncated ? { hint: `The text shows lines 1–${kept.length} of ${lines.length}. Read later sections with read_chunk (chunk ids above), or raise max_tokens.` } : {}),
    }));
  },
});
