import { z } from 'zod';
import { DEFAULT_MAX_TOKENS, MAX_MAX_TOKENS, MIN_MAX_TOKENS } from '../../common/tokens';

/** Arguments many tools share, with the bounds of the tool contract. */

/**
 * Upper bound of a 1-based line or character: no file Sightline reads is larger (10 MB at most). Stated
 * rather than left to zod's safe-integer default, which would print 9007199254740991 in every listed schema.
 */
export const MAX_POSITION = 10_000_000;
export const lineNumber = () => z.number().int().min(1).max(MAX_POSITION);
export const maxTokensArg = z
  .number()
  .int()
  .min(MIN_MAX_TOKENS)
  .max(MAX_MAX_TOKENS)
  .default(DEFAULT_MAX_TOKENS);

/** Longest path or workspace argument accepted (Linux PATH_MAX). */
export const MAX_PATH_ARG = 4096;

export const workspaceArg = z
  .string()
  .min(1)
  .max(MAX_PATH_ARG)
  .optional();

export const symbolArg = z
  .string()
  .min(1)
  .max(500);

export const dispatchArg = z
  .boolean()
  .default(true);

export const depthArg = z.number().int().min(1).max(10).default(3);

export const minConfidenceArg = z
  .number()
  .min(0)
  .max(1)
  .default(0.5);
