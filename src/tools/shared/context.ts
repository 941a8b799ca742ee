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

/** A folder's code graph, waited for no longer than the call's budget (see Engine.readyWithin). */
export function readyGraph(ctx: ToolContext, engine: Engine): Promise<CodeGraph> {
  return engine.readyWithin(deadlineOf(ctx));
}
