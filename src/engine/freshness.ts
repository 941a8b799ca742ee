import { z } from 'zod';

/**
 * How fresh an answer is, attached to every tool result. Defined once as a schema: the tools' outputSchema,
 * the engine and the Blast Radius panel all take their type from it.
 */
export const freshnessSchema = z.object({
  indexed_at: z.string().nullable(),
  /** Files changed on disk or in an editor since they were indexed (at most 20 listed). */
  stale_files: z.array(z.string()),
  stale_count: z.number(),
});

export type Freshness = z.infer<typeof freshnessSchema>;
