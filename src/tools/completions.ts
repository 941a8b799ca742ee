import { z } from 'zod';
import { notFound } from '../common/errors';
import { fitToBudget } from '../common/tokens';
import type { SourcePosition } from '../engine/language-features';
import { positionArgs, positionInWorkspace } from './shared/addressing';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { referencesTo } from '../graph/navigation';
import { requireFeature } from './shared/language-shared';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, detail, source, counted } from './shared/outputs';

export const completionsTool = defineTool({
  name: 'completions',
  title: 'Completions',
  description:
    'What the editor would complete at a position (after `obj.`: obj\'s members), from the language server.',
  group: 'navigate',
  inputSchema: {
    ...positionArgs,
    limit: z.number().int().min(1).max(500).default(50).describe('Most items to return.'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { position: detail, items: list, source, ...counted },
  annotations: READ_ONLY,
  needsLanguageServer: true,
  async handler(args, ctx) {
    const completions = requireFeature(ctx, 'completions', 'completions', 'search_symbols');
    const { engine, ...resolved } = await positionInWorkspace(ctx, args);
    let at: SourcePosition = resolved.at;
    if (resolved.symbol) {
      const site = referencesTo(engine.graph, resolved.symbol)[0];
      if (!site) throw notFound(`The index knows no use of ${resolved.symbol.id} to complete at. Pass file, line and character instead.`);
      at = { file: site.file, line: site.line, character: site.character + [...resolved.symbol.name].length };
    }
    const items = (await completions(at, engine.root, ctx.signal)).slice(0, args.limit);
    return fitToBudget(items, args.max_tokens, (kept, truncated) => ({ position: at, items: kept, total: items.length, truncated, source: 'language_server' }));
  },
});
