import { z } from 'zod';
import { notFound } from '../common/errors';
import { collectionIdArg } from './shared/retrieval-args';
import { collectionDocument, findCollection } from './shared/retrieval-lookup';
import { defineTool, READ_ONLY } from './shared/tool';
import {  } from './shared/outputs';

export const readChunkTool = defineTool({
  name: 'read_chunk',
  title: 'Read a doc chunk',
  description:
    'The whole text of one markdown section (chunk) of a collection, by the chunk_id that retrieve or collection_search returned, with its ' +
    'heading path, lines, and the ids of the chunks before and after it to keep reading. Returns { chunk_id, document_id, heading_path, text, previous, next }.',
  group: 'retrieve',
  inputSchema: {
    collection_id: collectionIdArg,
    chunk_id: z.string().min(1).max(1000).describe('A chunk id (`docs/guide.md#installing`) from retrieve, collection_search or collection_document.'),
  },
  outputSchema: { chunk_id: z.string(), document_id: z.string(), text: z.string(), previous: z.string().nullable(), next: z.string().nullable() },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { engine, index, collection } = await findCollection(ctx, args.collection_id);
    // The last '#': a document path may hold one (`notes/#1.md`), a heading slug never does.
    const hash = args.chunk_id.lastIndexOf('#');
    if (hash <= 0) throw notFound(`"${args.chunk_id}" is not a chunk id: chunk ids look like \`docs/guide.md#installing\`. Get them from collection_search or collection_document.`);
    const entry = collectionDocument(engine, index, collection, args.chunk_id.slice(0, hash));
    const at = entry.chunks.findIndex((c) => c.id === args.chunk_id);
    if (at < 0) {
      throw notFound(`No chunk "${args.chunk_id}" in ${entry.rel} (it may have changed). Its chunks: ${entry.chunks.slice(0, 20).map((c) => c.id).join(', ')}.`);
    }
    const chunk = entry.chunks[at];
    return {
      collection_id: collection.id,
      chunk_id: chunk.id,
      document_id: entry.rel,
      heading_path: chunk.heading_path,
      line_start: chunk.line_start,
      line_end: chunk.line_end,
      text: chunk.text,
      previous: entry.chunks[at - 1]?.id ?? null,
      next: entry.chunks[at + 1]?.id ?? null,
    };
  },
});
