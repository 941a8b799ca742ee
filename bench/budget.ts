import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CACHE_DIR, prepareCorpus } from './corpora';
import { indexOnce, type IndexRun, loadTree } from './budget-lib';
import { RESULT_MARKER } from './measure';

/**
 * `npm run bench:budget [-- --base REV --corpus go,python --rounds N --mode process|inline --workers N --json [FILE]]`
 *
 * Index time per line of this tree against an older commit (issue 11's budget: not worse than +10%), measured
 * in the same run on the same files. The base commit is unpacked with `git archive` into the git-ignored
 * `.bench-cache/base/<sha>/` (its own `npm ci` when its lock differs from this tree's, else this tree's
 * node_modules by symlink). Each index is `new Engine({ workers: 0, storageDir: null }).index()`: everything on
 * one thread, nothing persisted, so the CPU of the process is the index's. Extraction (`Extractor.extractAll`)
 * and linking (`CodeGraph.build`) are timed apart by wrapping them. Base and head alternate, in turn first,
 * for several rounds; the ratio head/base is taken per round, and the median and the spread are printed.
 *
 * `--mode process` (default) runs each index in a fresh process (a warm-up pass, then the measured one);
 * `--mode inline` loads both trees into this process and alternates them there.
 *
 * `--workers N` measures instead what users wait for: `Engine.index()` with its pool of N parse workers (as the
 * Engine runs it by default), cold — the first index in a fresh process, so worker start-up and grammar loading
 * count — timed in wall and in CPU (the process's, workers included). The workers run from each tree's built
 * `dist/parse-worker.js`, so both trees are built first: this one with `npm run build`, the base once in its
 * `.bench-cache/base/<sha>/dist`. Without `--workers` the one-thread measure above is unchanged.
 */
interface Options {
  base: string;
  corpora: string[];
  rounds: number;
  mode: 'process' | 'inline';
  passes: number;
  /** Parse workers of the measured Engine; 0 is the one-thread measure. */
  workers: number;
  json?: string;
}

const DEFAULT_CORPORA = ['go', 'python', 'express', 'semver', 'eslint', 'effect'];
const HEAD_ROOT = path.resolve(__dirname, '..');
const log = (line: string) => process.stderr.write(`${line}\n`);

function parseArgs(argv: string[]): Options {
  const o: Options = { base: '629dd80', corpora: [], rounds: 5, mode: 'process', passes: 2, workers: 0 };
  const usage = 'use --base REV --corpus NAME[,NAME] --rounds N --passes N --mode process|inline --workers N --json [FILE]';
  let passesGiven = false;
  const count = (flag: string, v: string | undefined): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a whole number ≥ 1, got '${v ?? ''}'; ${usage}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--base') o.base = argv[++i] ?? '';
    else if (a === '--corpus') o.corpora.push(...(argv[++i] ?? '').split(',').filter(Boolean));
    else if (a === '--rounds') o.rounds = count(a, argv[++i]);
    else if (a === '--passes') {
      o.passes = count(a, argv[++i]);
      passesGiven = true;
    } else if (a === '--workers') o.workers = count(a, argv[++i]);
    else if (a === '--mode') {
      const m = argv[++i];
      if (m !== 'process' && m !== 'inline') throw new Error(`--mode is process or inline, got '${m ?? ''}'`);
      o.mode = m;
    } else if (a === '--json') o.json = argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[++i] : '-';
    else throw new Error(`unknown argument ${a}; ${usage}`);
  }
  if (!o.base) throw new Error(`--base needs a commit; ${usage}`);
  if (!o.corpora.length) o.corpora = [...DEFAULT_CORPORA];
  if (o.workers) {
    if (o.mode === 'inline') throw new Error('--workers measures a cold index in a fresh process: not with --mode inline');
    if (!passesGiven) o.passes = 1;
  }
  return o;
}

