import type { Timing } from './measure';
import type { IndexResult } from './run-index';
import type { PeerResult } from './peers';
import type { McpResult } from './run-mcp';

/** Everything measured on one corpus, and the one table that shows it (metrics down, corpora across). */
export interface CorpusResult {
  name: string;
  source: string;
  versions: string[];
  files: number;
  bytes: number;
  /** 1-minute load average when the cold index started (2 cores: above 2 means it shared them). */
  load: number;
  refs: { read: Timing & { bytes: number }; floor: Timing & { files: number } };
  ctags: Timing & { tags: number };
  index: IndexResult;
  warm: Timing & { peakRssMb: number; filesIndexed: number; firstRetrieve?: Timing & { hits: number } };
  mcp?: McpResult;
  /** `--peers`: the peer's cold index of the same corpus, same run. */
  peer?: PeerResult;
}

type Row = [label: string, cell: (r: CorpusResult) => string];

const n0 = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : 'n/a');
const n1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
const n2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
const ms = (x: number) => (!Number.isFinite(x) ? 'n/a' : x < 1 ? `${(x * 1000).toFixed(0)}µs` : x < 100 ? `${x.toFixed(1)}ms` : `${n0(x)}ms`);
/** p50 / p99; a sample count is shown when the time budget cut the sampling short. */
const pair = (a: number, b: number, n?: number) => (Number.isFinite(a) ? `${ms(a)} / ${ms(b)}${n !== undefined && n < 100 ? ` n=${n}` : ''}` : 'n/a');
const mb = (bytes: number) => bytes / 1e6;

function queryRows(results: CorpusResult[]): Row[] {
  const names = [...new Set(results.flatMap((r) => r.index.queries.map((q) => q.name)))];
  const rows: Row[] = [];
  for (const name of names) rows.push([`  ${name}`, (r) => { const q = r.index.queries.find((x) => x.name === name); return q ? pair(q.p50Ms, q.p99Ms, q.samples) : ''; }]);
  rows.push(['answer tokens (of budget)', () => '']);
  for (const name of names.filter((x) => results.some((r) => r.index.queries.find((q) => q.name === x)?.tokens !== undefined))) {
    rows.push([`  ${name}`, (r) => { const q = r.index.queries.find((x) => x.name === name); return q?.tokens !== undefined ? `${n0(q.tokens)}/${n0(q.budget!)}${q.truncated ? ' cut' : ''}` : ''; }]);
  }
  if (results.some((r) => r.mcp)) {
    rows.push(['MCP stdio p50 / p99', () => '']);
    rows.push(['  first answer (start+warm load)', (r) => (r.mcp ? ms(r.mcp.firstAnswerMs) : '')]);
    for (const name of [...new Set(results.flatMap((r) => r.mcp?.calls.map((c) => c.name) ?? []))]) {
      rows.push([`  ${name}`, (r) => { const c = r.mcp?.calls.find((x) => x.name === name); return c ? pair(c.p50Ms, c.p99Ms, c.samples) : ''; }]);
    }
  }
  return rows;
}

/** With --peers: the peer's cold index beside ours, and the ratios (below 1: Sightline is faster / smaller). */
function peerRows(results: CorpusResult[]): Row[] {
  const withPeer = results.find((r) => r.peer);
  if (!withPeer) return [];
  const failed = (r: CorpusResult) => (r.peer?.error ? 'failed' : '');
  return [
    [`PEER ${withPeer.peer!.peer} cold init (same run)`, () => ''],
    ['  wall', (r) => (r.peer ? failed(r) || ms(r.peer.wallMs) : '')],
    ['  CPU (all threads and processes)', (r) => (r.peer ? failed(r) || ms(r.peer.cpuMs ?? NaN) : '')],
    ['  peak RSS MB', (r) => (r.peer ? failed(r) || n0(r.peer.peakRssMb) : '')],
    ['  files / nodes / edges it reports', (r) => (r.peer && !r.peer.error ? `${n0(r.peer.files ?? NaN)} / ${n0(r.peer.nodes ?? NaN)} / ${n0(r.peer.edges ?? NaN)}` : '')],
    ['  Sightline / peer, wall', (r) => (r.peer && !r.peer.error ? `${n2(r.index.wallMs / r.peer.wallMs)}×` : '')],
    ['  Sightline / peer, CPU', (r) => (r.peer && !r.peer.error ? `${n2(r.index.cpuMs / (r.peer.cpuMs ?? NaN))}×` : '')],
    ['  Sightline / peer, peak RSS', (r) => (r.peer && !r.peer.error ? `${n2(r.index.peakRssMb / r.peer.peakRssMb)}×` : '')],
  ];
}

