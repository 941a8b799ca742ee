import type { ZodRawShape, z } from 'zod';
import type { RingLogger } from '../common/log';
import type { LanguageFeatures } from '../engine/language-features';
import type { Workspaces } from '../engine/workspaces';

/** Tool groups a user can enable (setting `sightline.tools`), to stay well under an agent's tool limit. */
export type ToolGroup = 'graph' | 'navigate' | 'edit' | 'retrieve';
export const TOOL_GROUPS: readonly ToolGroup[] = ['graph', 'navigate', 'edit', 'retrieve'];

export interface ToolContext {
  workspaces: Workspaces;
  features: LanguageFeatures;
  logger: RingLogger;
  /** Cancelled when the client cancels the request. */
  signal?: AbortSignal;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * One MCP tool: its zod input schema (bounds are part of the contract), a prescriptive description,
 * and a handler that returns a plain JSON object. Errors are thrown as SightlineError and shaped in
 * src/mcp/results.ts; `freshness` is added by the server.
 */
export interface ToolDefinition<S extends ZodRawShape = ZodRawShape> {
  name: string;
  title: string;
  description: string;
  group: ToolGroup;
  inputSchema: S;
  annotations: ToolAnnotations;
  /**
   * True for tools that only a language server can answer (in VS Code). Headless servers leave them out of
   * `tools/list`: an agent should not spend context on a tool whose every answer is "needs VS Code".
   */
  needsLanguageServer?: boolean;
  handler(args: z.infer<z.ZodObject<S>>, ctx: ToolContext): Promise<Record<string, unknown>>;
}

/** Keeps each tool file's `defineTool({...})` fully typed while the registry holds them uniformly. */
export function defineTool<S extends ZodRawShape>(tool: ToolDefinition<S>): ToolDefinition {
  return tool as unknown as ToolDefinition;
}

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
