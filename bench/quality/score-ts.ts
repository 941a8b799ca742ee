import type { IndexedSymbol } from '../../src/graph/symbol-table';
import type { Oracle, SiteUse } from './oracle';
import { type Edge, type SightlineIndex, blastTool, declaredAt, enclosingAt, groupOf, lineOf, moduleCallSites, nameOffset, onlySuperCalls, siteIndex, walkTool } from './sightline';

/**
 * Scores Sightline's call graph against the TypeScript oracle on one corpus. Both sides name a caller by the
 * Sightline symbol that encloses the call site, so what is measured is whether each call resolves to the
 * right target, not how the two tools draw function boundaries.
 */

export const THRESHOLDS = [0, 0.2, 0.3, 0.5, 0.6, 0.8, 0.9, 1];
const ORACLE_VISIBLE: ReadonlySet<string> = new Set(['function', 'method', 'class']);
const CALL_USES: ReadonlySet<SiteUse> = new Set(['call', 'new']);

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export interface TargetResult {
  target: string;
  tp: string[];
  fp: { id: string; resolution: string; confidence: number }[];
  fn: { id: string; why: string }[];
}

export interface CorpusScore {
  corpus: string;
  targets: number;
  /** Oracle answered nothing for these sampled symbols (not callables in TS's sense). */
  skipped: number;
  callers: Record<string, Counts>;
  byKind: Record<string, { tp: number; fp: number }>;
  byConfidence: Record<string, { tp: number; fp: number }>;
  /** find_callers at the default floor, by resolution kind and by the target's language. */
  byKindAtFloor: Record<string, { tp: number; fp: number }>;
  byLanguage: Record<string, Counts>;
  missReasons: Record<string, number>;
  moduleLevel: { oracleSites: number; sightlineSites: number; matched: number };
  /** Oracle references that are not calls (`obj.method` passed as a value, …): not counted. */
  nonCallRefs: number;
  /** Oracle call sites whose static target is a base member the target overrides (dynamic dispatch), or a sibling. */
  dispatchSites: number;
  familySites: number;
  /** Sightline edges from `super(…)` to a base constructor, which the oracle does not report: not counted. */
  superCalls: number;
  callees: Record<string, Counts>;
  /** find_callers with dispatch: callers of the target and of the members it overrides, vs the oracle's direct + base sites. */
  dispatch: Counts;
  calleeTargetsOutside: number;
  blast: Record<string, { found: number; expected: number; extra: number }>;
  blastTargets: number;
  worst: TargetResult[];
  /** A few wrong and missed callees, for reading. */
  calleeExamples: string[];
}

function counts(): Counts {
  return { tp: 0, fp: 0, fn: 0 };
}

