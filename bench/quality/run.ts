import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IndexedSymbol } from '../../src/graph/symbol-table';
import { CACHE_DIR, prepareCorpus } from '../corpora';
import { FIXTURE_DIR, FIXTURE_LANGS, scoreFixture } from './fixtures';
import { Oracle } from './oracle';
import { indexWorkspace } from './sightline';
import { type CorpusScore, type Counts, THRESHOLDS, sampleTargets, scoreCorpus } from './score-ts';

/**
 * `npm run quality`: Sightline's call graph against TypeScript's call hierarchy on real packages.
 *   --corpus effect|rxjs|fixtures   one corpus only (default: all, then the annotated fixtures)
 *   --sample N                targets per corpus (default 1000; oracle answers are cached in .bench-cache/quality)
 *   --blast N                 blast-radius targets per corpus (default 60)
 *   --worst N                 worst targets to list (default 8)
 */

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

export function pr(c: Counts): { p: number; r: number } {
  return { p: c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1, r: c.tp + c.fn ? c.tp / (c.tp + c.fn) : 1 };
}

const f2 = (x: number) => x.toFixed(3);

function report(s: CorpusScore, worstCount: number, floor: number): void {
  console.log(`\n### ${s.corpus}: ${s.targets} targets (${s.skipped} sampled symbols the oracle does not treat as callable)\n`);
  console.log('| min_confidence | callers P | callers R | callers tp/fp/fn | callees P | callees R | blast d3 recall | blast extra |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const t of THRESHOLDS) {
    const c = pr(s.callers[t]);
    const o = pr(s.callees[t]);
    const b = s.blast[t];
    console.log(`| ${t}${t === floor ? ' (default)' : ''} | ${f2(c.p)} | ${f2(c.r)} | ${s.callers[t].tp}/${s.callers[t].fp}/${s.callers[t].fn} | ${f2(o.p)} | ${f2(o.r)} | ${f2(b.expected ? b.found / b.expected : 1)} (${b.found}/${b.expected}) | ${b.extra} |`);
  }
  const d = pr(s.dispatch);
  console.log(`\nfind_callers plus the callers of the members the target overrides (dispatch), vs the oracle's direct and base-member sites: P ${f2(d.p)} R ${f2(d.r)} (${s.dispatch.tp}/${s.dispatch.fp}/${s.dispatch.fn})`);
  console.log(`\nfind_callers edges by resolution kind (at min_confidence ${floor}, and all):\n`);
  console.log(`| kind | edges ≥ ${floor} | correct | precision | all edges | correct | precision |`);
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [k, v] of Object.entries(s.byKind).sort()) {
    const a = s.byKindAtFloor[k] ?? { tp: 0, fp: 0 };
    console.log(`| ${k} | ${a.tp + a.fp} | ${a.tp} | ${a.tp + a.fp ? f2(a.tp / (a.tp + a.fp)) : '–'} | ${v.tp + v.fp} | ${v.tp} | ${f2(v.tp / (v.tp + v.fp))} |`);
  }
  console.log(`\nfind_callers by the target's language (min_confidence ${floor}): ${Object.entries(s.byLanguage).map(([l, c]) => `${l} P ${f2(pr(c).p)} R ${f2(pr(c).r)} (${c.tp}/${c.fp}/${c.fn})`).join('; ')}`);
  console.log(`\nmissed callers at the default min_confidence: ${Object.entries(s.missReasons).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
  const m = s.moduleLevel;
  console.log(`module-level call sites (not in the table), at min_confidence ${floor}: oracle ${m.oracleSites}, Sightline ${m.sightlineSites}, both ${m.matched}`);
  console.log(`oracle call sites through a base member (dispatch, not counted): ${s.dispatchSites}; through a sibling implementation (never reach the target): ${s.familySites}`);
  console.log(`super(…) calls linked to a base constructor (TS does not list them; not counted): ${s.superCalls}`);
  console.log(`oracle references that are not calls (ignored): ${s.nonCallRefs}; callee targets Sightline has no symbol for: ${s.calleeTargetsOutside}`);
  if (worstCount > 0) {
    console.log(`\nworst targets:`);
    for (const w of s.worst.slice(0, worstCount)) {
      console.log(`- ${w.target}: ${w.tp.length} right, ${w.fp.length} false, ${w.fn.length} missed`);
      for (const fp of w.fp.slice(0, 4)) console.log(`    + ${fp.id} (${fp.resolution} ${fp.confidence})`);
      for (const fn of w.fn.slice(0, 4)) console.log(`    - ${fn.id} (${fn.why})`);
    }
  }
}

interface CorpusSpec {
  name: string;
  root: () => string;
  /** Which symbols may be sampled as targets. */
  keep: (s: IndexedSymbol) => boolean;
  /** Oracle answers are cached only for registry packages (fixtures change with the code). */
  cache: boolean;
}

const IS_JS = (f: string) => /\.[cm]?[jt]sx?$/.test(f);

const CORPUS_SPECS: CorpusSpec[] = [
  // The speed bench's corpora (one download, shared): the packages' src/ trees.
  ...['effect', 'rxjs'].map((name) => ({ name, root: () => prepareCorpus(name).dir, keep: () => true, cache: true })),
  { name: 'fixtures (TypeScript)', root: () => path.join(FIXTURE_DIR, 'typescript'), keep: (s: IndexedSymbol) => IS_JS(s.file), cache: false },
  { name: 'fixtures (polyglot, TS part)', root: () => path.join(FIXTURE_DIR, '..', 'polyglot'), keep: (s: IndexedSymbol) => IS_JS(s.file), cache: false },
];

async function main(): Promise<void> {
  const only = arg('corpus', '');
  const sampleSize = Number(arg('sample', '1000'));
  const blast = Number(arg('blast', '60'));
  const worst = Number(arg('worst', '8'));
  const floor = Number(arg('floor', '0.5'));
  const results: CorpusScore[] = [];
  for (const spec of CORPUS_SPECS.filter((c) => !only || c.name.startsWith(only))) {
    const root = spec.root();
    const t0 = Date.now();
    const index = await indexWorkspace(root);
    const indexMs = Date.now() - t0;
    const files = [...index.graph.table.files.keys()].filter(IS_JS).sort();
    const oracle = new Oracle(root, files, spec.cache ? path.join(CACHE_DIR, 'quality', `${spec.name}-${prepareCorpus(spec.name).versions.join('+')}.oracle.json`) : undefined);
    const t1 = Date.now();
    const sample = sampleTargets(index, sampleSize, spec.keep);
    const score = await scoreCorpus(spec.name, index, oracle, sample, blast, floor);
    oracle.save();
    console.error(`${spec.name}: ${files.length} files indexed in ${indexMs} ms, scored in ${Date.now() - t1} ms`);
    report(score, worst, floor);
    results.push(score);
  }
  if (!only || only === 'fixtures') await reportFixtures(floor);
  fs.mkdirSync(path.join(CACHE_DIR, 'quality'), { recursive: true });
  fs.writeFileSync(path.join(CACHE_DIR, 'quality', 'last.json'), JSON.stringify(results, null, 1));
}

async function reportFixtures(floor: number): Promise<void> {
  console.log(`\n### Annotated fixtures (hand-written expected edges, min_confidence ${floor})\n`);
  console.log('| language | expected edges | precision | recall | false | missed | reported edges by kind (right/all) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const notes: string[] = [];
  for (const lang of FIXTURE_LANGS) {
    const s = await scoreFixture(lang, floor);
    const kinds = Object.entries(s.byKind).sort().map(([k, v]) => `${k} ${v.tp}/${v.tp + v.fp}`).join(', ');
    console.log(`| ${lang} | ${s.expected} | ${f2(s.precision)} | ${f2(s.recall)} | ${s.fp.length} | ${s.fn.length} | ${kinds} |`);
    notes.push(...s.fp.map((e) => `- ${lang}: unexpected ${e}`), ...s.fn.map((e) => `- ${lang}: missing ${e}`));
  }
  if (notes.length) console.log(`\n${notes.join('\n')}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
