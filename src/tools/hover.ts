import { notFound } from '../common/errors';
import { fitToBudget } from '../common/tokens';
import { positionInWorkspace, positionToolArgs } from './shared/addressing';
import { indexedSymbolAt, locationJson } from './shared/language-shared';
import { symbolJson } from './shared/symbols';
import { deadlineOf } from './shared/context';
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
    const { engine, at } = await positionInWorkspace(ctx, args);
    const answer = await ctx.features.hover(at, engine.root, ctx.signal, deadlineOf(ctx));
    const hovers = answer.value;
    const contents = hovers.flatMap((h) => h.contents);
    if (!contents.length) throw notFound(`The language server has no hover for ${at.file}:${at.line}:${at.character}. Point at an identifier (not whitespace or punctuation), or pass symbol.`);
    const range = hovers.find((h) => h.range)?.range;
    const partial = hovers.find((h) => h.partial)?.partial;
    const declared = answer.declaration && indexedSymbolAt(engine, answer.declaration.file, answer.declaration.start.line, answer.declaration.start.character);
    return fitToBudget(contents, args.max_tokens, (kept, truncated) => ({
      position: at,
      contents: kept,
      ...(partial ? { partial: true, partial_reason: partial } : {}),
      ...(range ? { range: locationJson(range) } : {}),
      ...(declared ? { symbol: symbolJson(declared) } : {}),
      source: answer.source,
      truncated,
      ...(truncated ? { hint: 'The hover text was cut to max_tokens; raise max_tokens for all of it.' } : {}),
    }));
  },
});
