import * as path from 'node:path';
import type { ZodRawShape } from 'zod';
import { asSightlineError, type ErrorKind, errorMessage, isSightlineError, SightlineError } from '../../common/errors';
import type { Engine } from '../../engine/engine';
import type { ToolContext, ToolDefinition, ToolResult } from './tool';
import { estimateTokens } from '../../common/tokens';
import { createToolContext } from './context';
import { validateArgs } from './validate';

/** An error as every caller shows it: a kind and one sentence written for the agent, plus machine-readable detail. */
export interface ToolError {
  kind: ErrorKind;
  message: string;
  data?: Record<string, unknown>;
}

export type ToolOutcome<T> =
  | { ok: true; value: T; engine: Engine }
  /** `phase: 'arguments'`: the call was refused before the tool ran (the CLI exits 2 for it). */
  | { ok: false; error: ToolError; phase: 'arguments' | 'run' };

/**
 * The one way a tool is called — by the MCP server, the CLI, the Blast Radius panel and the tests: validate the
 * arguments (messages name the argument and the bound), run the handler, add the freshness of the folder that
 * answered, and map any error to a ToolError. A SightlineError's message passes through; anything else is a bug:
 * logged with its stack, and the caller gets one honest sentence.
 */
export async function invokeTool<O extends ZodRawShape>(tool: ToolDefinition<O>, args: unknown, base: ToolContext): Promise<ToolOutcome<ToolResult<O>>> {
  // This call's time budget starts here, whoever invokes it (see context.ts): never one left on a shared context.
  const ctx = createToolContext(base, tool.name, base.signal);
  let valid: Record<string, unknown>;
  try {
    valid = validateArgs(tool, args);
  } catch (e) {
    return { ok: false, error: toolError(e, ctx, tool.name), phase: 'arguments' };
  }
  try {
    const engine = ctx.workspaces.pick(stringArg(valid.workspace) ?? stringArg(valid.repository), stringArg(valid.file));
    // max_tokens bounds the whole answer the agent gets, freshness included: the tool fits its part into the rest.
    const reserve = estimateTokens({ freshness: engine.freshness() }) + 2;
    const budgeted = typeof valid.max_tokens === 'number' ? { ...valid, max_tokens: Math.max(1, valid.max_tokens - reserve) } : valid;
    const value = await tool.run(budgeted, ctx);
    return { ok: true, value: { ...value, freshness: engine.freshness() }, engine };
  } catch (e) {
    return { ok: false, error: toolError(withFolderHint(e, ctx, valid), ctx, tool.name), phase: 'run' };
  }
}

function stringArg(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function toolError(e: unknown, ctx: ToolContext, tool: string): ToolError {
  // System errors with a known meaning (EACCES, ENOSPC, …) become kinds with a sentence, not internal errors with a stack.
  const known = asSightlineError(e);
  if (known) return { kind: known.kind, message: known.message, ...(known.data ? { data: known.data } : {}) };
  ctx.logger.log('error', `${tool} threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  return { kind: 'internal', message: `${tool} failed inside Sightline: ${errorMessage(e)}. This is a bug; the details are in server_logs.` };
}

/**
 * With several folders open, a tool called without `workspace` looks only in the first one: a "not found"
 * there must not read as "not in the workspace". Say where it looked and how to look elsewhere.
 */
function withFolderHint(e: unknown, ctx: ToolContext, args: Record<string, unknown>): unknown {
  const engines = ctx.workspaces.engines;
  if (!isSightlineError(e) || e.kind !== 'notFound' || engines.length < 2 || args.workspace || args.repository) return e;
  if (typeof args.file === 'string' && path.isAbsolute(args.file)) return e;
  const [first, ...others] = ctx.workspaces.names;
  return new SightlineError(e.kind, `${e.message} (Looked in the first workspace folder, ${first}; also open: ${others.join(', ')} — pass workspace to look there.)`, e.data);
}
