import type { Engine } from '../../engine/engine';
import type { IndexedSymbol } from '../../graph/symbol-table';
import { symbolAt } from '../../graph/symbol-at';
import { resolvePosition } from './addressing';
import type { ToolContext } from './tool';
import { readyGraph } from './context';

export interface Verification {
  /** `checked`: the language server answered; otherwise why nothing was checked. */
  status: 'checked' | 'unavailable';
  reason?: string;
  /** Direct callers the language server confirms, and those it does not list. */
  confirmed?: string[];
  unconfirmed?: string[];
  /** Direct callers only the language server found (dynamic dispatch, inference the index lacks). */
  added?: string[];
}

/**
 * Asks the language server's call hierarchy for the direct callers of `target`, and names each caller by the
 * indexed symbol that encloses its call site (as the index does), so the two answers compare by symbol id.
 */
export async function verifyDirectCallers(ctx: ToolContext, engine: Engine, target: IndexedSymbol, directCallers: string[]): Promise<Verification> {
  if (!ctx.features.callHierarchy) {
    return { status: 'unavailable', reason: 'verify needs a language server (run Sightline in VS Code); this answer is from the index alone.' };
  }
  const { at } = await resolvePosition(ctx, engine, { symbol: target.id });
  const items = await ctx.features.callHierarchy(at, 'incoming', engine.root, ctx.signal);
  if (!items.length) return { status: 'unavailable', reason: `The language server has no call hierarchy for ${target.id}.` };
  const graph = await readyGraph(ctx, engine);
  const serverCallers = new Set<string>();
  for (const call of items[0].calls) {
    for (const site of call.call_sites) {
      const enclosing = symbolAt(graph, site.file, site.start.line);
      if (enclosing) serverCallers.add(enclosing.id);
    }
  }
  const ours = new Set(directCallers);
  return {
    status: 'checked',
    confirmed: directCallers.filter((id) => serverCallers.has(id)),
    unconfirmed: directCallers.filter((id) => !serverCallers.has(id)),
    added: [...serverCallers].filter((id) => !ours.has(id)).sort(),
  };
}
