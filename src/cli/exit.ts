/**
 * Resolves once everything written to a stream has been handed to the OS. On a pipe, stdout is asynchronous:
 * exiting before this cut `sightline call … | cat` at 64 KiB and still exited 0, so agents got truncated JSON.
 */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) return resolve();
    stream.write('', () => resolve());
  });
}

/** Exits with `code` once stdout and stderr have been written out in full, however slow the reader. */
export async function exitWhenDrained(code: number): Promise<never> {
  process.exitCode = code;
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  process.exit(code);
}
