/**
 * The small set of error kinds every layer throws. One place (src/mcp/results.ts) maps them to tool
 * results, so an agent always gets one honest sentence that says what to do next.
 */
export type ErrorKind =
  | 'notFound'
  | 'notReady'
  | 'invalidArgument'
  | 'ambiguous'
  | 'timeout'
  | 'tooLarge'
  | 'unsupported'
  | 'outsideWorkspace'
  | 'cancelled'
  | 'internal';

export class SightlineError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Extra machine-readable detail, e.g. the candidate ids of an ambiguous name. */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'SightlineError';
  }
}

export const notFound = (message: string, data?: Record<string, unknown>) => new SightlineError('notFound', message, data);
export const notReady = (message: string) => new SightlineError('notReady', message);
export const invalidArgument = (message: string) => new SightlineError('invalidArgument', message);
export const ambiguous = (message: string, data?: Record<string, unknown>) => new SightlineError('ambiguous', message, data);
export const tooLarge = (message: string) => new SightlineError('tooLarge', message);
export const unsupported = (message: string) => new SightlineError('unsupported', message);
export const outsideWorkspace = (message: string) => new SightlineError('outsideWorkspace', message);
export const timeoutError = (message: string) => new SightlineError('timeout', message);
export const cancelled = () => new SightlineError('cancelled', 'The request was cancelled.');

export function isSightlineError(e: unknown): e is SightlineError {
  return e instanceof SightlineError;
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
