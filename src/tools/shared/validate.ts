import { z, type ZodRawShape } from 'zod';
import { invalidArgument } from '../../common/errors';

/**
 * Validates a tool's arguments (in invokeTool), with messages that name the argument and the bound, as the
 * MCP SDK's own validation does for protocol calls.
 */
export function validateArgs(tool: { name: string; inputSchema: ZodRawShape }, args: unknown): Record<string, unknown> {
  const result = z.object(tool.inputSchema).strict().safeParse(args ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.length ? `\`${i.path.join('.')}\`` : 'arguments'}: ${i.message}`);
  throw invalidArgument(`Invalid arguments for ${tool.name}: ${problems.join('; ')}.`);
}
