import * as path from 'node:path';
import { z } from 'zod';
import { errorMessage, isSightlineError } from '../common/errors';
import { retrievalReady } from './shared/retrieval-lookup';
import { limitArg, searchFilterArg } from './shared/retrieval-args';
import { defineTool, READ_ONLY } from './shared/tool';
import { list } from './shared/outputs';

export const listRepositoriesTool = defineTool({
  name: 'list_repositories',
  title: 'List repositories',
  description:
    'The repositories (workspace folders) with the `slug` other tools take as `repository`, index status and counts. Use first when unsure where to look.',
  group: 'retrieve',
  inputSchema: {
    search: searchFilterArg,
    status: z.enum(['indexing', 'ready', 'error']).optional(),
    limit: limitArg,
  },
  outputSchema: { repositories: list, total: z.number() },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const repositories = [];
    for (const engine of ctx.workspaces.engines) {
      const slug = path.basename(engine.root);
      if (args.search && !`${slug} ${engine.root}`.toLowerCase().includes(args.search.toLowerCase())) continue;
      try {
        // Counts need an index: listing waits for it, and a failed build is reported rather than hidden.
        const index = await retrievalReady(ctx, engine);
        repositories.push({
          slug,
          path: engine.root,
          status: engine.status === 'indexing' ? 'indexing' : 'ready',
          files: index.graph.table.files.size,
          symbols: index.graph.table.all.length,
          documents: index.documents().size,
          collections: index.collections().length,
        });
      } catch (e) {
        // Out of budget or cancelled is this call's state, not the folder's: say so instead of listing an error.
        if (isSightlineError(e) && (e.kind === 'timeout' || e.kind === 'cancelled')) throw e;
        repositories.push({ slug, path: engine.root, status: 'error', error: errorMessage(e) });
      }
    }
    const filtered = repositories.filter((r) => !args.status || r.status === args.status);
    return { repositories: filtered.slice(0, args.limit), total: filtered.length };
  },
});