function rows(results: CorpusResult[]): Row[] {
  return [
    ['load average at index', (r) => n1(r.load)],
    ['files', (r) => n0(r.files)],
    ['source MB', (r) => n1(mb(r.bytes))],
    ['lines (k)', (r) => n0(r.index.lines / 1000)],
    ['REFERENCES (same run)', () => ''],
    ['  raw read', (r) => ms(r.refs.read.wallMs)],
    ['  parse floor, 1 thread', (r) => ms(r.refs.floor.wallMs)],
    ['  universal-ctags', (r) => ms(r.ctags.wallMs)],
    ['COLD INDEX (Engine)', () => ''],
    ['  wall', (r) => ms(r.index.wallMs)],
    ['  CPU (all threads)', (r) => ms(r.index.cpuMs)],
    ['  files/s', (r) => n0(r.index.files / (r.index.wallMs / 1000))],
    ['  MB/s', (r) => n1(mb(r.bytes) / (r.index.wallMs / 1000))],
    ['  index / parse floor', (r) => `${n2(r.index.wallMs / r.refs.floor.wallMs)}×`],
    ['  index / ctags', (r) => `${n2(r.index.wallMs / r.ctags.wallMs)}×`],
    ['  index CPU / floor CPU', (r) => `${n2(r.index.cpuMs / r.refs.floor.cpuMs)}×`],
    ['  peak RSS MB', (r) => n0(r.index.peakRssMb)],
    ['  main thread max stall', (r) => ms(r.index.maxStallMs)],
    ['  parse errors (files)', (r) => n0(r.index.skipped?.parse_error ?? 0)],
    ['  symbols', (r) => n0(r.index.symbols)],
    ['  call edges', (r) => n0(r.index.edges)],
    ['  persisted MB (% source)', (r) => `${n1(mb(r.index.persistedBytes))} (${n0((100 * r.index.persistedBytes) / r.bytes)}%)`],
    ...peerRows(results),
    ['RETRIEVAL INDEXES built (cold) wall / CPU', (r) => (r.index.retrievalBuild ? `${ms(r.index.retrievalBuild.wallMs)} / ${ms(r.index.retrievalBuild.cpuMs)}` : 'n/a')],
    ['  peak RSS MB with the retrieval indexes', (r) => (r.index.retrievalPeakRssMb !== undefined ? n0(r.index.retrievalPeakRssMb) : 'n/a')],
    ['WARM START wall', (r) => ms(r.warm.wallMs)],
    ['  peak RSS MB', (r) => n0(r.warm.peakRssMb)],
    ['  then first retrieve wall / CPU', (r) => (r.warm.firstRetrieve ? `${ms(r.warm.firstRetrieve.wallMs)} / ${ms(r.warm.firstRetrieve.cpuMs)}` : 'n/a')],
    ['ONE-LINE EDIT p50 / p99', (r) => (r.index.incremental ? pair(r.index.incremental.p50Ms, r.index.incremental.p99Ms, r.index.incremental.samples) : 'n/a')],
    ['  file lines, re-linked in place', (r) => (r.index.incremental ? `${r.index.incremental.lines}, ${r.index.incremental.inPlace}/${r.index.incremental.samples}` : '')],
    ['QUERIES in process p50 / p99', () => ''],
    ...queryRows(results),
  ];
}

export function renderTable(results: CorpusResult[], machine: Record<string, string | number>): string {
  const table = rows(results);
  const header = ['', ...results.map((r) => r.name)];
  const body = table.map(([label, cell]) => [label, ...results.map(cell)]);
  const widths = header.map((_, c) => Math.max(...[header, ...body].map((row) => row[c].length)));
  const line = (row: string[]) => `| ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(' | ')} |`;
  const out = [
    `Sightline bench — ${machine.date} — node ${machine.node}, ${machine.cpus}, ${machine.memoryGiB} GiB, load ${machine.loadAverage}; ${machine.ctags}`,
    '',
    line(header),
    `|${widths.map((w, c) => (c === 0 ? ':' : '') + '-'.repeat(w + 1) + (c === 0 ? '' : ':')).join('|')}|`,
    ...body.map(line),
    '',
    ...results.map((r) => `- ${r.name}: ${r.source} (${r.versions.join(', ')})`),
    ...growth(results),
    '',
  ];
  return `${out.join('\n')}\n`;
}

/** The synthetic series: cost per line should stay flat if indexing is linear. */
function growth(results: CorpusResult[]): string[] {
  const synth = results.filter((r) => r.name.startsWith('synthetic-')).sort((a, b) => a.index.lines - b.index.lines);
  if (synth.length < 2) return [];
  const perMloc = (r: CorpusResult) => r.index.wallMs / (r.index.lines / 1e6);
  return [
    '',
    `Growth (synthetic): ${synth.map((r) => `${n0(r.index.lines / 1000)}k LOC → ${ms(r.index.wallMs)}, ${n0(r.index.peakRssMb)} MB`).join('; ')}.`,
    `Index time per MLOC: ${synth.map((r) => ms(perMloc(r))).join(' → ')} (largest/smallest ${n2(perMloc(synth[synth.length - 1]) / perMloc(synth[0]))}×; 1.00× is linear).`,
  ];
}
