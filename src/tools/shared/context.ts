import * as path from 'node:path';
import { Deadline } from '../../common/deadline';
import type { Engine } from '../../engine/engine';
import type { CodeGraph } from '../../graph/code-graph';
import type { ToolContext } from './tool';

/**
 * How long one tool call may run. Generous for real questions on large repositories, short enough that an
 * agent hears "narrow it" instead of waiting on a call that would never fit its context anyway.
 */
export const TOOL_BUDGET_MS = 30_000;

/**
 * The context of one tool call: the shared services plus this call's cancellation signal and time budget.
 * Every place that invokes a tool (MCP server, CLI) builds it here, so the budget has one source.
 */
export function createToolContext(base: Omit<ToolContext, 'signal' | 'deadline'>, toolName: string, signal?: AbortSignal, budgetMs = TOOL_BUDGET_MS): ToolContext {
  return { ...base, signal, deadline: new Deadline(budgetMs, signal, toolName) };
}

/**
 * The call's deadline. A context built without one (a handler run directly, as the bench does) gets the default
 * budget from now — and it is not stored on the context: a context shared by many calls must not hand the first
 * call's deadline to every later one.
 */
export function deadlineOf(ctx: ToolContext): Deadline {
  return ctx.deadline ?? new Deadline(TOOL_BUDGET_MS, ctx.signal);
}

/**
 * A folder's code graph, waited for no longer than the call's budget: the first index of a large folder (or a
 * re-index after a checkout) is shared work that goes on for later calls; this call answers `timeout` and says
 * to retry instead of waiting past its budget.
 */
export function readyGraph(ctx: ToolContext, engine: Engine): Promise<CodeGraph> {
  return deadlineOf(ctx).race(engine.ready(), stillIndexing(engine));
}

/** What a call that ran out of budget waiting for an index build tells the agent. */
export function stillIndexing(engine: Engine): string {
  return `${path.basename(engine.root)} is still being indexed: retry in a few seconds, or call index_workspace to wait for it.`;
}
