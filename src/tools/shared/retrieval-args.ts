import { z } from 'zod';

/** Arguments the retrieve group shares, with the bounds of the tool contract. */
export const repositoryArg = z
  .string()
  .min(1)
  .max(500)
  .describe('Slug (from list_repositories) or path.');

/** Where one repository is meant: the first workspace folder when there is only one to mean. */
export const defaultRepositoryArg = repositoryArg.optional().describe('Default: the first folder.');

export const nodeRepositoryArg = repositoryArg.optional().describe('Default: every folder.');

export const snippetCharsArg = (fallback: number) =>
  z.number().int().min(80).max(4000).default(fallback);

export const collectionIdArg = z.string().min(1).max(1000).describe('`repo:docs`');

export const nodeIdArg = z.string().min(1).max(1000).describe('A symbol_id (`src/a.ts#Parser.parse`).');

export const queryArg = z.string().trim().min(1).max(512).describe('Words or names.');

export const searchFilterArg = z.string().max(200).optional().describe('Substring of name or path.');

export const limitArg = z.number().int().min(1).max(100).default(100);

/**
 * An ISO 8601 date-time with offset. Checked by zod's own parser, but listed as `format: date-time` only: the
 * regular expression zod would print is 500 bytes of every agent's context for each of three arguments.
 */
const isoDateTime = z.iso.datetime({ offset: true });
export const isoDateTimeArg = (what: string) =>
  z
    .string()
    .max(64)
    .refine((v) => isoDateTime.safeParse(v).success, { message: 'Invalid ISO datetime: use e.g. 2026-01-31T00:00:00Z' })
    .meta({ format: 'date-time' })
    .optional()
    .describe(what);
