// The test index VS Code loads inside the extension host (payload `extensionTestsPath`). The workbench
// calls the driver's `codeAutomationExit` when `run()` settles, and also with 0 when the extension host
// crashes, so the outcome travels in a results file written atomically from mocha's events: the driver
// trusts only a file that says `complete: true`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { takeContinuation, type TestResults, writeAtomically } from './results';

function testFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.js'))
    .sort()
    .map((f) => path.join(dir, f));
}

export function run(): Promise<void> {
  const resultsFile = process.env.SIGHTLINE_TEST_RESULTS;
  if (!resultsFile) return Promise.reject(new Error('SIGHTLINE_TEST_RESULTS is not set: run the integration tests through test/integration/driver.mjs.'));
  // A generous per-test bound so a hung provider fails one test instead of the whole run; tests themselves
  // never assert on time.
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 180_000, reporter: 'spec' });
  const continuation = takeContinuation(resultsFile);
  const grep = continuation?.grep ?? process.env.SIGHTLINE_TEST_GREP;
  if (grep) mocha.grep(new RegExp(grep));
  for (const file of testFiles(__dirname)) mocha.addFile(file);

  const results: TestResults = continuation?.results ?? { complete: false, tests: 0, passes: 0, pending: 0, failures: [] };
  writeAtomically(resultsFile, results);
  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        results.complete = true;
        writeAtomically(resultsFile, results);
        if (failures > 0) reject(new Error(`${failures} integration test(s) failed.`));
        else resolve();
      });
      runner.on('test end', () => {
        results.tests += 1;
      });
      runner.on('pass', () => {
        results.passes += 1;
        writeAtomically(resultsFile, results);
      });
      runner.on('pending', () => {
        results.pending += 1;
      });
      runner.on('fail', (test, err: Error) => {
        results.failures.push({ title: test.fullTitle(), error: err?.stack ?? String(err) });
        writeAtomically(resultsFile, results);
      });
    } catch (e) {
      reject(e);
    }
  });
}
