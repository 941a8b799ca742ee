import { z } from 'zod';
import { notFound } from '../common/errors';
import { fitToBudget } from '../common/tokens';
import { positionArgs, positionInWorkspace } from './shared/addressing';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { locationJson, providerSymbolJson, requireFeature } from './shared/language-shared';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, detail, source, counted } from './shared/outputs';

export const callHierarchyTool = defineTool({
  name: 'call_hierarchy',
  title: 'Call hierarchy',
  description:
    'The direct callers (direction "incoming") or callees ("outgoing") of the function or method at a position (or the named symbol), as the language server ' +
    'sees them — type-aware, so calls through interfaces and aliases count. Use it to check the graph tools\' answer precisely, or where the index cannot ' +
    'resolve a call. One level per call: call again on a result for the next. Pass file + line + character (1-based) or `symbol`. Returns { item, direction, ' +
    'calls: [{name, kind, file, line, character, symbol_id?, call_sites: [{file, line, character, …}]}], total, truncated }. VS Code only; find_callers and ' +
    'find_callees answer from the index everywhere, transitively.',
  group: 'navigate',
  inputSchema: {
    ...positionArgs,
    direction: z.enum(['incoming', 'outgoing']).default('incoming').describe('incoming: who calls it; outgoing: what it calls. Default incoming.'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { item: detail, direction: z.string(), calls: list, source, ...counted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const callHierarchy = requireFeature(ctx, 'callHierarchy', 'call_hierarchy', args.direction === 'outgoing' ? 'find_callees' : 'find_callers');
    const { engine, at } = await positionInWorkspace(ctx, args);
    await engine.ready().catch(() => undefined); // symbol ids need the index; the answer does not
    const items = await callHierarchy(at, args.direction, engine.root, ctx.signal);
    if (!items.length) throw notFound(`No function or method at ${at.file}:${at.line}:${at.character} has a call hierarchy. Point at a function's name, or pass symbol.`);
    const item = items[0];
    const calls = item.calls.map((c) => ({ ...providerSymbolJson(engine, c.symbol), call_sites: c.call_sites.map(locationJson) }));
    return fitToBudget(calls, args.max_tokens, (kept, truncated) => ({
      item: providerSymbolJson(engine, item.item),
      direction: args.direction,
      calls: kept,
      total: calls.length,
      truncated,
      source: 'language_server',
    }));
  },
});
