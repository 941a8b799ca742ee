import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { sightlineVersion } from '../src/common/version';
import { nullLogger } from '../src/common/log';
import { machineCacheKey } from '../src/engine/cache-key';
import { Engine } from '../src/engine/engine';
import { INDEX_FILE, IndexStore } from '../src/engine/store';
import { percentile, timed, timedAsync } from './measure';
import { generateSynthetic } from './synthetic';

/**
 * What trusting nothing costs at warm start: the signed, validated load (HMAC over the file, gunzip, parse, every
 * field of every record checked) against the reference measured in the same run — the unchecked load of 629dd80
 * (gunzip + parse) — and against a whole warm start (load + re-link). Synthetic TypeScript of `--loc` lines
 * (default 1M). Usage: `npm run bench:store -- [--loc 300000] [--samples 5]`.
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
    // CPU time of this process, not wall time: on a shared machine the wall clock mostly measures the neighbours.
    const unchecked: number[] = [];
    const checked: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < samples; i++) {
      unchecked.push(
        timed(() => {
          const raw = fs.readFileSync(file);
          // The payload starts after the magic line and the 32-byte signature: this is 629dd80's load, unchecked.
          JSON.parse(zlib.gunzipSync(raw.subarray(raw.indexOf(0x0a) + 1 + 32)).toString('utf8'));
        }).cpuMs,
      );
      checked.push(
        timed(() => {
          if (!store.load()) throw new Error('the index did not load');
        }).cpuMs,
      );
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
    console.log(`| unchecked load (629dd80: gunzip + parse), reference | ${ms(p50(unchecked))} | 1.00× |`);
    console.log(`| signed + validated load (HMAC, gunzip, parse, every record) | ${ms(p50(checked))} | ${(p50(checked) / p50(unchecked)).toFixed(2)}× |`);
    console.log(`| whole warm start (validated load + re-link) | ${ms(p50(warm))} | ${(p50(warm) / p50(unchecked)).toFixed(2)}× |`);
    console.log(`checking costs ${ms(p50(checked) - p50(unchecked))}, ${(((p50(checked) - p50(unchecked)) / p50(warm)) * 100).toFixed(0)}% of a warm start`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

void main();
