import { createHash } from 'node:crypto';
import { z } from 'zod';
import { MAX_MAX_TOKENS, MIN_MAX_TOKENS } from '../common/tokens';
import type { ToolAnnotations, ToolDefinition } from '../tools/shared/tool';

/**
 * The tools as a host offers them: `max_tokens` defaults to the user's setting instead of the built-in 4000.
 * The bounds stay those of the tool contract.
 */
export function withDefaultMaxTokens(tools: readonly ToolDefinition[], maxTokens: number): ToolDefinition[] {
  if (!Number.isInteger(maxTokens) || maxTokens < MIN_MAX_TOKENS || maxTokens > MAX_MAX_TOKENS) {
    throw new RangeError(`withDefaultMaxTokens: maxTokens must be an integer in ${MIN_MAX_TOKENS}–${MAX_MAX_TOKENS}, got ${maxTokens}.`);
  }
  return tools.map((tool) => {
    if (!('max_tokens' in tool.inputSchema)) return tool;
    const arg = z
      .number()
      .int()
      .min(MIN_MAX_TOKENS)
      .max(MAX_MAX_TOKENS)
        .default(maxTokens);
    return { ...tool, inputSchema: { ...tool.inputSchema, max_tokens: arg } };
  });
}

/**
 * A short hash of what a client caches about the tools (names, descriptions, argument schemas). VS Code
 * refetches its tool cache when the server definition's version changes, so the version carries this.
 */
export function toolListHash(tools: readonly ToolDefinition[]): string {
  const h = createHash('sha256');
  for (const t of tools) {
    h.update(t.name).update('\0').update(t.description).update('\0');
    h.update(JSON.stringify(z.toJSONSchema(z.object(t.inputSchema)))).update('\0');
  }
  return h.digest('hex').slice(0, 12);
}

/*
 * What `tools/list` carries sits in every agent's context on every turn, so it says each thing once:
 * no `$schema` line per tool, and no annotation that repeats the title or the protocol's defaults.
 */

/** A tool's arguments as listed: the zod object, without the `$schema` line zod adds to every JSON Schema. */
export function listedInputSchema(shape: ToolDefinition['inputSchema']) {
  return z.object(shape).meta({ $schema: undefined } as Record<string, unknown>);
}

/** A result schema as listed: the same zod object, without the `$schema` line zod adds to every JSON Schema. */
export function withoutSchemaLine(schema: ToolDefinition['outputSchema']) {
  return schema.meta({ $schema: undefined } as Record<string, unknown>);
}

/**
 * The annotations a client needs: `readOnlyHint` (VS Code asks before running a tool without it) and the
 * hints that differ from MCP's defaults (destructive true, idempotent false, open world true). Destructive and
 * idempotent mean nothing for a read-only tool (the spec says so), so they are left out there.
 */
export function listedAnnotations(a: ToolAnnotations): ToolAnnotations {
  const out: ToolAnnotations = { readOnlyHint: a.readOnlyHint };
  if (!a.readOnlyHint) {
    if (a.destructiveHint === false) out.destructiveHint = false;
    if (a.idempotentHint) out.idempotentHint = true;
  }
  if (a.openWorldHint === false) out.openWorldHint = false;
  return out;
}
