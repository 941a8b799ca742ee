import { z } from 'zod';
import { invalidArgument } from '../../common/errors';
import type { ToolDefinition } from './tool';

/**
 * Validates arguments outside MCP (the CLI's `call`), with messages that name the argument and the bound,
 * as the MCP SDK's own validation does for protocol calls.
 */
export function validateArgs(tool: ToolDefinition, args: unknown): Record<string, unknown> {
  const result = z.object(tool.inputSchema).strict().safeParse(args ?? {});
  if (result.success) return result.data as Record<string, unknown>;
  const problems = result.error.issues.map((i) => `${i.path.length ? `\`${i.path.join('.')}\`` : 'arguments'}: ${i.message}`);
  throw invalidArgument(`Invalid arguments for ${tool.name}: ${problems.join('; ')}.`);
}
