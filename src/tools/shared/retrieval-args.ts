import { z } from 'zod';

/** Arguments the retrieve group shares, with the bounds of the tool contract. */
export const repositoryArg = z
  .string()
  .min(1)
  .max(500)
  .describe('Repository slug (a workspace folder name, as list_repositories returns it) or its absolute path.');

/** Where one repository is meant: the first workspace folder when there is only one to mean. */
export const defaultRepositoryArg = repositoryArg.optional().describe('Repository slug (a workspace folder name, as list_repositories returns it) or its path. Default: the first workspace folder.');

export const nodeRepositoryArg = repositoryArg.optional().describe('Repository slug, when more than one workspace folder is open. Default: every folder is searched for the id.');

export const snippetCharsArg = (fallback: number) =>
  z.number().int().min(80).max(4000).default(fallback).describe(`Characters of text per hit (80–4000, default ${fallback}); longer text is cut around the query words and says content_truncated.`);

export const collectionIdArg = z.string().min(1).max(1000).describe('A collection id from list_collections or route, e.g. `myrepo:docs`.');

export const nodeIdArg = z.string().min(1).max(1000).describe('A node id: the symbol_id of a code symbol (`src/a.ts#Parser.parse`), as retrieve, search_symbols and the graph tools return it.');

export const queryArg = z.string().trim().min(1).max(512).describe('What to look for: a question in words, or names (1–512 characters).');

export const searchFilterArg = z.string().max(200).optional().describe('Keep only entries whose name or path contains this text (case-insensitive).');

export const limitArg = z.number().int().min(1).max(100).default(100).describe('At most this many entries (1–100, default 100).');

export const isoDateTimeArg = (what: string) => z.iso.datetime({ offset: true }).max(64).optional().describe(`${what} (ISO 8601 date-time, e.g. 2026-01-31T00:00:00Z).`);
