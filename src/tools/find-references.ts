import { notFound } from '../common/errors';
import { fitToBudget } from '../common/tokens';
import { positionInWorkspace, positionToolArgs } from './shared/addressing';
import { deadlineOf, readyGraph } from './shared/context';
import { indexDefinitions, indexReferences } from './shared/index-navigation';
import { symbolJson } from './shared/symbols';
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
    if (ctx.features.references) {
      const ranges = await ctx.features.references(at, engine.root, ctx.signal);
      if (ranges.length) {
        const refs = ranges.map((r) => ({ file: r.file, line: r.start.line, character: r.start.character }));
        return fitToBudget(refs, args.max_tokens, (kept, truncated) => ({ ...(symbol ? { symbol: symbolJson(symbol) } : {}), references: kept, total: refs.length, truncated, source: 'language_server' }));
      }
    }
    const graph = await readyGraph(ctx, engine);
    const deadline = deadlineOf(ctx);
    const target = symbol ?? indexDefinitions(engine, graph, at, deadline)[0];
    if (!target) throw notFound(`Nothing at ${at.file}:${at.line}:${at.character} resolves to a symbol in the index. Point at an identifier, or pass symbol.`);
    const refs = indexReferences(graph, target, deadline);
    return fitToBudget(refs, args.max_tokens, (kept, truncated) => ({ symbol: symbolJson(target), references: kept, total: refs.length, truncated, source: 'index' }));
  },
});
