import { notFound } from '../common/errors';
import { fitToBudget } from '../common/tokens';
import { positionInWorkspace, positionToolArgs } from './shared/addressing';
import { indexDefinitions } from './shared/index-navigation';
import { locationJson } from './shared/language-shared';
import { symbolJson } from './shared/symbols';
import { defineTool, READ_ONLY } from './shared/tool';
import { z } from 'zod';
import { strings, detail, symbolRef, source } from './shared/outputs';

export const hoverTool = defineTool({
  name: 'hover',
  title: 'Hover',
  description:
    'What the editor shows when hovering the symbol at a position (or the named symbol): its type signature and documentation, from the language server. ' +
    'Use it to learn a function\'s exact signature, a variable\'s inferred type, or an import\'s origin without reading files. Pass file + line + character ' +
    '(1-based, character in Unicode code points) or `symbol`. Returns { contents: [markdown], range?, source }. Without a language server (the CLI) the index ' +
    'answers with the declared signature of the symbol there (source: "index").',
  group: 'navigate',
  inputSchema: positionToolArgs,
  outputSchema: { position: detail, contents: strings, symbol: symbolRef.optional(), source, truncated: z.boolean().optional() },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { engine, at, symbol } = await positionInWorkspace(ctx, args);
    if (!ctx.features.hover) {
      const target = symbol ?? indexDefinitions(engine, await engine.ready(), at)[0];
      if (!target) throw notFound(`The index knows no symbol at ${at.file}:${at.line}:${at.character}; full hover needs VS Code's language servers. Point at an identifier, or pass symbol.`);
      return { position: at, contents: [target.signature, ...(target.doc ? [target.doc] : [])], symbol: symbolJson(target), source: 'index' };
    }
    const hovers = await ctx.features.hover(at, engine.root, ctx.signal);
    const contents = hovers.flatMap((h) => h.contents);
    if (!contents.length) throw notFound(`The language server has no hover for ${at.file}:${at.line}:${at.character}. Point at an identifier (not whitespace or punctuation), or pass symbol.`);
    const range = hovers.find((h) => h.range)?.range;
    return fitToBudget(contents, args.max_tokens, (kept, truncated) => ({
      position: at,
      contents: kept,
      ...(range ? { range: locationJson(range) } : {}),
      source: 'language_server',
      truncated,
      ...(truncated ? { hint: 'The hover text was cut to max_tokens; raise max_tokens for all of it.' } : {}),
    }));
  },
});
