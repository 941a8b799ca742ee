// The outcome of an integration run as the driver reads it, and the continuation a test leaves when it
// reloads the window. Shared by the test index and the helpers, so it holds no mocha and no vscode.
import * as fs from 'node:fs';

export interface TestResults {
  complete: boolean;
  tests: number;
  passes: number;
  pending: number;
  failures: { title: string; error: string }[];
}

/**
 * Left by a test that reloads the window (helpers.reloadWindowThenRun): the counts so far, and which tests the
 * new extension host runs. The workbench reruns this index after a reload, since the payload is in its URL.
 */
export interface Continuation {
  results: TestResults;
  grep: string;
}

export const continuationFile = (resultsFile: string) => `${resultsFile}.continue.json`;

export function writeAtomically(file: string, value: TestResults | Continuation): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(value, null, 2));
  fs.renameSync(tmp, file);
}

/** Reads and removes the continuation, so a second reload cannot resume the same run twice. */
export function takeContinuation(resultsFile: string): Continuation | undefined {
  const file = continuationFile(resultsFile);
  if (!fs.existsSync(file)) return undefined;
  const continuation = JSON.parse(fs.readFileSync(file, 'utf8')) as Continuation;
  fs.rmSync(file);
  return continuation;
}

