import * as path from 'node:path';
import { z } from 'zod';
import { errorMessage } from '../common/errors';
import { limitArg, searchFilterArg } from './shared/retrieval-args';
import { defineTool, READ_ONLY } from './shared/tool';
import { list } from './shared/outputs';

export const listRepositoriesTool = defineTool({
  name: 'list_repositories',
  title: 'List repositories',
  description:
    'Lists the repositories Sightline can search: the open workspace folders (headless: the --root folder). Each has a `slug` (what the ' +
    '`repository` argument of other tools takes), its path, its index status (`indexing`, `ready`, `error` with the reason) and counts of ' +
    'source files, symbols, markdown documents and collections. Use it first when you do not know which repository to search; then ' +
    'route, outline or retrieve. Returns { repositories, total }.',
  group: 'retrieve',
  inputSchema: {
    search: searchFilterArg,
    status: z.enum(['indexing', 'ready', 'error']).optional().describe('Only repositories in this index status.'),
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
        const index = await engine.retrieval.ready();
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
        repositories.push({ slug, path: engine.root, status: 'error', error: errorMessage(e) });
      }
    }
    const filtered = repositories.filter((r) => !args.status || r.status === args.status);
    return { repositories: filtered.slice(0, args.limit), total: filtered.length };
  },
});
