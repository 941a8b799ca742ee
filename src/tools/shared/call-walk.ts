import { fitToBudget } from '../../common/tokens';
import { deadlineOf, readyGraph } from './context';
import type { ToolContext } from './tool';
import { lookupSymbol } from '../../graph/symbol-lookup';
import { reachedJson, symbolJson } from './symbols';
import { verifyDirectCallers } from './verify-callers';

/** Shared by find_callers and find_callees: one walk, ranked nearest first, cut to the token budget (`reached`; each tool names the list). */
export async function callWalk(
  ctx: ToolContext,
  args: { symbol: string; depth: number; min_confidence: number; dispatch: boolean; max_tokens: number; workspace?: string; verify?: boolean },
  direction: 'in' | 'out',
) {
  const engine = ctx.workspaces.pick(args.workspace);
  const graph = await readyGraph(ctx, engine);
  const target = lookupSymbol(graph, args.symbol);
  const reached = graph.walk([target.id], direction, args.depth, args.min_confidence, { dispatch: args.dispatch, deadline: deadlineOf(ctx) });
  const moduleSites = direction === 'in' ? (graph.moduleCallers.get(target.id) ?? []).filter((s) => s.confidence >= args.min_confidence && (args.dispatch || s.resolution !== 'dispatch')) : [];
  const verification = args.verify
    ? await verifyDirectCallers(ctx, engine, target, reached.filter((r) => r.depth === 1).map((r) => r.symbol.id))
    : undefined;
  const confirmed = new Set(verification?.confirmed ?? []);
  return fitToBudget(reached, args.max_tokens, (kept, truncated) => ({
    symbol: symbolJson(target),
    reached: kept.map((r) => ({ ...reachedJson(r), ...(verification?.status === 'checked' && r.depth === 1 ? { verified: confirmed.has(r.symbol.id) } : {}) })),
    ...(verification ? { verification } : {}),
    ...(direction === 'in' && moduleSites.length ? { module_level_callers: moduleSites.slice(0, 20).map((s) => ({ file: s.file, line: s.line })) } : {}),
    total: reached.length,
    truncated,
    ...(truncated ? { hint: `Showing the nearest ${kept.length} of ${reached.length}. Lower depth, raise min_confidence, or raise max_tokens for the rest.` } : {}),
  }));
}
