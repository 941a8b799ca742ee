import { fitToBudget } from '../common/tokens';
import { notFound } from '../common/errors';
import { positionInWorkspace, positionToolArgs } from './shared/addressing';
import { deadlineOf, readyGraph } from './shared/context';
import { indexDefinitions } from './shared/index-navigation';
import { indexedSymbolAt } from './shared/language-shared';
import { symbolJson } from './shared/symbols';
import { defineTool, READ_ONLY } from './shared/tool';
import { z } from 'zod';
import { list, source } from './shared/outputs';

export const goToDefinitionTool = defineTool({
  name: 'go_to_definition',
  title: 'Go to definition',
  description:
    'Where the symbol at a position (a usage) is defined: the language server in VS Code, else the index.',
  group: 'navigate',
  inputSchema: positionToolArgs,
  outputSchema: { definitions: list, source, truncated: z.boolean().optional() },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { engine, at, symbol } = await positionInWorkspace(ctx, args);
    if (symbol && !ctx.features.definition) return { definitions: [symbolJson(symbol)], source: 'index' };
    if (ctx.features.definition) {
      const ranges = await ctx.features.definition(at, engine.root, ctx.signal);
      if (ranges.length) {
        const definitions = ranges.map((r) => {
          const sym = indexedSymbolAt(engine, r.file, r.start.line, r.start.character);
          return sym ? { ...symbolJson(sym), line: r.start.line, character: r.start.character } : { file: r.file, line: r.start.line, character: r.start.character, end_line: r.end.line, end_character: r.end.character };
        });
        return fitToBudget(definitions, args.max_tokens, (kept, truncated) => ({ definitions: kept, source: 'language_server', truncated }));
      }
    }
    const graph = await readyGraph(ctx, engine);
    const found = indexDefinitions(engine, graph, at, deadlineOf(ctx));
    if (!found.length) throw notFound(`Nothing at ${at.file}:${at.line}:${at.character} resolves to a definition in the index. Point at an identifier, or pass symbol.`);
    return fitToBudget(found, args.max_tokens, (kept, truncated) => ({ definitions: kept.map(symbolJson), source: 'index', truncated }));
  },
});