/** Symbol groups eligible as targets: functions and methods, in a stable pseudo-random order. */
export function sampleTargets(index: SightlineIndex, limit: number, keep: (s: IndexedSymbol) => boolean = () => true): IndexedSymbol[][] {
  const groups = new Map<string, IndexedSymbol[]>();
  // A function merged with a namespace or interface of the same name is, to TS's call hierarchy, the namespace.
  const merged = new Set(index.graph.table.all.filter((s) => s.kind !== 'function' && s.kind !== 'method').map((s) => groupOf(s.id)));
  for (const s of index.graph.table.all) {
    if ((s.kind !== 'function' && s.kind !== 'method') || !keep(s) || merged.has(groupOf(s.id))) continue;
    const g = groupOf(s.id);
    const list = groups.get(g) ?? [];
    list.push(s);
    groups.set(g, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => fnv(a) - fnv(b) || (a < b ? -1 : 1))
    .slice(0, limit)
    .map(([, list]) => list);
}

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Oracle callers of a group as Sightline caller groups, plus module-level sites. */
interface OracleCallers {
  callers: Map<string, { file: string; pos: number }>;
  /** Callers through a member the target overrides or implements. */
  viaBase: Set<string>;
  moduleSites: { file: string; line: number }[];
  refs: number;
  dispatch: number;
  family: number;
}

/** Oracle callers whose call statically targets the group (see SiteRelation), as Sightline caller groups. */
function oracleCallers(index: SightlineIndex, oracle: Oracle, group: IndexedSymbol[]): OracleCallers | undefined {
  const sym = group[0];
  const sites = oracle.incoming(sym.file, nameOffset(index, sym));
  if (sites === null) return undefined;
  const callers = new Map<string, { file: string; pos: number }>();
  const moduleSites: { file: string; line: number }[] = [];
  let refs = 0;
  let dispatch = 0;
  let family = 0;
  const viaBase = new Set<string>();
  const self = groupOf(sym.id);
  for (const site of sites) {
    if (!CALL_USES.has(site.use)) {
      refs++;
      continue;
    }
    if (site.rel !== 'direct') {
      if (site.rel === 'base') {
        dispatch++;
        const enc = enclosingAt(index, site.file, site.pos);
        if (enc && groupOf(enc.id) !== groupOf(sym.id)) viaBase.add(groupOf(enc.id));
      } else family++;
      continue;
    }
    const enc = enclosingAt(index, site.file, site.pos);
    if (!enc) moduleSites.push({ file: site.file, line: lineOf(index, site.file, site.pos) });
    else if (groupOf(enc.id) !== self && !callers.has(groupOf(enc.id))) callers.set(groupOf(enc.id), site);
  }
  return { callers, viaBase, moduleSites, refs, dispatch, family };
}

export async function scoreCorpus(name: string, index: SightlineIndex, oracle: Oracle, sample: IndexedSymbol[][], blastCount: number, floor: number): Promise<CorpusScore> {
  const score: CorpusScore = {
    corpus: name, targets: 0, skipped: 0, callers: {}, byKind: {}, byConfidence: {}, byKindAtFloor: {}, byLanguage: {}, missReasons: {}, moduleLevel: { oracleSites: 0, sightlineSites: 0, matched: 0 },
    nonCallRefs: 0, dispatch: counts(), dispatchSites: 0, familySites: 0, superCalls: 0, callees: {}, calleeTargetsOutside: 0, blast: {}, blastTargets: 0, worst: [], calleeExamples: [],
  };
  for (const t of THRESHOLDS) {
    score.callers[t] = counts();
    score.callees[t] = counts();
    score.blast[t] = { found: 0, expected: 0, extra: 0 };
  }
  const sites = siteIndex(index);
  const bump = (rec: Record<string, number>, k: string) => (rec[k] = (rec[k] ?? 0) + 1);

  for (const group of sample) {
    const ids = group.map((s) => s.id);
    const self = groupOf(ids[0]);
    const truth = oracleCallers(index, oracle, group);
    if (!truth) {
      score.skipped++;
      continue;
    }
    score.targets++;
    score.nonCallRefs += truth.refs;
    score.dispatchSites += truth.dispatch;
    score.familySites += truth.family;

    // find_callers depth 1. TS's call hierarchy does not list `super(…)` as a call of the base constructor; we do.
    const found = await walkTool(index, ids[0], 'in', 1, 0);
    if (group[0].name === 'constructor') {
      for (const caller of [...found.keys()]) {
        if (!truth.callers.has(caller) && onlySuperCalls(index, caller, ids)) {
          found.delete(caller);
          score.superCalls++;
        }
      }
    }
    for (const t of THRESHOLDS) tally(score.callers[t], found, truth.callers, t);
    const result: TargetResult = { target: self, tp: [], fp: [], fn: [] };
    for (const e of found.values()) {
      const k = (score.byKind[e.resolution] ??= { tp: 0, fp: 0 });
      const kc = (score.byConfidence[`${e.resolution} ${e.confidence}`] ??= { tp: 0, fp: 0 });
      if (truth.callers.has(e.other)) kc.tp++;
      else kc.fp++;
      if (truth.callers.has(e.other)) {
        k.tp++;
        result.tp.push(e.other);
      } else {
        k.fp++;
        if (e.confidence >= floor) result.fp.push({ id: e.other, resolution: e.resolution, confidence: e.confidence });
      }
    }
    const lang = (score.byLanguage[group[0].lang] ??= counts());
    tally(lang, found, truth.callers, floor);
    for (const e of found.values()) {
      if (e.confidence < floor) continue;
      const k = (score.byKindAtFloor[e.resolution] ??= { tp: 0, fp: 0 });
      if (truth.callers.has(e.other)) k.tp++;
      else k.fp++;
    }
    for (const [caller, site] of truth.callers) {
      if ((found.get(caller)?.confidence ?? -1) >= floor) continue;
      const onLine = sites.get(`${site.file}:${lineOf(index, site.file, site.pos)}`) ?? [];
      const below = found.get(caller);
      const why = below ? `below min_confidence (${below.resolution} ${below.confidence})` : onLine.length === 0 ? 'unresolved' : `resolved elsewhere (${[...new Set(onLine.map((x) => x.resolution))].join('/')})`;
      bump(score.missReasons, why);
      result.fn.push({ id: caller, why });
    }
    if (result.fp.length || result.fn.length) score.worst.push(result);

    // Dispatch-inclusive answer: what an agent changing an override needs to re-check.
    // find_callers' own dispatch edges (resolution `dispatch`): callers of every base member this one overrides.
    const withBases = await walkTool(index, ids[0], 'in', 1, floor, true);
    const dispatchTruth = new Map<string, unknown>([...truth.callers, ...[...truth.viaBase].map((g) => [g, true] as const)]);
    tally(score.dispatch, withBases, dispatchTruth, floor);
    if (process.env.QUALITY_DEBUG) {
      const via = index.graph.overridden(ids[0]).map((b) => b.id).join(',');
      for (const g of withBases.keys()) if (!dispatchTruth.has(g)) console.error(`dispatch fp: ${self} <= ${g} via ${via}`);
      for (const g of dispatchTruth.keys()) if (!withBases.has(g)) console.error(`dispatch fn: ${self} <= ${g} via ${via}`);
    }

    // module-level callers, by site line
    const mine = moduleCallSites(index, ids, floor).map((s) => `${s.file}:${s.line}`);
    const theirs = new Set(truth.moduleSites.map((s) => `${s.file}:${s.line}`));
    score.moduleLevel.oracleSites += theirs.size;
    score.moduleLevel.sightlineSites += new Set(mine).size;
    score.moduleLevel.matched += new Set(mine.filter((m) => theirs.has(m))).size;

    // find_callees depth 1
    // Overload signatures have no body: ask about the implementation (the last declaration).
    const impl = group[group.length - 1];
    const out = oracle.outgoing(impl.file, nameOffset(index, impl));
    if (out) {
      const expected = new Map<string, { file: string; pos: number }>();
      for (const callee of out) {
        const sitesInside = callee.sites.filter((s) => CALL_USES.has(s.use) && groupOf(enclosingAt(index, group[0].file, s.pos)?.id ?? '') === self);
        if (!sitesInside.length) continue;
        let decl = declaredAt(index, callee.file, callee.pos, callee.name);
        // TS names the class for `new X()`; Sightline links the constructor when X declares one.
        if (decl?.kind === 'class') decl = index.graph.table.byFile.get(decl.file)?.find((m) => m.parent === decl!.local && m.name === 'constructor') ?? decl;
        if (!decl) {
          score.calleeTargetsOutside++;
          continue;
        }
        if (groupOf(decl.id) !== self) expected.set(groupOf(decl.id), { file: callee.file, pos: callee.pos });
      }
      // TS's call hierarchy cannot name a constant holding a function (`const f = make(…)`): compare like with like.
      const got = new Map([...(await walkTool(index, impl.id, 'out', 1, 0))].filter(([g]) => ORACLE_VISIBLE.has(index.graph.table.byId.get(g)?.kind ?? 'constant')));
      for (const t of THRESHOLDS) tally(score.callees[t], got, expected, t);
      if (score.calleeExamples.length < 30) {
        for (const e of got.values()) if (!expected.has(e.other) && e.confidence >= 0.5) score.calleeExamples.push(`${self} + ${e.other} (${e.resolution} ${e.confidence})`);
        for (const g of expected.keys()) if (!got.has(g)) score.calleeExamples.push(`${self} - ${g}`);
      }
    }
  }
  score.worst.sort((a, b) => b.fp.length + b.fn.length - (a.fp.length + a.fn.length) || (a.target < b.target ? -1 : 1));

  // blast_radius depth 3 recall against the oracle's transitive closure
  for (const group of sample.slice(0, blastCount)) {
    const closure = oracleClosure(index, oracle, group, 3);
    if (!closure) continue;
    score.blastTargets++;
    const ids = group.map((s) => s.id);
    for (const t of THRESHOLDS) {
      const got = await blastTool(index, ids[0], 3, t);
      const b = score.blast[t];
      b.expected += closure.size;
      for (const g of closure) if (got.has(g)) b.found++;
      for (const g of got.keys()) if (!closure.has(g)) b.extra++;
    }
  }
  return score;
}

function tally(c: Counts, found: Map<string, Edge>, truth: Map<string, unknown>, threshold: number): void {
  for (const e of found.values()) {
    if (e.confidence < threshold) continue;
    if (truth.has(e.other)) c.tp++;
    else c.fp++;
  }
  for (const caller of truth.keys()) {
    const e = found.get(caller);
    if (!e || e.confidence < threshold) c.fn++;
  }
}

const MAX_CLOSURE = 400;

function oracleClosure(index: SightlineIndex, oracle: Oracle, group: IndexedSymbol[], depth: number): Set<string> | undefined {
  const first = oracleCallers(index, oracle, group);
  if (!first) return undefined;
  const self = groupOf(group[0].id);
  const seen = new Set<string>([self]);
  let frontier = [...first.callers.keys()];
  for (const g of frontier) seen.add(g);
  for (let d = 2; d <= depth && frontier.length && seen.size < MAX_CLOSURE; d++) {
    const next: string[] = [];
    for (const g of frontier) {
      const sym = index.graph.table.byId.get(g);
      if (!sym) continue;
      const callers = oracleCallers(index, oracle, [sym]);
      for (const c of callers?.callers.keys() ?? []) {
        if (seen.has(c) || seen.size >= MAX_CLOSURE) continue;
        seen.add(c);
        next.push(c);
      }
    }
    frontier = next;
  }
  seen.delete(self);
  return seen;
}