/** The base commit's source, unpacked and installed once under .bench-cache/base/<sha>; returns its root. */
export function prepareBase(rev: string): string {
  let sha: string;
  try {
    sha = execFileSync('git', ['rev-parse', '--verify', `${rev}^{commit}`], { cwd: HEAD_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch {
    throw new Error(`--base ${rev}: not a commit of this repository`);
  }
  const dir = path.join(CACHE_DIR, 'base', sha.slice(0, 12));
  const marker = path.join(dir, '.complete');
  if (fs.existsSync(marker)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  log(`unpacking ${sha.slice(0, 12)} into ${path.relative(process.cwd(), dir)}`);
  const tar = execFileSync('git', ['archive', '--format=tar', sha], { cwd: HEAD_ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  const lock = (root: string) => fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8');
  if (lock(dir) === lock(HEAD_ROOT)) {
    fs.symlinkSync(path.join(HEAD_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  } else {
    log(`its package-lock.json differs from this tree's: npm ci there`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  // No build here: with `workers: 0` nothing runs from dist/ (grammars and queries are read from node_modules and
  // queries/); `--workers` builds it with buildTree.
  fs.writeFileSync(marker, `${sha}\n`);
  return dir;
}

/** The parse worker a tree's pool starts (`--workers`): its `npm run build` output, built first when `rebuild` or missing. */
function buildTree(root: string, rebuild: boolean): string {
  const worker = path.join(root, 'dist', 'parse-worker.js');
  if (!rebuild && fs.existsSync(worker)) return worker;
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  if (!scripts.build) throw new Error(`${root} has no build script: --workers needs its dist/parse-worker.js`);
  log(`npm run build in ${path.relative(process.cwd(), root) || '.'}`);
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!fs.existsSync(worker)) throw new Error(`npm run build in ${root} did not emit dist/parse-worker.js: --workers cannot run its pool`);
  return worker;
}

/**
 * One index of a corpus in a fresh process: `passes - 1` warm-ups (JIT, grammar compilation), then the measured one;
 * with `workers`, the Engine's pool starts that many workers from `worker`.
 */
function inChild(root: string, corpus: string, passes: number, workers: number, worker: string | undefined): IndexRun {
  const res = spawnSync(process.execPath, ['--expose-gc', '--require', 'tsx/cjs', __filename, '--child', root, corpus, String(passes), String(workers)], {
    cwd: root,
    env: worker ? { ...process.env, SIGHTLINE_PARSE_WORKER: worker } : process.env,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = res.stdout.split('\n').find((l) => l.startsWith(RESULT_MARKER));
  if (res.status !== 0 || !line) throw new Error(`indexing ${corpus} with ${root} failed (exit ${res.status})`);
  return JSON.parse(line.slice(RESULT_MARKER.length)) as IndexRun;
}

async function childMain(root: string, corpusName: string, passes: number, workers: number): Promise<void> {
  const corpus = prepareCorpus(corpusName);
  const tree = loadTree(root);
  let run!: IndexRun;
  for (let p = 0; p < passes; p++) {
    (globalThis as { gc?: () => void }).gc?.();
    run = await indexOnce(tree, corpus.dir, corpus.spec.exclude, workers);
  }
  process.stdout.write(`${RESULT_MARKER}${JSON.stringify(run)}\n`);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

interface Row {
  corpus: string;
  files: number;
  lines: number;
  edges: { base: number; head: number };
  /** Per round, µs of CPU per line for base and head, and the ratio head/base, for the index, extraction and linking. */
  rounds: { base: IndexRun; head: IndexRun }[];
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

type Part = readonly [string, 'wallMs' | 'cpuMs' | 'extractMs' | 'linkMs'];
const PARTS: readonly Part[] = [['index', 'cpuMs'], ['extraction', 'extractMs'], ['linking', 'linkMs']];
/** With parse workers, wall time is what users wait for, and CPU counts the workers' too. */
const POOL_PARTS: readonly Part[] = [['index wall', 'wallMs'], ['index CPU', 'cpuMs'], ['extraction CPU', 'extractMs'], ['linking CPU', 'linkMs']];

function summarise(row: Row, parts: readonly Part[]): string[] {
  const out: string[] = [];
  for (const [label, key] of parts) {
    const us = (r: IndexRun) => (r[key] * 1000) / r.lines;
    const base = row.rounds.map((r) => us(r.base));
    const head = row.rounds.map((r) => us(r.head));
    const ratios = row.rounds.map((r) => r.head[key] / r.base[key]);
    const pct = (x: number) => `${x >= 1 ? '+' : '−'}${Math.abs((x - 1) * 100).toFixed(1)}%`;
    out.push(
      `| ${row.corpus} | ${label} | ${median(base).toFixed(2)} (${Math.min(...base).toFixed(2)}–${Math.max(...base).toFixed(2)}) | ` +
        `${median(head).toFixed(2)} (${Math.min(...head).toFixed(2)}–${Math.max(...head).toFixed(2)}) | ` +
        `${pct(median(ratios))} (${pct(Math.min(...ratios))} … ${pct(Math.max(...ratios))}) | ${pct(sum(head) / sum(base))} |`,
    );
  }
  return out;
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === '--child') return childMain(argv[1], argv[2], Number(argv[3]), Number(argv[4]));
  const o = parseArgs(argv);
  const baseRoot = prepareBase(o.base);
  const workerOf = o.workers ? { base: buildTree(baseRoot, false), head: buildTree(HEAD_ROOT, true) } : undefined;
  const trees = o.mode === 'inline' ? { base: loadTree(baseRoot), head: loadTree(HEAD_ROOT) } : undefined;
  const rows: Row[] = [];
  for (const name of o.corpora) {
    const corpus = prepareCorpus(name, log);
    const row: Row = { corpus: name, files: 0, lines: 0, edges: { base: 0, head: 0 }, rounds: [] };
    if (trees) for (const side of ['base', 'head'] as const) await indexOnce(trees[side], corpus.dir, corpus.spec.exclude); // warm-up
    for (let r = 0; r < o.rounds; r++) {
      const order = r % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const);
      const got: Partial<Record<'base' | 'head', IndexRun>> = {};
      for (const side of order) {
        const root = side === 'base' ? baseRoot : HEAD_ROOT;
        got[side] = trees ? await indexOnce(trees[side], corpus.dir, corpus.spec.exclude) : inChild(root, name, o.passes, o.workers, workerOf?.[side]);
      }
      const pair = got as Record<'base' | 'head', IndexRun>;
      if (pair.base.lines !== pair.head.lines) log(`${name}: base indexed ${pair.base.lines} lines, head ${pair.head.lines}: per-line figures differ in what they count`);
      row.rounds.push(pair);
      const wall = o.workers ? `wall base ${pair.base.wallMs.toFixed(0)} ms, head ${pair.head.wallMs.toFixed(0)} ms (×${(pair.head.wallMs / pair.base.wallMs).toFixed(3)}), ` : '';
      log(`${name} round ${r + 1}/${o.rounds}: ${wall}index CPU base ${pair.base.cpuMs.toFixed(0)} ms, head ${pair.head.cpuMs.toFixed(0)} ms (×${(pair.head.cpuMs / pair.base.cpuMs).toFixed(3)}); load ${os.loadavg()[0].toFixed(1)}`);
    }
    const last = row.rounds[row.rounds.length - 1];
    Object.assign(row, { files: last.head.files, lines: last.head.lines, edges: { base: last.base.edges, head: last.head.edges } });
    rows.push(row);
  }
  const how =
    o.mode === 'process'
      ? o.passes === 1
        ? 'fresh process each, its first (cold) index'
        : `fresh process each, measured pass ${o.passes} of ${o.passes}`
      : 'both trees in one process';
  const lines = [
    `Index ${o.workers ? 'wall and CPU' : 'CPU'} per line, head ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: HEAD_ROOT, encoding: 'utf8' }).trim()} vs base ${o.base}, ` +
      `${o.rounds} alternated rounds (${how}), ` +
      `workers ${o.workers}${o.workers ? ' (the Engine\'s parse-worker pool; CPU includes the workers\')' : ''}, node ${process.version}, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`,
    '',
    '| corpus | step | base µs/line median (min–max) | head µs/line median (min–max) | head/base per round: median (min … max) | head/base of the sums |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows.flatMap((row) => summarise(row, o.workers ? POOL_PARTS : PARTS)),
    '',
    ...rows.map((r) => `${r.corpus}: ${r.files} files, ${r.lines.toLocaleString('en-US')} lines, call edges base ${r.edges.base.toLocaleString('en-US')} → head ${r.edges.head.toLocaleString('en-US')}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (o.json) {
    const json = JSON.stringify({ base: o.base, mode: o.mode, rounds: o.rounds, passes: o.passes, workers: o.workers, rows }, null, 2);
    if (o.json === '-') process.stdout.write(`${json}\n`);
    else fs.writeFileSync(o.json, json);
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  log(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
