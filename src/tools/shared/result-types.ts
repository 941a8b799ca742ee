import type { z, ZodRawShape } from 'zod';
import type { freshnessSchema } from '../../engine/freshness';

/**
 * What a handler returns: the declared keys, typed, and any others (results are open objects). Read-only all
 * the way down: answers are built once and only read after (token budgets hand back read-only lists).
 * Types only, importing nothing but zod, so the Blast Radius webview's type-check can follow it.
 */
export type ToolValue<O extends ZodRawShape> = ReadonlyDeep<z.output<z.ZodObject<O, z.core.$loose>>>;

/** What a consumer (MCP client, CLI, panel) gets: the handler's value plus the freshness every answer carries. */
export type ToolResult<O extends ZodRawShape> = ToolValue<O> & { freshness: z.output<typeof freshnessSchema> };

type ReadonlyDeep<T> = T extends (infer U)[] ? readonly ReadonlyDeep<U>[] : T extends object ? { readonly [K in keyof T]: ReadonlyDeep<T[K]> } : T;
