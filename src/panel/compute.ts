import { errorMessage, isSightlineError } from '../common/errors';
import type { Engine } from '../engine/engine';
import { blastRadiusTool } from '../tools/blast-radius';
import type { ToolContext } from '../tools/shared/tool';
import { validateArgs } from '../tools/shared/validate';
import type { BlastRadiusResult, PanelError } from './protocol';

export interface BlastRadiusArgs {
  target: string;
  depth: number;
  /** The budget an agent gets by default (`sightline.maxTokens` in VS Code); the tool's own default when absent. */
  maxTokens?: number;
  /** The engine's root, so the answer comes from the folder the user pointed at. */
  workspace?: string;
}

export type Outcome = { ok: true; result: BlastRadiusResult; engine: Engine } | { ok: false; error: PanelError };

/**
 * Answers the panel with the same `blast_radius` handler an agent calls over MCP, after the same argument
 * validation, and with the freshness the MCP server adds: what the panel shows is what the agent sees.
 * Errors read as the agent reads them (kind + one sentence); an unexpected one is logged with its stack.
 */
export async function computeBlastRadius(ctx: ToolContext, args: BlastRadiusArgs): Promise<Outcome> {
  try {
    const validated = validateArgs(blastRadiusTool, {
      target: args.target,
      depth: args.depth,
      ...(args.maxTokens !== undefined ? { max_tokens: args.maxTokens } : {}),
      ...(args.workspace ? { workspace: args.workspace } : {}),
    });
    const engine = ctx.workspaces.pick(args.workspace);
    const value = await blastRadiusTool.handler(validated as never, ctx);
    return { ok: true, engine, result: { ...value, freshness: engine.freshness() } as unknown as BlastRadiusResult };
  } catch (e) {
    if (isSightlineError(e)) return { ok: false, error: { kind: e.kind, message: e.message } };
    ctx.logger.log('error', `Blast Radius panel: blast_radius threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return { ok: false, error: { kind: 'internal', message: `blast_radius failed inside Sightline: ${errorMessage(e)}. The details are in the Sightline log.` } };
  }
}
