import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { sightlineVersion } from '../src/common/version';
import { nullLogger } from '../src/common/log';
import { machineCacheKey } from '../src/engine/cache-key';
import { Engine } from '../src/engine/engine';
import { INDEX_FILE, IndexStore, type StoredIndex } from '../src/engine/store';
import { percentile, timed, timedAsync } from './measure';
import { generateSynthetic } from './synthetic';

/**
 * What loading the records costs at warm start: the signed, validated load (`IndexStore.loadAsync`: HMAC over the
 * file, the head gunzipped on libuv's pool, parsed and checked; the bodies left deflated until read) against the
 * reference measured in the same run — the unchecked load of 629dd80's layout (the same records as one gzipped
 * JSON: gunzip + parse) — then what reading every body afterwards costs (what a full re-link would read), and a
 * whole warm start. Synthetic TypeScript of `--loc` lines (default 1M).
 * Usage: `npm run bench:store -- [--loc 300000] [--samples 5]`.
 */
function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<void> {
  const loc = arg('--loc', 1_000_000);
  const samples = arg('--samples', 5);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-store-bench-'));
  const storageDir = path.join(root, '.cache');
  try {
    generateSynthetic(path.join(root, 'src'), loc);
    const cold = new Engine({ root, storageDir });
    const stats = await cold.index();
    cold.dispose();
    const file = path.join(storageDir, INDEX_FILE);
    const bytes = fs.statSync(file).size;
    const store = new IndexStore(storageDir, nullLogger, { key: machineCacheKey(), engineVersion: sightlineVersion() });
    // The reference: the same records in 629dd80's layout, one JSON gzipped as it was written then.
    const oneJson = zlib.gzipSync(JSON.stringify(await store.loadAsync()), { level: zlib.constants.Z_BEST_SPEED });
    // CPU time of this process (all its threads: the head's gunzip on libuv's pool counts), not wall time: on a
    // shared machine the wall clock mostly measures the neighbours.
    const unchecked: number[] = [];
    const checked: number[] = [];
    const bodies: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < samples; i++) {
      unchecked.push(timed(() => JSON.parse(zlib.gunzipSync(oneJson).toString('utf8'))).cpuMs);
      let index: StoredIndex | undefined;
      const load = await timedAsync(async () => void (index = await store.loadAsync()));
      if (!index) throw new Error('the index did not load');
      checked.push(load.cpuMs);
      bodies.push(timed(() => Object.values(index!.files).forEach((f) => [f.record.calls, f.record.imports, f.record.bindings, f.record.values])).cpuMs);
      const engine = new Engine({ root, storageDir, workers: 0 });
      let files = -1;
      warm.push((await timedAsync(async () => void (files = (await engine.index()).files_indexed))).cpuMs);
      engine.dispose();
      if (files !== 0) throw new Error(`warm start re-parsed ${files} files`);
    }
    const p50 = (xs: number[]) => percentile(xs, 50);
    const ms = (x: number) => `${Math.round(x).toLocaleString('en-US')} ms CPU`;
    console.log(`Sightline store-load bench — ${new Date().toISOString()} — node ${process.version}, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
    console.log(`synthetic ${loc.toLocaleString('en-US')} lines: ${stats.files_indexed} files, ${stats.symbols.toLocaleString('en-US')} symbols, index file ${(bytes / 1e6).toFixed(1)} MB; median of ${samples}`);
    console.log(`| step | median | ratio |`);
    console.log(`| --- | ---: | ---: |`);
    const row = (what: string, xs: number[]) => console.log(`| ${what} | ${ms(p50(xs))} | ${(p50(xs) / p50(unchecked)).toFixed(2)}× |`);
    row('unchecked load of the records as one JSON (629dd80: gunzip + parse), reference', unchecked);
    row('signed + validated load (HMAC; head gunzipped, parsed, checked; bodies kept deflated)', checked);
    row('then reading every body (inflate, parse, check: what a full re-link reads)', bodies);
    row('whole warm start (validated load + graph from the link snapshot)', warm);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

void main();
