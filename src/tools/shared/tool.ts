import { z, type ZodRawShape } from 'zod';
import type { Deadline } from '../../common/deadline';
import type { RingLogger } from '../../common/log';
import type { LanguageFeatures } from '../../engine/language-features';
import type { Workspaces } from '../../engine/workspaces';
import { listedOutputSchema } from './outputs';
import type { ToolValue } from './result-types';

export type { ToolResult, ToolValue } from './result-types';

/** Tool groups a user can enable (setting `sightline.tools`), to stay well under an agent's tool limit. */
export type ToolGroup = 'graph' | 'navigate' | 'edit' | 'retrieve';
export const TOOL_GROUPS: readonly ToolGroup[] = ['graph', 'navigate', 'edit', 'retrieve'];

export interface ToolContext {
  workspaces: Workspaces;
  features: LanguageFeatures;
  logger: RingLogger;
  /** Cancelled when the client cancels the request. */
  signal?: AbortSignal;
  /** This call's time budget (see context.ts, set by invokeTool); long loops tick it so other calls go on meanwhile. */
  deadline?: Deadline;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * What a tool file writes: its zod input schema (bounds are part of the contract), the top-level shape of its
 * result (key fields only: deep parts stay open, so `tools/list` stays small), a prescriptive description, and
 * a handler typed by both. Errors are thrown as SightlineError; `invokeTool` validates, runs, adds `freshness`
 * and maps errors.
 */
export interface ToolSpec<S extends ZodRawShape, O extends ZodRawShape> {
  name: string;
  title: string;
  description: string;
  group: ToolGroup;
  inputSchema: S;
  outputSchema: O;
  annotations: ToolAnnotations;
  /**
   * True for tools that only a language server can answer (in VS Code). Headless servers leave them out of
   * `tools/list`: an agent should not spend context on a tool whose every answer is "needs VS Code".
   */
  needsLanguageServer?: boolean;
  handler(args: z.output<z.ZodObject<S>>, ctx: ToolContext): Promise<ToolValue<O>>;
}

/**
 * A tool as the registry, the MCP server, the CLI and the panel hold it. `run` parses its arguments with the
 * tool's own schema, so the handler gets exactly its typed arguments without a cast.
 */
export interface ToolDefinition<O extends ZodRawShape = ZodRawShape> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly group: ToolGroup;
  readonly inputSchema: ZodRawShape;
  /** The result's schema as clients see it (`listedOutputSchema`): the keys every answer has; others (`freshness`, hints) allowed. */
  readonly outputSchema: z.ZodObject<ZodRawShape, z.core.$loose>;
  readonly annotations: ToolAnnotations;
  readonly needsLanguageServer?: boolean;
  /**
   * Runs the handler on arguments `invokeTool` validated. `reserveTokens` is taken off `max_tokens` after parsing
   * (the part of the budget kept for what invokeTool adds), so a reserve never trips the argument's lower bound.
   */
  run(args: Record<string, unknown>, ctx: ToolContext, reserveTokens?: number): Promise<ToolValue<O>>;
}

export function defineTool<S extends ZodRawShape, O extends ZodRawShape>(spec: ToolSpec<S, O>): ToolDefinition<O> {
  const input = z.object(spec.inputSchema);
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    group: spec.group,
    inputSchema: spec.inputSchema,
    outputSchema: listedOutputSchema(spec.outputSchema),
    annotations: spec.annotations,
    needsLanguageServer: spec.needsLanguageServer,
    run: (args, ctx, reserveTokens = 0) => {
      const parsed = input.parse(args);
      if (reserveTokens > 0 && 'max_tokens' in parsed && typeof parsed.max_tokens === 'number') {
        return spec.handler({ ...parsed, max_tokens: Math.max(1, parsed.max_tokens - reserveTokens) }, ctx);
      }
      return spec.handler(parsed, ctx);
    },
  };
}

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
