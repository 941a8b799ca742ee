import { prepareCorpus } from './corpora';
import { parseFloor, rawRead } from './references';
import { runIndex, runWarm } from './run-index';
import { runMcp } from './run-mcp';
import { RESULT_MARKER } from './measure';

/**
 * One measurement in a fresh process (so peak RSS and WASM tier-up belong to that measurement alone),
 * started by bench/main.ts. Prints its result as one JSON line after a marker; everything else goes to stderr.
 */

async function main(): Promise<unknown> {
  const [task, name, optionsJson] = process.argv.slice(2);
  const options = JSON.parse(optionsJson ?? '{}');
  const corpus = prepareCorpus(name);
  switch (task) {
    case 'refs': {
      const read = rawRead(corpus);
      const floor = await parseFloor(corpus);
      return { read, floor };
    }
    case 'index':
      return runIndex(corpus, options);
    case 'warm':
      return runWarm(corpus);
    case 'mcp':
      return runMcp(corpus, options.calls, options.n);
    default:
      throw new Error(`unknown bench task ${task}`);
  }
}

main().then(
  (result) => {
    process.stdout.write(`${RESULT_MARKER}${JSON.stringify(result)}\n`);
    process.exit(0);
  },
  (e) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  },
);
