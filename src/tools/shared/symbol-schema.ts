import { z } from 'zod';

/**
 * The one Symbol shape every tool returns, as a schema: tools, the Blast Radius panel and its webview take the
 * type from here. Imports nothing but zod, so the browser bundle's type-check can follow it.
 */
export const symbolSchema = z.object({
  id: z.string(),
  name: z.string(),
  qualified_name: z.string(),
  kind: z.string(),
  lang: z.string(),
  file: z.string(),
  line_start: z.number(),
  line_end: z.number(),
  signature: z.string(),
});

export type SymbolJson = z.infer<typeof symbolSchema>;

/** A symbol reached by a walk over the call graph, with how the edge that reached it was resolved. */
export const reachedSchema = symbolSchema.extend({
  depth: z.number(),
  resolution: z.string(),
  confidence: z.number(),
  call_sites: z.array(z.object({ file: z.string(), line: z.number() })),
  more_call_sites: z.number().optional(),
});

export type ReachedJson = z.infer<typeof reachedSchema>;
