import { fitToBudget } from '../common/tokens';
import { positionInWorkspace, positionToolArgs } from './shared/addressing';
import { indexedSymbolAt } from './shared/language-shared';
import { symbolJson } from './shared/symbols';
import { deadlineOf } from './shared/context';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, symbolRef, source, counted } from './shared/outputs';

export const findReferencesTool = defineTool({
  name: 'find_references',
  title: 'Find references',
  description:
    'Every use of the symbol at a position: the language server\'s references in VS Code, else the call sites the index resolved.',
  group: 'navigate',
  inputSchema: positionToolArgs,
  outputSchema: { symbol: symbolRef.optional(), references: list, source, ...counted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { engine, at, symbol } = await positionInWorkspace(ctx, args);
    const answer = await ctx.features.references(at, engine.root, ctx.signal, deadlineOf(ctx));
    const declared = answer.declaration && indexedSymbolAt(engine, answer.declaration.file, answer.declaration.start.line, answer.declaration.start.character);
    const target = symbol ?? declared;
    const refs = answer.value.map((r) => ({
      file: r.file,
      line: r.start.line,
      character: r.start.character,
      ...(r.enclosing_symbol ? { enclosing_symbol: r.enclosing_symbol } : {}),
      ...(r.resolution ? { resolution: r.resolution } : {}),
    }));
    return fitToBudget(refs, args.max_tokens, (kept, truncated) => ({ ...(target ? { symbol: symbolJson(target) } : {}), references: kept, total: refs.length, truncated, source: answer.source }));
  },
});
