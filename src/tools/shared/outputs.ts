import { z } from 'zod';

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
/** Every answer that can grow: whether it was cut to `max_tokens`, and how to get the rest. */
export const budgeted = { truncated: z.boolean(), hint: z.string().optional() };
/** An answer with a list cut to the budget: the list's total as well. */
export const counted = { total: z.number(), ...budgeted };
/** An edit tool's answer: a plan (`applied: false`, with its edits) or what was applied. */
export const editOutcome = { applied: z.boolean(), edit_count: z.number(), files: strings.optional(), files_changed: strings.optional(), edits: list.optional() };
