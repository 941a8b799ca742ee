import { z } from 'zod';
import { DEFAULT_MAX_TOKENS, MAX_MAX_TOKENS, MIN_MAX_TOKENS } from '../../common/tokens';

/** Arguments many tools share, with the bounds of the tool contract. */
export const maxTokensArg = z
  .number()
  .int()
  .min(MIN_MAX_TOKENS)
  .max(MAX_MAX_TOKENS)
  .default(DEFAULT_MAX_TOKENS)
  .describe(`Token budget for the answer (${MIN_MAX_TOKENS}–${MAX_MAX_TOKENS}, default ${DEFAULT_MAX_TOKENS}). A cut answer says truncated: true.`);

/** Longest path or workspace argument accepted (Linux PATH_MAX). */
export const MAX_PATH_ARG = 4096;

export const workspaceArg = z
  .string()
  .min(1)
  .max(MAX_PATH_ARG)
  .optional()
  .describe('Workspace folder name or path, when more than one folder is open. Default: the first folder.');

export const symbolArg = z
  .string()
  .min(1)
  .max(500)
  .describe('A symbol: its name (`compute`), qualified name (`Parser.parse`, Rust `Type::method`), or a symbol_id from another tool (`src/a.ts#Parser.parse`).');

export const dispatchArg = z
  .boolean()
  .default(true)
  .describe(
    'Follow dispatch (default true): a call of a base, abstract, interface or trait method also reaches every override and implementation in the workspace ' +
      '(resolution `dispatch`, confidence 0.9 for one implementation, lower as they multiply). false keeps only calls that name the symbol itself.',
  );

export const depthArg = z.number().int().min(1).max(10).default(3).describe('How many call levels to follow (1–10, default 3).');

export const minConfidenceArg = z
  .number()
  .min(0)
  .max(1)
  .default(0.5)
  .describe(
    'Drop edges whose confidence is below this (0–1, default 0.5). Edges proven through scope, members or imports carry 1 (0.9–0.95 through inferred types); ' +
      'naming-convention guesses 0.5; plain name matches 0.4 or less. Measured on real TypeScript: 0.5 gives ~0.99 precision and ~0.94 recall; 0 adds name matches ' +
      '(recall ~0.97, precision ~0.7–0.9) — use 0 when missing a caller costs more than reading a wrong one.',
  );
