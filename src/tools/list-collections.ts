import * as path from 'node:path';
import { limitArg, searchFilterArg } from './shared/retrieval-args';
import { retrievalReady } from './shared/retrieval-lookup';
import { defineTool, READ_ONLY } from './shared/tool';
import { z } from 'zod';
import { list } from './shared/outputs';

export const listCollectionsTool = defineTool({
  name: 'list_collections',
  title: 'List doc collections',
  description:
    'The markdown doc collections (one per folder with docs; `docs/` as one; ADR folders apart) with the `id` other tools take.',
  group: 'retrieve',
  inputSchema: { search: searchFilterArg, limit: limitArg },
  outputSchema: { collections: list, total: z.number() },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const all = [];
    for (const engine of ctx.workspaces.engines) {
      const index = await retrievalReady(ctx, engine);
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
