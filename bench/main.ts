import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_CORPORA, prepareCorpus } from './corpora';
import { RESULT_MARKER } from './measure';
import { ensurePeer, PEER, runPeer } from './peers';
import { ctags, ensureCtags } from './references';
import type { CorpusResult } from './report';
import { renderTable } from './report';

/**
 * `npm run bench [-- --corpus go[,rust] --json [file] --smoke --no-mcp --peers]`
 * Fetches the corpora it needs, then measures each in fresh processes: references (raw read, parse floor,
 * Universal Ctags), the Engine's cold index with in-process queries and one-line edits, a warm start, and the
 * same queries through the MCP stdio server. Prints one table; `--json` also writes every figure.
 */
interface Options {
  corpora: string[];
  json?: string;
  smoke: boolean;
  mcp: boolean;
  peers: boolean;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { corpora: [], smoke: false, mcp: true, peers: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--corpus') o.corpora.push(...(argv[++i] ?? '').split(',').filter(Boolean));
    else if (a === '--json') o.json = argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[++i] : '-';
    else if (a === '--smoke') o.smoke = true;
    else if (a === '--no-mcp') o.mcp = false;
    else if (a === '--peers') o.peers = true;
    else throw new Error(`unknown argument ${a}; use --corpus NAME[,NAME] --json [FILE] --smoke --no-mcp --peers`);
  }
  if (!o.corpora.length) o.corpora = o.smoke ? ['rxjs'] : [...DEFAULT_CORPORA];
  return o;
}

const ROOT = path.resolve(__dirname, '..');
const log = (line: string) => process.stderr.write(`${line}\n`);

function child<T>(task: string, corpus: string, options: unknown = {}): T {
  const res = spawnSync(process.execPath, ['--require', 'tsx/cjs', path.join(__dirname, 'child.ts'), task, corpus, JSON.stringify(options)], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, SIGHTLINE_PARSE_WORKER: path.join(ROOT, 'dist', 'parse-worker.js') },
  });
  const line = res.stdout.split('\n').find((l) => l.startsWith(RESULT_MARKER));
  if (res.status !== 0 || !line) throw new Error(`bench task ${task} on ${corpus} failed (exit ${res.status})`);
  return JSON.parse(line.slice(RESULT_MARKER.length)) as T;
}

/** Always rebuilt: the MCP server and the parse workers run from dist/, and it must match the source measured. */
function build(): void {
  log('building dist/ (the MCP server and the parse workers run from the bundle)');
  execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'inherit' });
}

function main(): void {
  const o = parseArgs(process.argv.slice(2));
  const samples = o.smoke ? { queries: 20, edits: 10, mcp: 10 } : { queries: 200, edits: 100, mcp: 100 };
  const ctagsVersion = ensureCtags();
  build();
  const results: CorpusResult[] = [];
  for (const name of o.corpora) {
    const corpus = prepareCorpus(name, log);
    log(`${name}: ${corpus.files.length} files, ${(corpus.bytes / 1e6).toFixed(1)} MB — references`);
    const refs = child<CorpusResult['refs']>('refs', name);
    const ct = ctags(corpus);
    // Other work on the machine shows up here; the ratios hold better than single times when it is high.
    const load = os.loadavg()[0];
    log(`${name}: cold index, queries, edits (load average ${load.toFixed(1)})`);
    const index = child<CorpusResult['index']>('index', name, { queries: samples.queries, edits: samples.edits });
    log(`${name}: warm start`);
    const warm = child<CorpusResult['warm']>('warm', name);
    let mcp: CorpusResult['mcp'];
    if (o.mcp) {
      log(`${name}: MCP stdio`);
      const calls = index.queries.filter((q) => q.tool && q.args).map((q) => ({ name: q.name, tool: q.tool!, args: q.args! }));
      mcp = child<CorpusResult['mcp']>('mcp', name, { calls, n: samples.mcp });
    }
    let peer: CorpusResult['peer'];
    if (o.peers) {
      const installed = ensurePeer(log);
      log(`${name}: peer ${PEER.name} cold init`);
      peer = installed.shim ? runPeer(installed.shim, corpus) : { peer: `${PEER.name}@${PEER.version}`, wallMs: NaN, peakRssMb: NaN, error: installed.error };
      if (peer.error) log(`${name}: peer failed: ${peer.error}`);
    }
    results.push({ name, source: corpus.spec.source, versions: corpus.versions, files: corpus.files.length, bytes: corpus.bytes, load, refs, ctags: ct, index, warm, mcp, peer });
  }
  const machine = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg().map((x) => x.toFixed(2)).join(' '),
    ctags: ctagsVersion,
  };
  process.stdout.write(renderTable(results, machine));
  if (o.json) {
    const text = `${JSON.stringify({ machine, results }, null, 2)}\n`;
    if (o.json === '-') process.stdout.write(text);
    else fs.writeFileSync(o.json, text);
  }
}

main();
