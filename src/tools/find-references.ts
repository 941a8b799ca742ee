import { notFound } from '../common/errors';
import { fitToBudget } from '../common/tokens';
import { positionInWorkspace, positionToolArgs } from './shared/addressing';
import { indexDefinitions, indexReferences } from './shared/index-navigation';
import { symbolJson } from './shared/symbols';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, symbolRef, source, counted } from './shared/outputs';

export const findReferencesTool = defineTool({
  name: 'find_references',
  title: 'Find references',
  description:
    'Every place that uses the symbol at a position (or the named symbol). Pass file + line + character (1-based), or `symbol`. In VS Code the ' +
    'language server answers (all references, not only calls); elsewhere Sightline\'s index answers with the call sites it resolved to the symbol, ' +
    'each with its enclosing symbol. `source` says which answered. Returns { symbol?, references: [{file, line, character, enclosing_symbol?}], total, truncated, source }.',
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
    const graph = await engine.ready();
    const target = symbol ?? indexDefinitions(engine, graph, at)[0];
    if (!target) throw notFound(`Nothing at ${at.file}:${at.line}:${at.character} resolves to a symbol in the index. Point at an identifier, or pass symbol.`);
    const refs = indexReferences(graph, target);
    return fitToBudget(refs, args.max_tokens, (kept, truncated) => ({ symbol: symbolJson(target), references: kept, total: refs.length, truncated, source: 'index' }));
  },
});
