import { z } from 'zod';
import { notFound } from '../common/errors';
import { slugify } from '../search/markdown';
import { cutAtLine } from '../search/snippet';
import { defaultRepositoryArg } from './shared/retrieval-args';
import { repositoryIndex } from './shared/retrieval-lookup';
import { defineTool, READ_ONLY } from './shared/tool';
import {  } from './shared/outputs';

const MAX_CHARS = 12000;

export const wikiPageTool = defineTool({
  name: 'wiki_page',
  title: 'Wiki page',
  description:
    'A generated wiki page of a repository, in markdown: one per folder that holds source files (`.` is the repository overview). Each page ' +
    'says what the module is for (its README or leading doc comment), its most central symbols with signatures and docs, its files, what ' +
    'it depends on and what depends on it, and the import cycles it is in. Pages are generated from the index, so they are always current. ' +
    `Pass \`section\` (a heading, e.g. "Depends on") for one section. Cut at a line after ${MAX_CHARS} characters with content_truncated. ` +
    'Page names come from outline or retrieve. Returns { page, title, sections, markdown, content_truncated }.',
  group: 'retrieve',
  inputSchema: {
    repository: defaultRepositoryArg,
    page: z.string().min(1).max(1000).describe('The page: a folder path (`src/engine`), or `.` for the repository overview.'),
    section: z.string().min(1).max(200).optional().describe('Only this section: its heading text or slug (`Central symbols`, `depends-on`).'),
  },
  outputSchema: { page: z.string(), title: z.string(), markdown: z.string(), content_truncated: z.boolean() },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { index } = await repositoryIndex(ctx, args.repository);
    const pages = index.wikiPages();
    const wanted = args.page.replace(/^\.\//, '').replace(/\/+$/, '') || '.';
    const page = pages.find((p) => p.id === wanted);
    if (!page) throw notFound(`No wiki page "${args.page}" in ${index.repository}. Pages are folders with source files: ${pages.slice(0, 30).map((p) => p.id).join(', ')}${pages.length > 30 ? ' …' : ''}.`);
    let markdown = page.markdown;
    let section: string | undefined;
    if (args.section !== undefined) {
      const slug = slugify(args.section);
      const found = page.sections.find((s) => s.slug === slug || s.title.toLowerCase() === args.section!.toLowerCase());
      if (!found) throw notFound(`Page ${page.id} has no section "${args.section}". Its sections: ${page.sections.map((s) => s.title).join(', ')}.`);
      markdown = page.markdown.split('\n').slice(found.line_start - 1, found.line_end).join('\n').trimEnd();
      section = found.title;
    }
    const cut = cutAtLine(markdown, MAX_CHARS);
    return {
      repository: index.repository,
      page: page.id,
      title: page.title,
      ...(section ? { section } : {}),
      sections: page.sections.map((s) => s.title),
      markdown: cut.text,
      content_truncated: cut.truncated,
      ...(cut.truncated ? { hint: `Cut after ${cut.text.length} of ${markdown.length} characters. Ask for one section (\`section\`) to read the rest.` } : {}),
    };
  },
});
