import { z } from 'zod';
import { reachedSchema, symbolSchema } from './symbol-schema';

/**
 * The `blast_radius` result, defined once: the tool's outputSchema, and the type the Blast Radius panel renders
 * (src/panel/protocol.ts). Fully typed, unlike other tools' open list items, because the panel reads every field.
 */
export const blastRadiusOutput = {
  target: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('symbol'), symbol: symbolSchema }),
    z.object({ kind: z.literal('file'), file: z.string() }),
    z.object({ kind: z.literal('changes'), files: z.array(z.object({ file: z.string(), status: z.string() })), changed_files: z.number() }),
  ]),
  changed_symbols: z.array(z.string()),
  symbols: z.array(reachedSchema),
  files: z.array(z.string()),
  tests: z.array(z.string()),
  total_symbols: z.number(),
  total_files: z.number(),
  truncated: z.boolean(),
  hint: z.string().optional(),
};
