import { estimateTokens } from '../common/tokens';
import { cutAtLine } from '../search/snippet';
import { maxTokensArg } from './shared/common-args';
import { defaultRepositoryArg } from './shared/retrieval-args';
import { repositoryIndex } from './shared/retrieval-lookup';
import { defineTool, READ_ONLY } from './shared/tool';
import { z } from 'zod';
import { budgeted } from './shared/outputs';

const CHARS_PER_TOKEN = 3.5;

export const repositoryReadmeTool = defineTool({
  name: 'repository_readme',
  title: 'Repository README',
  description:
    "The repository's README (README.md at its root), or, when it has none, the generated overview wiki page (purpose, modules, central " +
    'symbols, import cycles) with `generated: true`. Use it to learn what a repository is for before reading code. A long README is cut ' +
    'at a line within max_tokens and says truncated; read the rest with read_file_range. Returns { path, text, generated, truncated }.',
  group: 'retrieve',
  inputSchema: { repository: defaultRepositoryArg, max_tokens: maxTokensArg },
  outputSchema: { repository: z.string(), text: z.string(), generated: z.boolean(), ...budgeted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { index } = await repositoryIndex(ctx, args.repository);
    const readmes = [...index.documents().keys()].filter((d) => /^readme\.(md|markdown|mdx)$/i.test(d)).sort((a, b) => Number(b === 'README.md') - Number(a === 'README.md'));
    const generated = readmes.length === 0;
    const docPath = generated ? undefined : readmes[0];
    const text = docPath ? index.readText(docPath) : index.wikiPages()[0].markdown;
    // Leave room for the envelope (path, flags, freshness) inside the budget.
    const cut = cutAtLine(text, Math.max(200, Math.floor((args.max_tokens - 150) * CHARS_PER_TOKEN)));
    const result = {
      repository: index.repository,
      ...(docPath ? { path: docPath } : { page: '.' }),
      generated,
      text: cut.text,
      truncated: cut.truncated,
      ...(cut.truncated ? { hint: docPath ? `Showing lines 1–${cut.lines} of ${text.split('\n').length}. Read the rest with read_file_range from line ${cut.lines + 1}, or raise max_tokens.` : 'Raise max_tokens, or read one section with wiki_page.' } : {}),
    };
    return { ...result, tokens_estimate: estimateTokens(result) };
  },
});
