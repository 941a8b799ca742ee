import { fitToBudget } from '../common/tokens';
import { notFound } from '../common/errors';
import { positionInWorkspace, positionToolArgs } from './shared/addressing';
import { indexedSymbolAt } from './shared/language-shared';
import { symbolJson } from './shared/symbols';
import { deadlineOf } from './shared/context';
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
    const { engine, at } = await positionInWorkspace(ctx, args);
    const answer = await ctx.features.definition(at, engine.root, ctx.signal, deadlineOf(ctx));
    if (!answer.value.length) throw notFound(`Nothing at ${at.file}:${at.line}:${at.character} has a definition. Point at an identifier, or pass symbol.`);
    // The index's Symbol (an id every graph tool takes) where it knows the definition, else the bare location.
    const definitions = answer.value.map((r) => {
      const sym = indexedSymbolAt(engine, r.file, r.start.line, r.start.character);
      return sym ? { ...symbolJson(sym), line: r.start.line, character: r.start.character } : { file: r.file, line: r.start.line, character: r.start.character, end_line: r.end.line, end_character: r.end.character };
    });
    return fitToBudget(definitions, args.max_tokens, (kept, truncated) => ({ definitions: kept, source: answer.source, truncated }));
  },
});
