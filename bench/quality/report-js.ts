import { f2, pr } from './report-ts';
import { THRESHOLDS } from './score-ts';
import type { JsScore } from './score-js';

/** Prints the plain-JavaScript corpus score: recall and precision, targets by declaration pattern, misses by cause. */
export function reportJs(s: JsScore, floor: number, examples: number): void {
  console.log(`\n### ${s.corpus}: plain JavaScript vs TypeScript's call hierarchy in JS mode\n`);
  console.log('Targets are every function-like declaration TypeScript sees that the corpus calls; "all" counts the calls of targets Sightline has no symbol for as missed, "with symbol" only scores targets it has.\n');
  console.log('| min_confidence | callers P | callers R (all) | tp/fp/fn | R (with symbol) | direct P | direct R |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const t of THRESHOLDS) {
    const a = pr(s.callers[t]);
    const w = pr(s.callersWithSymbol[t]);
    const d = pr(s.direct[t]);
    const c = s.callers[t];
    console.log(`| ${t}${t === floor ? ' (default)' : ''} | ${f2(a.p)} | ${f2(a.r)} | ${c.tp}/${c.fp}/${c.fn} | ${f2(w.r)} | ${f2(d.p)} | ${f2(d.r)} |`);
  }
  console.log(`\nfalse callers at ${floor}: ${s.falseConfirmed} where TypeScript resolves the call to something else, ${s.falseUnverifiable} where it has no symbol at the call (untyped receiver: neither confirmed nor refuted); precision counting only the confirmed: ${f2(s.callers[floor].tp / Math.max(1, s.callers[floor].tp + s.falseConfirmed))}`);
  console.log(`\nDeclarations by pattern: how many Sightline has a symbol for; of those TypeScript sees called, how many callers it lists and Sightline finds at ${floor}:\n`);
  console.log('| pattern | declarations | with a Sightline symbol | called (oracle) | called, with symbol | expected callers | found |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [k, n] of Object.entries(s.declarations).sort(([, a], [, b]) => b - a)) {
    const t = s.targets[k] ?? { targets: 0, withSymbol: 0, calls: 0, found: 0 };
    console.log(`| ${k} | ${n} | ${s.declarationsWithSymbol[k] ?? 0} | ${t.targets} | ${t.withSymbol} | ${t.calls} | ${t.found} |`);
  }
  const total = Object.values(s.misses).reduce((a, b) => a + b, 0);
  console.log(`\nMissed callers at min_confidence ${floor} (${total}) by cause:\n`);
  console.log('| cause | missed | share |');
  console.log('| --- | --- | --- |');
  for (const [k, v] of Object.entries(s.misses).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))) console.log(`| ${k} | ${v} | ${f2(v / total)} |`);
  if (examples > 0) {
    console.log('\nexamples of misses:');
    for (const e of s.missExamples.slice(0, examples)) console.log(`- ${e}`);
    if (s.falseExamples.length) console.log(`\nfalse callers:\n${s.falseExamples.slice(0, examples).map((e) => `- ${e}`).join('\n')}`);
  }
}
