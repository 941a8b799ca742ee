import type { Engine } from '../engine/engine';
import { blastRadiusTool } from '../tools/blast-radius';
import { invokeTool } from '../tools/shared/invoke';
import type { ToolContext } from '../tools/shared/tool';
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
 * Answers the panel through the same `invokeTool` an agent's MCP call goes through (argument validation,
 * freshness, error mapping): what the panel shows is what the agent sees.
 */
export async function computeBlastRadius(ctx: ToolContext, args: BlastRadiusArgs): Promise<Outcome> {
  const outcome = await invokeTool(blastRadiusTool, {
    target: args.target,
    depth: args.depth,
    ...(args.maxTokens !== undefined ? { max_tokens: args.maxTokens } : {}),
    ...(args.workspace ? { workspace: args.workspace } : {}),
  }, ctx);
  if (!outcome.ok) return { ok: false, error: { kind: outcome.error.kind, message: outcome.error.message } };
  return { ok: true, result: outcome.value, engine: outcome.engine };
}
