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

/** Operating-system refusals a user can fix, as the error kind and sentence an agent reads; undefined for others. */
const SYSTEM_ERRORS: Record<string, (name: string) => SightlineError> = {
  EACCES: (name) => unsupported(`Permission denied reading ${name}: Sightline runs as you and cannot open it. Change its permissions, or read another file.`),
  EPERM: (name) => unsupported(`The system refused access to ${name} (EPERM). Change its permissions, or read another file.`),
  EISDIR: (name) => invalidArgument(`${name} is a folder, not a file. Pass a file inside it.`),
  ENOTDIR: (name) => notFound(`${name} is not a folder, so nothing under it exists. Check the path.`),
  ELOOP: (name) => invalidArgument(`${name} is a loop of symbolic links. Pass the real file.`),
  ENAMETOOLONG: () => invalidArgument('The path is longer than the system allows. Pass a shorter path.'),
};

/**
 * A SightlineError as it is, an operating-system refusal (EACCES…) turned into one (naming the file by its last
 * path segment only, never the absolute path), or undefined for anything else: a bug, to be logged with its stack.
 */
export function asSightlineError(e: unknown): SightlineError | undefined {
  if (isSightlineError(e)) return e;
  const err = e as NodeJS.ErrnoException | undefined;
  const make = typeof err?.code === 'string' ? SYSTEM_ERRORS[err.code] : undefined;
  if (!make) return undefined;
  const name = typeof err?.path === 'string' ? `"${err.path.split(/[\\/]/).filter(Boolean).pop() ?? err.path}"` : 'a file';
  return make(name);
}

/** Input echoed in a message, quoted and cut to `max` characters: an answer never repeats a huge argument back. */
export function quoteInput(value: string, max = 120): string {
  return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);
}
