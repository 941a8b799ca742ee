import { THRESHOLDS, type Counts } from './score-ts';
import type { EdgeScore } from './score-edges';

/** Prints the score of a call-site oracle corpus (Python vs pyright, Go vs callgraph) as markdown. */

const f2 = (x: number) => x.toFixed(3);

function pr(c: Counts): { p: number; r: number } {
  return { p: c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1, r: c.tp + c.fn ? c.tp / (c.tp + c.fn) : 1 };
}

const sorted = (rec: Record<string, number>) => Object.entries(rec).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));

export function reportEdges(s: EdgeScore, oracleName: string, floor: number, notes: string[], examples: number): void {
  console.log(`\n### ${s.corpus}: ${s.targets} targets vs ${oracleName} (${s.unmapped} sampled symbols the oracle has no function for)\n`);
  console.log('| min_confidence | callers P (with dispatch) | callers R (with dispatch) | tp/fp/fn | direct P | direct R | direct tp/fp/fn |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const t of THRESHOLDS) {
    const a = pr(s.withDispatch[t]);
    const d = pr(s.callers[t]);
    const w = s.withDispatch[t];
    const c = s.callers[t];
    console.log(`| ${t}${t === floor ? ' (default)' : ''} | ${f2(a.p)} | ${f2(a.r)} | ${w.tp}/${w.fp}/${w.fn} | ${f2(d.p)} | ${f2(d.r)} | ${c.tp}/${c.fp}/${c.fn} |`);
  }
  const ratio = (b: { found: number; expected: number; extra: number }) => `${f2(b.expected ? b.found / b.expected : 1)} (${b.found}/${b.expected}, ${b.extra} extra)`;
  console.log(`\nblast_radius depth 3 at min_confidence ${floor}, ${s.blastTargets} targets: recall vs the oracle's closure with dispatch ${ratio(s.blastWithDispatch)}; direct calls only ${ratio(s.blast)}`);
  console.log(`\nfind_callers edges at min_confidence ${floor} by resolution kind (right/all): ${Object.entries(s.byKindAtFloor).sort().map(([k, v]) => `${k} ${v.tp}/${v.tp + v.fp}`).join(', ')}`);
  console.log(`Sightline callers in files the oracle did not analyse (not scored): ${s.outsideOracle}; oracle call sites at module level (not scored): ${s.moduleSites}`);
  for (const n of notes) console.log(n);
  const artifacts = Object.values(s.artifacts).reduce((a, b) => a + b, 0);
  if (artifacts) {
    const w = s.withDispatch[floor];
    const adjusted = pr({ ...w, fn: w.fn - artifacts });
    console.log(`\nOracle artifacts among the misses at ${floor}: ${sorted(s.artifacts).map(([k, v]) => `${k} ${v}`).join('; ')}. With them set aside: callers P ${f2(adjusted.p)} R ${f2(adjusted.r)} (${w.tp}/${w.fp}/${w.fn - artifacts}).`);
  }

  const total = Object.values(s.missSyntax).reduce((a, b) => a + b, 0);
  console.log(`\nMissed callers at min_confidence ${floor} (${total}), by the kind of call at the site:\n`);
  console.log('| kind of call | missed | share |');
  console.log('| --- | --- | --- |');
  for (const [k, v] of sorted(s.missSyntax)) console.log(`| ${k} | ${v} | ${f2(v / total)} |`);
  console.log(`\nand by what Sightline did at the site: ${sorted(s.missSightline).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(`\nkind × what Sightline did (top 12): ${sorted(s.misses).slice(0, 12).map(([k, v]) => `${k}: ${v}`).join('; ')}`);
  if (examples > 0) {
    console.log('\nexamples of misses:');
    for (const e of s.missExamples.slice(0, examples)) console.log(`- ${e}`);
    console.log('\nexamples of false callers:');
    for (const e of s.falseExamples.slice(0, Math.ceil(examples / 2))) console.log(`- ${e}`);
  }
}
