import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IndexedSymbol } from '../../src/graph/symbol-table';
import { CACHE_DIR, prepareCorpus } from '../corpora';
import { FIXTURE_DIR, FIXTURE_LANGS, scoreFixture } from './fixtures';
import { Oracle } from './oracle';
import { GoOracle, classifyGoSite } from './oracle-go';
import { PythonOracle, classifyPythonSite } from './oracle-python';
import { reportJs } from './report-js';
import { type JsScore, scoreJs } from './score-js';
import { reportEdges } from './report-edges';
import { f2, reportTs } from './report-ts';
import { type EdgeScore, sampleCallables, scoreEdges } from './score-edges';
import { indexWorkspace } from './sightline';
import { sampleTargets, scoreCorpus } from './score-ts';

/**
 * `npm run quality`: Sightline's call graph against reference call graphs on real code.
 *   --corpus a,b         some corpora only: effect, rxjs, semver, express, python, go, fixtures (default: all)
 *   --quick              small samples everywhere: --sample 150 --go-sample 100 --py-sample 20 --blast 15
 *   --sample N           TypeScript targets per corpus (default 1000; oracle answers cached in .bench-cache/quality)
 *   --blast N            blast-radius targets per corpus (default 60)
 *   --go-sample N        Go targets (default 400)
 *   --py-blast N         Python blast-radius targets (default 3: each closure costs pyright dozens of questions)
 *   --go-packages P      package patterns given to callgraph (default std; its answer is cached per pattern)
 *   --js-sample N        plain-JS (semver, express) declarations sampled as targets (default 1000: all of them)
 *   --py-sample N        Python targets (default 60: pyright takes ~20 s a target on a loaded 2-core machine; answers cached)
 *   --worst N            worst targets / examples to list (default 8)
 */

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const QUICK = process.argv.includes('--quick');
const num = (name: string, full: number, quick: number) => Number(arg(name, String(QUICK ? quick : full)));
const ONLY = arg('corpus', '').split(',').filter(Boolean);
const wanted = (name: string) => !ONLY.length || ONLY.some((o) => name.startsWith(o));
const log = (line: string) => console.error(line);

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
  const sampleSize = num('sample', 1000, 150);
  const blast = num('blast', 60, 15);
  const worst = Number(arg('worst', '8'));
  const floor = Number(arg('floor', '0.5'));
  const results: unknown[] = [];
  for (const spec of CORPUS_SPECS.filter((c) => wanted(c.name))) {
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
    log(`${spec.name}: ${files.length} files indexed in ${indexMs} ms, scored in ${Date.now() - t1} ms`);
    reportTs(score, worst, floor);
    results.push(score);
  }
  for (const js of ['semver', 'express']) if (wanted(js)) results.push(await measureJs(js, num('js-sample', 1000, 200), floor, worst));
  if (wanted('python')) results.push(await measurePython(num('py-sample', 60, 20), floor, num('py-blast', 3, 1), worst));
  if (wanted('go')) results.push(await measureGo(num('go-sample', 400, 100), arg('go-packages', 'std').split(/\s+/), floor, blast, worst));
  if (!ONLY.length || ONLY.includes('fixtures')) await reportFixtures(floor);
  fs.mkdirSync(path.join(CACHE_DIR, 'quality'), { recursive: true });
  fs.writeFileSync(path.join(CACHE_DIR, 'quality', 'last.json'), JSON.stringify(results, null, 1));
}

/** Plain JavaScript (semver, express): CommonJS source without types against TypeScript's call hierarchy in JS mode. */
async function measureJs(name: string, sampleSize: number, floor: number, worst: number): Promise<JsScore> {
  const corpus = prepareCorpus(name, log);
  const index = await indexWorkspace(corpus.dir);
  const files = [...index.graph.table.files.keys()].filter(IS_JS).sort();
  const oracle = new Oracle(corpus.dir, files, path.join(CACHE_DIR, 'quality', `${name}-${corpus.versions.join('+')}.oracle.json`));
  const score = await scoreJs(corpus.versions.join(', '), index, oracle, files, sampleSize, floor);
  oracle.save();
  reportJs(score, floor, worst);
  return score;
}

/** Python: the standard library against pyright's call hierarchy (direct), plus that of overridden methods (dispatch). */
async function measurePython(sampleSize: number, floor: number, blast: number, worst: number): Promise<EdgeScore> {
  const corpus = prepareCorpus('python', log);
  const t0 = Date.now();
  const index = await indexWorkspace(corpus.dir);
  const t1 = Date.now();
  const cacheFile = path.join(CACHE_DIR, 'quality', `python-${corpus.versions.join('+')}.pyright.json`);
  const oracle = new PythonOracle(index, path.join(CACHE_DIR, 'python'), corpus.spec.root, path.join(CACHE_DIR, 'tools'), cacheFile, log);
  try {
    const sample = sampleCallables(index, oracle, sampleSize, (s) => s.lang === 'python');
    const score = await scoreEdges(`python (${corpus.versions.join(', ')})`, index, oracle, sample, classifyPythonSite, floor, blast);
    log(`python: indexed in ${t1 - t0} ms, scored in ${Date.now() - t1} ms (${oracle.asked} pyright answers not cached)`);
    reportEdges(score, 'pyright 1.1.414 call hierarchy', floor, [`set aside: references pyright lists among incoming calls that are not calls ${oracle.nonCallRefs}; calls of a base method that name the base explicitly (\`super().m()\`, \`Base.m(self)\`, never dispatch to the override) ${oracle.explicitBaseCalls}`], worst);
    return score;
  } finally {
    await oracle.dispose();
  }
}

/** Go: the standard library against `callgraph -algo=cha` (static calls direct, interface method calls dispatch). */
async function measureGo(sampleSize: number, packages: string[], floor: number, blast: number, worst: number): Promise<EdgeScore> {
  const corpus = prepareCorpus('go', log);
  const t0 = Date.now();
  const index = await indexWorkspace(corpus.dir);
  const t1 = Date.now();
  const oracle = new GoOracle(index, packages, path.join(CACHE_DIR, 'quality'), log);
  const toolchain = oracle.toolchain;
  if (!corpus.versions.some((v) => v.includes(toolchain.replace(/^go/, '')))) log(`warning: the corpus (${corpus.versions.join(', ')}) and the toolchain callgraph analysed (${toolchain}) differ`);
  const sample = sampleCallables(index, oracle, sampleSize, (s) => s.lang === 'go');
  const t2 = Date.now();
  const score = await scoreEdges(`go (${corpus.versions.join(', ')} \`${packages.join(' ')}\`)`, index, oracle, sample, classifyGoSite, floor, blast);
  log(`go: indexed in ${t1 - t0} ms, oracle loaded in ${t2 - t1} ms, scored in ${Date.now() - t2} ms`);
  const st = oracle.stats;
  reportEdges(score, `callgraph -algo=cha (${toolchain})`, floor, [
    `callgraph edges mapped: ${st.edges}; set aside: calls of func values ${st.funcValueCalls} (CHA matches them by signature), synthetic wrappers/init ${st.synthetic}, anonymous function callees ${st.anonymousCallees}, outside the analysed files ${st.outsideCorpus}`,
  ], worst);
  return score;
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
