import { checkEvery } from '../common/deadline';
import { invalidArgument } from '../common/errors';
import { deadlineOf } from './shared/context';
import { collectionIdArg, repositoryArg } from './shared/retrieval-args';
import { findCollection, repositoryIndex } from './shared/retrieval-lookup';
import { defineTool, READ_ONLY } from './shared/tool';
import { z } from 'zod';
import { list } from './shared/outputs';

const MAX_ITEMS = 30;

function capped<T>(items: T[]): { items: T[]; more: number } {
  return { items: items.slice(0, MAX_ITEMS), more: Math.max(0, items.length - MAX_ITEMS) };
}

export const outlineTool = defineTool({
  name: 'outline',
  title: 'Outline',
  description:
    'What to read next: a `repository`\'s top folders and wiki pages, or a `collection_id`\'s documents and headings (exactly one of the two).',
  group: 'retrieve',
  inputSchema: { repository: repositoryArg.optional(), collection_id: collectionIdArg.optional() },
  outputSchema: { repository: z.string().optional(), collection_id: z.string().optional(), folders: list.optional(), documents: list.optional() },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    if ((args.repository === undefined) === (args.collection_id === undefined)) {
      throw invalidArgument('outline takes exactly one of `repository` or `collection_id`: pass a repository slug for a code outline, or a collection id for a doc outline — not both, not neither.');
    }
    if (args.collection_id !== undefined) {
      const { index, collection } = await findCollection(ctx, args.collection_id);
      const documents = capped(collection.documents.map((rel) => {
        const entry = index.documents().get(rel)!;
        const headings = capped(entry.parsed.headings.filter((h) => h.level <= 3).map((h) => `${'#'.repeat(h.level)} ${h.text}`));
        return { document_id: rel, title: entry.parsed.title, headings: headings.items, ...(headings.more ? { more_headings: headings.more } : {}) };
      }));
      return { collection_id: collection.id, path: collection.path, documents: documents.items, more_documents: documents.more };
    }
    const { index } = await repositoryIndex(ctx, args.repository);
    const folders = new Map<string, number>();
    const deadline = deadlineOf(ctx);
    let n = 0;
    for (const file of [...index.graph.table.files.keys(), ...index.documents().keys()]) {
      checkEvery(deadline, n++, 'Ask wiki_page or dependency_graph about one folder instead.');
      const top = file.includes('/') ? `${file.split('/')[0]}/` : '.';
      folders.set(top, (folders.get(top) ?? 0) + 1);
    }
    const folderList = capped([...folders].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, files]) => ({ path, files })));
    const pages = capped(index.wikiPages().map((p) => ({ page: p.id, title: p.title, purpose: p.purpose })));
    return { repository: index.repository, folders: folderList.items, more_folders: folderList.more, wiki_pages: pages.items, more_wiki_pages: pages.more };
  },
});
