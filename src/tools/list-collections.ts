import * as path from 'node:path';
import { limitArg, searchFilterArg } from './shared/retrieval-args';
import { defineTool, READ_ONLY } from './shared/tool';
import { z } from 'zod';
import { list } from './shared/outputs';

export const listCollectionsTool = defineTool({
  name: 'list_collections',
  title: 'List doc collections',
  description:
    'Lists the markdown document collections of every repository: by default one per folder that holds markdown (the root README and its ' +
    'neighbours, `docs/` with everything under it, each ADR folder on its own), plus one per configured glob (CLI: --doc-collection). ' +
    'Each has a stable `id` (what collection_search, outline, collection_document and read_chunk take), its repository, folder and ' +
    'document count. Returns { collections, total }.',
  group: 'retrieve',
  inputSchema: { search: searchFilterArg, limit: limitArg },
  outputSchema: { collections: list, total: z.number() },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const all = [];
    for (const engine of ctx.workspaces.engines) {
      const index = await engine.retrieval.ready();
      for (const c of index.collections()) {
        all.push({ id: c.id, repository: path.basename(engine.root), path: c.path, kind: c.kind, documents: c.documents.length });
      }
    }
    const needle = args.search?.toLowerCase();
    const filtered = needle ? all.filter((c) => `${c.id} ${c.path}`.toLowerCase().includes(needle)) : all;
    return {
      collections: filtered.slice(0, args.limit),
      total: filtered.length,
      ...(all.length === 0 ? { hint: 'No markdown documents were found in any workspace folder (ignored and excluded folders are not searched).' } : {}),
    };
  },
});
