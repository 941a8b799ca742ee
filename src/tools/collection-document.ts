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
    'One whole markdown document of a collection, with its structure parsed out: title, headings (level, text, line), fenced code blocks ' +
    '(language, lines, text), tables (header and rows), links (text, target, line), and the chunk ids of its sections. The text is cut at ' +
    'a line within max_tokens when the document is long (truncated: true, then read_chunk by section). `document_id` is the path inside the ' +
    'repository, as outline and collection_search return it. Returns { document_id, title, text, headings, code_blocks, tables, links, chunks }.',
  group: 'retrieve',
  inputSchema: {
    collection_id: collectionIdArg,
    document_id: z.string().min(1).max(1000).describe('The document\'s path inside its repository (`docs/guide.md`), from outline or collection_search.'),
    max_tokens: maxTokensArg,
  },
  outputSchema: { collection_id: z.string(), document_id: z.string(), text: z.string(), chunks: list, ...budgeted },
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
