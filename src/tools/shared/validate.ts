import { z, type ZodRawShape } from 'zod';
import { invalidArgument } from '../../common/errors';

/** Each tool's strict argument schema, made once (keyed by the tool's input shape, which never changes). */
const schemas = new WeakMap<ZodRawShape, z.ZodObject>();

/**
 * Validates a tool's arguments (in invokeTool), with messages that name the argument and the bound, as the
 * MCP SDK's own validation does for protocol calls. Parsed without zod's compiled fast path (`jitless`): zod
 * generates and compiles a parser per object schema on its first synchronous parse (20–40 ms for `retrieve`'s
 * twelve arguments, paid by the first call of a process, and by every call when the schema was made per call),
 * while one small argument object is checked in well under a millisecond without it; the answers are the same.
 */
export function validateArgs(tool: { name: string; inputSchema: ZodRawShape }, args: unknown): Record<string, unknown> {
  let schema = schemas.get(tool.inputSchema);
  if (!schema) schemas.set(tool.inputSchema, (schema = z.object(tool.inputSchema).strict()));
  const result = schema.safeParse(args ?? {}, { jitless: true });
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.length ? `\`${i.path.join('.')}\`` : 'arguments'}: ${i.message}`);
  throw invalidArgument(`Invalid arguments for ${tool.name}: ${problems.join('; ')}.`);
}
