import { fitToBudget } from '../common/tokens';
import { notFound } from '../common/errors';
import { positionInWorkspace, positionToolArgs } from './shared/addressing';
import { indexDefinitions } from './shared/index-navigation';
import { symbolJson } from './shared/symbols';
import { defineTool, READ_ONLY } from './shared/tool';
import { z } from 'zod';
import { list, source } from './shared/outputs';

export const goToDefinitionTool = defineTool({
  name: 'go_to_definition',
  title: 'Go to definition',
  description:
    'Where the symbol at a position (or the named symbol) is defined. Pass file + line + character (1-based) of a usage, or `symbol`. ' +
    'In VS Code the language server answers (exact, types included); elsewhere, or when no language server answers, Sightline\'s index does ' +
    '(calls resolved through scope, imports and members). `source` says which. Returns { definitions: [Symbol or location], source }.',
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
        const graph = engine.graph;
        const definitions = ranges.map((r) => {
          const sym = (graph.table.byFile.get(r.file) ?? []).find((s) => s.lineStart <= r.start.line && r.start.line <= s.lineEnd && s.character === r.start.character);
          return sym ? { ...symbolJson(sym), line: r.start.line, character: r.start.character } : { file: r.file, line: r.start.line, character: r.start.character, end_line: r.end.line, end_character: r.end.character };
        });
        return fitToBudget(definitions, args.max_tokens, (kept, truncated) => ({ definitions: kept, source: 'language_server', truncated }));
      }
    }
    const graph = await engine.ready();
    const found = indexDefinitions(engine, graph, at);
    if (!found.length) throw notFound(`Nothing at ${at.file}:${at.line}:${at.character} resolves to a definition in the index. Point at an identifier, or pass symbol.`);
    return fitToBudget(found, args.max_tokens, (kept, truncated) => ({ definitions: kept.map(symbolJson), source: 'index', truncated }));
  },
});
