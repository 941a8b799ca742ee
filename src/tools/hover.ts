import { notFound } from '../common/errors';
import { fitToBudget } from '../common/tokens';
import { positionInWorkspace, positionToolArgs } from './shared/addressing';
import { deadlineOf, readyGraph } from './shared/context';
import { indexDefinitions } from './shared/index-navigation';
import { locationJson } from './shared/language-shared';
import { symbolJson } from './shared/symbols';
import { defineTool, READ_ONLY } from './shared/tool';
import { z } from 'zod';
import { detail, strings, symbolRef, source } from './shared/outputs';

export const hoverTool = defineTool({
  name: 'hover',
  title: 'Hover',
  description:
    'The type signature and docs the editor shows on hover at a position (headless: the declared signature). Use for a signature or inferred type.',
  group: 'navigate',
  inputSchema: positionToolArgs,
  outputSchema: { position: detail, contents: strings, symbol: symbolRef.optional(), source, partial: z.boolean().optional(), partial_reason: z.string().optional(), truncated: z.boolean().optional() },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { engine, at, symbol } = await positionInWorkspace(ctx, args);
    if (!ctx.features.hover) {
      const target = symbol ?? indexDefinitions(engine, await readyGraph(ctx, engine), at, deadlineOf(ctx))[0];
      if (!target) throw notFound(`The index knows no symbol at ${at.file}:${at.line}:${at.character}; full hover needs VS Code's language servers. Point at an identifier, or pass symbol.`);
      return { position: at, contents: [target.signature, ...(target.doc ? [target.doc] : [])], symbol: symbolJson(target), source: 'index' };
    }
    const hovers = await ctx.features.hover(at, engine.root, ctx.signal);
    const contents = hovers.flatMap((h) => h.contents);
    if (!contents.length) throw notFound(`The language server has no hover for ${at.file}:${at.line}:${at.character}. Point at an identifier (not whitespace or punctuation), or pass symbol.`);
    const range = hovers.find((h) => h.range)?.range;
    const partial = hovers.find((h) => h.partial)?.partial;
    return fitToBudget(contents, args.max_tokens, (kept, truncated) => ({
      position: at,
      contents: kept,
      ...(partial ? { partial: true, partial_reason: partial } : {}),
      ...(range ? { range: locationJson(range) } : {}),
      source: 'language_server',
      truncated,
      ...(truncated ? { hint: 'The hover text was cut to max_tokens; raise max_tokens for all of it.' } : {}),
    }));
  },
});
