import { THRESHOLDS, type CorpusScore, type Counts } from './score-ts';

/** Prints the score of a TypeScript-oracle corpus (effect, rxjs, the plain-JS corpus, fixtures) as markdown. */

export function pr(c: Counts): { p: number; r: number } {
  return { p: c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1, r: c.tp + c.fn ? c.tp / (c.tp + c.fn) : 1 };
}

export const f2 = (x: number) => x.toFixed(3);

export function reportTs(s: CorpusScore, worstCount: number, floor: number): void {
  console.log(`\n### ${s.corpus}: ${s.targets} targets (${s.skipped} sampled symbols the oracle does not treat as callable)\n`);
  console.log('Callers and blast radius with dispatch (headline): find_callers / blast_radius as they answer by default, against the oracle\'s direct callers plus the callers of every member the target overrides or implements. Direct: find_callers without dispatch against direct calls only.\n');
  console.log('| min_confidence | callers P (with dispatch) | callers R (with dispatch) | tp/fp/fn | direct P | direct R | direct tp/fp/fn | callees P | callees R | blast d3 recall (with dispatch) | blast d3 recall (direct) | blast extra (with dispatch) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const ratio = (b: { found: number; expected: number }) => `${f2(b.expected ? b.found / b.expected : 1)} (${b.found}/${b.expected})`;
  for (const t of THRESHOLDS) {
    const a = pr(s.withDispatch[t]);
    const c = pr(s.callers[t]);
    const o = pr(s.callees[t]);
    const w = s.withDispatch[t];
    console.log(`| ${t}${t === floor ? ' (default)' : ''} | ${f2(a.p)} | ${f2(a.r)} | ${w.tp}/${w.fp}/${w.fn} | ${f2(c.p)} | ${f2(c.r)} | ${s.callers[t].tp}/${s.callers[t].fp}/${s.callers[t].fn} | ${f2(o.p)} | ${f2(o.r)} | ${ratio(s.blastWithDispatch[t])} | ${ratio(s.blast[t])} | ${s.blastWithDispatch[t].extra} |`);
  }
  console.log(`\nmissed dispatch callers at the default min_confidence, by cause: ${Object.entries(s.dispatchMissReasons).sort(([, a], [, b]) => b - a).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
  console.log(`base members without a call hierarchy in the oracle (function-typed properties; their callers are not asked): ${s.basesUnanswered}`);
  console.log(`\`super.m()\` calls of a base member set aside (they name the base explicitly and never reach an override): ${s.superSites}`);
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
  console.log(`sites in the target's own call hierarchy through a base member (dispatch, counted with dispatch only): ${s.dispatchSites}; through a sibling implementation (never reach the target): ${s.familySites}`);
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
