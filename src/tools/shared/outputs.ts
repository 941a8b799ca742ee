import { z, type ZodRawShape } from 'zod';

/**
 * Building blocks of the tools' `outputSchema`. A result schema names its top-level keys and their types; deep
 * parts (list items, nested records) stay open, so `tools/list` stays small and a new nested field never
 * breaks a client that validates answers.
 */
export const list = z.array(z.unknown());
export const strings = z.array(z.string());
/** A nested object described by the tool's description, not by the schema. */
export const detail = z.unknown();
/** A symbol in a result: its id and file at least (the full shape is `symbolSchema`). */
export const symbolRef = z.looseObject({ id: z.string(), file: z.string() });
/** Who answered: `language_server` (the editor's) or `index` (Sightline's). */
export const source = z.string();
/**
 * Every answer that can grow: whether it was cut to `max_tokens`, and how to get the rest. Declared optional so
 * the listing stays small (every tool's description says so); handlers still always set `truncated`.
 */
export const budgeted = { truncated: z.boolean().optional(), hint: z.string().optional() };
/** An answer with a list cut to the budget: the list's total as well. */
export const counted = { total: z.number().optional(), ...budgeted };
/** An edit tool's answer: a plan (`applied: false`, with its edits) or what was applied. */
export const editOutcome = { applied: z.boolean(), edit_count: z.number(), files: strings.optional(), files_changed: strings.optional(), edits: list.optional() };

/**
 * The schema clients see in `tools/list`: the keys every result has and their types; a nested object or a
 * list of objects only as "{}"/"array". A tool's full result type stays in its own schema (what handlers
 * and the panel are typed by); this keeps the listing small — every client pays for it in its context.
 */
const CONVENTIONAL_KEYS = new Set(['truncated', 'hint', 'freshness']);

export function listedOutputSchema(shape: ZodRawShape): z.ZodObject<ZodRawShape, z.core.$loose> {
  // Keys a result may leave out (hints, notes, optional parts) are left to the description; the object is open.
  // `truncated`, `hint` and `freshness` are explained once in the server instructions, not per tool.
  const always = Object.entries(shape).filter(([key, type]) => !(type instanceof z.ZodOptional) && !CONVENTIONAL_KEYS.has(key));
  // Listed as optional, and lists and objects as `{}`: a `required` list and `"type":"array","items":{}` per key
  // cost ~3 KB of every agent's context. The types of numbers, strings and booleans still hold.
  return z.looseObject(Object.fromEntries(always.map(([key, type]) => [key, z.optional(topLevel(type))])));
}

function topLevel(type: z.core.$ZodType): z.core.$ZodType {
  if (type instanceof z.ZodNullable) return z.nullable(topLevel(type.unwrap()));
  if (type instanceof z.ZodArray || type instanceof z.ZodObject || type instanceof z.ZodUnion) return z.unknown();
  return type;
}
