import { invalidArgument } from '../common/errors';
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
    'A map of a repository or of a doc collection, to decide what to read next. With `repository`: its top-level folders (with file ' +
    'counts) and the titles of its generated wiki pages (open one with wiki_page). With `collection_id`: its documents with titles and a ' +
    'sketch of their headings (open one with collection_document, or a section with read_chunk). Pass exactly one of the two. Each list ' +
    'holds at most 30 items and says how many more there are. Returns { folders, wiki_pages } or { documents }.',
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
    for (const file of [...index.graph.table.files.keys(), ...index.documents().keys()]) {
      const top = file.includes('/') ? `${file.split('/')[0]}/` : '.';
      folders.set(top, (folders.get(top) ?? 0) + 1);
    }
    const folderList = capped([...folders].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, files]) => ({ path, files })));
    const pages = capped(index.wikiPages().map((p) => ({ page: p.id, title: p.title, purpose: p.purpose })));
    return { repository: index.repository, folders: folderList.items, more_folders: folderList.more, wiki_pages: pages.items, more_wiki_pages: pages.more };
  },
});
