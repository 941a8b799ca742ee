import * as os from 'node:os';
import { RingLogger } from '../src/common/log';
import { Engine } from '../src/engine/engine';
import { IndexLanguageFeatures } from '../src/engine/index-features';
import { Workspaces } from '../src/engine/workspaces';
import { STORES } from '../src/search/content-search';
import { ALL_TOOLS } from '../src/tools/registry';
import type { ToolContext } from '../src/tools/shared/tool';
import { validateArgs } from '../src/tools/shared/validate';
import { prepareCorpus } from './corpora';
import { peakRssMb, percentile, sampleAsync, timedAsync } from './measure';
import { pickQueries } from './queries';

/**
 * Warm start, then the first `retrieve`, with no call budget (the bench's rows give up at 30 s): how long until
 * the text index answers in a process that starts on an index already persisted, and the `retrieve` tool's p50/p99
 * after. Run it twice on a corpus: the first run finds no persisted text index (or one of another format) and
 * builds it, the second loads what the first saved. Usage: `npm run bench:retrieve -- <corpus> [samples]` after
 * `npm run bench` has indexed the corpus.
 */
async function main(): Promise<void> {
  const name = process.argv[2] ?? 'synthetic-1M';
  const samples = Number(process.argv[3] ?? 50);
  const corpus = prepareCorpus(name);
  const logger = new RingLogger();
  const engine = new Engine({ root: corpus.dir, exclude: corpus.spec.exclude, logger });
  const warm = await timedAsync(async () => void (await engine.index()));
  const spec = pickQueries(engine.graph).find((q) => q.kind === 'tool' && q.tool === 'retrieve');
  if (spec?.kind !== 'tool') throw new Error('no retrieve query for this corpus');
  const query = spec.args.query as string;
  let hits = 0;
  const first = await timedAsync(async () => {
    const index = await engine.retrieval.ready();
    hits = (await index.searchContent(query, { stores: STORES })).length;
  });
  const workspaces = new Workspaces([engine]);
  const ctx: ToolContext = { workspaces, features: new IndexLanguageFeatures(workspaces), logger };
  const tool = ALL_TOOLS.find((t) => t.name === 'retrieve')!;
  const args = validateArgs(tool, spec.args);
  const times = await sampleAsync(samples, async () => tool.run(args, ctx));
  const retrieval = engine.retrieval as { saved?: () => Promise<void> };
  await retrieval.saved?.();
  const ms = (x: number) => `${Math.round(x).toLocaleString('en-US')} ms`;
  console.log(`${name} — ${new Date().toISOString()} — load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  console.log(`warm start ${ms(warm.wallMs)} wall / ${ms(warm.cpuMs)} CPU; first retrieve ("${query}", ${hits} hits) ${ms(first.wallMs)} wall / ${ms(first.cpuMs)} CPU`);
  console.log(`retrieve tool after: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (n=${times.length}); peak RSS ${Math.round(peakRssMb())} MB`);
  for (const e of logger.recent(20, 'info')) if (/text index/i.test(e.message)) console.log(`log: ${e.level}: ${e.message}`);
  workspaces.dispose();
}

void main();
