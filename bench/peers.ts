import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CACHE_DIR, type Corpus } from './corpora';

/**
 * The peer row (`npm run bench -- --peers`): the npm package `@colbymchenry/codegraph` — a local code graph for
 * agents, like ours — indexing the same corpus in the same run, so "ahead of the peers" is a measured ratio.
 * It is installed from the registry into .bench-cache/peers (its per-platform package carries its own Node 24),
 * never into the project, and run cold: its `.codegraph/` state is removed before each run.
 */
export const PEER = { name: '@colbymchenry/codegraph', version: '1.6.1' };

export interface PeerResult {
  peer: string;
  wallMs: number;
  /** User + system CPU of the peer and everything it ran (GNU time `%U %S`): steadier than wall on a shared machine. */
  cpuMs?: number;
  peakRssMb: number;
  /** What the peer says it indexed (`Indexed N files`, `N nodes, M edges`), to set beside our files and symbols. */
  files?: number;
  nodes?: number;
  edges?: number;
  /** Why there is no figure (install or run failed), shown instead of one. */
  error?: string;
}

const PEER_DIR = path.join(CACHE_DIR, 'peers', `codegraph-${PEER.version}`);

/** The peer's launcher, installed on first use; undefined (with the reason) when the registry has no build for this machine. */
export function ensurePeer(log: (line: string) => void): { shim?: string; error?: string } {
  const shim = path.join(PEER_DIR, 'node_modules', '@colbymchenry', 'codegraph', 'npm-shim.js');
  if (!fs.existsSync(shim)) {
    log(`installing ${PEER.name}@${PEER.version} into ${PEER_DIR} (bench only)`);
    fs.mkdirSync(PEER_DIR, { recursive: true });
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel', 'error', '--prefix', PEER_DIR, `${PEER.name}@${PEER.version}`], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0 || !fs.existsSync(shim)) return { error: `npm install ${PEER.name}@${PEER.version} failed (exit ${r.status})` };
  }
  return { shim };
}

/**
 * One cold `codegraph init` over the corpus folder. Wall time, CPU and peak RSS come from GNU time (`%e %U %S %M`): its
 * maximum resident set covers the launcher and the bundled Node it waits for (the peer's parse and store workers
 * are threads of that Node, so they are in it). The corpus's excludes (Go's `testdata/`, Python's `site-packages/`)
 * and the files of our languages the Engine passes over (generated, minified, too large: 263 generated files, 402k
 * lines, in Go's std outside vendor/) are given to the peer as its own `codegraph.json` `exclude`, so it reads no
 * file we skip; the files it reports are kept to check that. Its own default ignores still apply (it skips
 * `vendor/`, which we index).
 */
export function runPeer(shim: string, corpus: Corpus): PeerResult {
  const peer = `${PEER.name}@${PEER.version}`;
  const state = path.join(corpus.dir, '.codegraph');
  const config = path.join(corpus.dir, 'codegraph.json');
  if (fs.existsSync(config)) throw new Error(`${config} exists: the peer would read it (a leftover of a killed bench run: remove it)`);
  fs.rmSync(state, { recursive: true, force: true });
  // One report file per run: GNU time opens it when it starts and writes at the end, so two bench runs sharing a
  // name (two `npm run bench -- --peers` at once) overwrote each other's figures.
  const report = path.join(PEER_DIR, `time-${process.pid}-${Date.now()}.txt`);
  const exclude = [...(corpus.spec.exclude ?? []), ...corpus.passedOver.map(anchoredPattern)];
  if (exclude.length) fs.writeFileSync(config, `${JSON.stringify({ exclude })}\n`);
  // The peer writes a .codegraph/ into the folder it indexes; CODEGRAPH_NO_DOWNLOAD keeps its shim off the network.
  const r = spawnSync('/usr/bin/time', ['-o', report, '-f', '%e %U %S %M', process.execPath, shim, 'init', '--yes', corpus.dir], {
    cwd: corpus.dir,
    env: { ...process.env, CODEGRAPH_NO_DOWNLOAD: '1', CODEGRAPH_TELEMETRY: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  fs.rmSync(state, { recursive: true, force: true });
  fs.rmSync(config, { force: true });
  const times = fs.existsSync(report) ? fs.readFileSync(report, 'utf8') : '';
  fs.rmSync(report, { force: true });
  if (r.status !== 0) return { peer, wallMs: NaN, peakRssMb: NaN, error: `exit ${r.status}: ${(r.stderr ?? '').trim().split('\n').pop()?.slice(0, 200) ?? ''}` };
  const [seconds, user, system, kb] = times.trim().split('\n').pop()!.split(' ').map(Number);
  if (![seconds, user, system, kb].every(Number.isFinite)) return { peer, wallMs: NaN, peakRssMb: NaN, error: `no figures in GNU time's report ('${times.trim().slice(0, 80)}')` };
  return { peer, wallMs: seconds * 1000, cpuMs: (user + system) * 1000, peakRssMb: kb / 1024, ...peerCounts(r.stdout ?? '') };
}

/** A gitignore pattern matching exactly the file `rel` (anchored at the root, special characters escaped). */
export function anchoredPattern(rel: string): string {
  return `/${rel.replace(/[\\*?[\]!# ]/g, (c) => `\\${c}`)}`;
}

/** The counts of the peer's closing lines (`Indexed 48 files`, `286 nodes, 574 edges in 4.8s`); absent if it words them otherwise. */
export function peerCounts(stdout: string): { files?: number; nodes?: number; edges?: number } {
  const num = (re: RegExp) => {
    const m = re.exec(stdout);
    return m ? Number(m[1].replace(/,/g, '')) : undefined;
  };
  return { files: num(/Indexed ([\d,]+) files/), nodes: num(/([\d,]+) nodes,/), edges: num(/nodes, ([\d,]+) edges/) };
}
