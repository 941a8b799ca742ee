import type { IndexedSymbol } from '../../src/graph/symbol-table';
import type { Oracle, SiteUse } from './oracle';
import { type Edge, type SightlineIndex, blastTool, declaredAt, enclosingAt, groupOf, lineOf, moduleCallSites, nameOffset, onlySuperCalls, siteIndex, supportsArg, walkTool } from './sightline';

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
  /**
   * The headline: find_callers as it answers by default, against the oracle's direct callers plus the callers of
   * every member the target overrides or implements (calls that may dispatch to it). `callers` keeps direct apart.
   */
  withDispatch: Record<string, Counts>;
  /** Misses of the headline at the default floor, by cause. */
  dispatchMissReasons: Record<string, number>;
  /** Base members the oracle has no call hierarchy for (property signatures holding a function type): their callers are not asked. */
  basesUnanswered: number;
  /** Oracle sites set aside from the dispatch callers because they are `super.m()` calls. */
  superSites: number;
  calleeTargetsOutside: number;
  blast: Record<string, { found: number; expected: number; extra: number }>;
  /** blast_radius against the oracle's closure that follows dispatch too (the headline blast figure). */
  blastWithDispatch: Record<string, { found: number; expected: number; extra: number }>;
  blastTargets: number;
  worst: TargetResult[];
  /** A few wrong and missed callees, for reading. */
  calleeExamples: string[];
}

export function counts(): Counts {
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

export function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Oracle callers of a group as Sightline caller groups, plus module-level sites. */
interface OracleCallers {
  callers: Map<string, { file: string; pos: number }>;
  /** Callers through a member the target overrides or implements (and not direct callers too). */
  viaBase: Map<string, { file: string; pos: number }>;
  basesUnanswered: number;
  /** `super.m()` calls of a base member: they never reach an override, though the base's hierarchy lists them. */
  superSites: number;
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
  const viaBase = new Map<string, { file: string; pos: number }>();
  let superSites = 0;
  const self = groupOf(sym.id);
  for (const site of sites) {
    if (!CALL_USES.has(site.use)) {
      refs++;
      continue;
    }
    if (site.rel !== 'direct') {
      if (site.rel === 'base' && callsSuper(index, site)) superSites++;
      else if (site.rel === 'base') {
        dispatch++;
        const enc = enclosingAt(index, site.file, site.pos);
        if (enc && groupOf(enc.id) !== self && !viaBase.has(groupOf(enc.id))) viaBase.set(groupOf(enc.id), site);
      } else family++;
      continue;
    }
    const enc = enclosingAt(index, site.file, site.pos);
    if (!enc) moduleSites.push({ file: site.file, line: lineOf(index, site.file, site.pos) });
    else if (groupOf(enc.id) !== self && !callers.has(groupOf(enc.id))) callers.set(groupOf(enc.id), site);
  }
  // The call hierarchy of each base member itself: calls whose static target is that member (or one of its own
  // bases) may dispatch to the target. Sites that name a sibling override never reach the target.
  let basesUnanswered = 0;
  for (const base of oracle.bases(sym.file, nameOffset(index, sym))) {
    const baseSites = oracle.incoming(base.file, base.pos);
    if (baseSites === null) {
      basesUnanswered++;
      continue;
    }
    for (const site of baseSites) {
      if (!CALL_USES.has(site.use) || site.rel === 'family') continue;
      if (callsSuper(index, site)) {
        superSites++;
        continue;
      }
      const enc = enclosingAt(index, site.file, site.pos);
      if (enc && groupOf(enc.id) !== self && !viaBase.has(groupOf(enc.id))) viaBase.set(groupOf(enc.id), site);
    }
  }
  for (const g of callers.keys()) viaBase.delete(g);
  return { callers, viaBase, basesUnanswered, superSites, moduleSites, refs, dispatch, family };
}

/** The source line of a site, trimmed, for debug output. */
function siteText(index: SightlineIndex, site: { file: string; pos: number }): string {
  const text = index.texts.get(site.file) ?? '';
  const start = text.lastIndexOf('\n', site.pos) + 1;
  const end = text.indexOf('\n', site.pos);
  return text.slice(start, end < 0 ? undefined : end).trim().slice(0, 160);
}

/** Whether the call at the site is `super.m(…)`: it names the base member explicitly and never dispatches. */
function callsSuper(index: SightlineIndex, site: { file: string; pos: number }): boolean {
  return /\bsuper\s*\.\s*$/.test((index.texts.get(site.file) ?? '').slice(Math.max(0, site.pos - 16), site.pos));
}

export async function scoreCorpus(name: string, index: SightlineIndex, oracle: Oracle, sample: IndexedSymbol[][], blastCount: number, floor: number): Promise<CorpusScore> {
  const score: CorpusScore = {
    corpus: name, targets: 0, skipped: 0, callers: {}, byKind: {}, byConfidence: {}, byKindAtFloor: {}, byLanguage: {}, missReasons: {}, moduleLevel: { oracleSites: 0, sightlineSites: 0, matched: 0 },
    nonCallRefs: 0, withDispatch: {}, dispatchMissReasons: {}, basesUnanswered: 0, superSites: 0, blastWithDispatch: {}, dispatchSites: 0, familySites: 0, superCalls: 0, callees: {}, calleeTargetsOutside: 0, blast: {}, blastTargets: 0, worst: [], calleeExamples: [],
  };
  for (const t of THRESHOLDS) {
    score.callers[t] = counts();
    score.callees[t] = counts();
    score.blast[t] = { found: 0, expected: 0, extra: 0 };
    score.blastWithDispatch[t] = { found: 0, expected: 0, extra: 0 };
    score.withDispatch[t] = counts();
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

    // find_callers depth 1, as it answers by default (with dispatch callers once the tool has them) and with
    // direct calls only. TS's call hierarchy does not list `super(…)` as a call of the base constructor; we do.
    const answer = await walkTool(index, ids[0], 'in', 1, 0);
    const found = supportsArg('find_callers', 'dispatch') ? await walkTool(index, ids[0], 'in', 1, 0, { dispatch: false }) : answer;
    if (group[0].name === 'constructor') {
      for (const caller of [...found.keys()]) {
        if (!truth.callers.has(caller) && onlySuperCalls(index, caller, ids)) {
          found.delete(caller);
          answer.delete(caller);
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

    // The headline: what an agent changing this method needs to re-check, calls that dispatch to it included.
    const dispatchTruth = new Map([...truth.callers, ...truth.viaBase]);
    score.basesUnanswered += truth.basesUnanswered;
    score.superSites += truth.superSites;
    for (const t of THRESHOLDS) tally(score.withDispatch[t], answer, dispatchTruth, t);
    const knownBases = index.graph.overridden(ids[0]).length > 0;
    for (const [caller, site] of truth.viaBase) {
      if ((answer.get(caller)?.confidence ?? -1) >= floor) continue;
      const below = answer.get(caller);
      const onLine = sites.get(`${site.file}:${lineOf(index, site.file, site.pos)}`) ?? [];
      const why = below
        ? `below min_confidence (${below.resolution} ${below.confidence})`
        : !knownBases
          ? 'override relation unknown to Sightline'
          : onLine.length === 0
            ? 'call through the base unresolved'
            : 'call resolved to the base, not followed to the override';
      bump(score.dispatchMissReasons, why);
      if (process.env.QUALITY_DEBUG) console.error(`dispatch fn: ${self} <= ${caller} (${why}) at ${site.file}:${lineOf(index, site.file, site.pos)}: ${siteText(index, site)}`);
    }
    if (process.env.QUALITY_DEBUG) for (const [g, e] of answer) if (e.confidence >= floor && !dispatchTruth.has(g)) console.error(`dispatch fp: ${self} <= ${g} (${e.resolution} ${e.confidence})`);

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
      const got = new Map([...(await walkTool(index, impl.id, 'out', 1, 0, supportsArg('find_callees', 'dispatch') ? { dispatch: false } : {}))].filter(([g]) => ORACLE_VISIBLE.has(index.graph.table.byId.get(g)?.kind ?? 'constant')));
      for (const t of THRESHOLDS) tally(score.callees[t], got, expected, t);
      if (score.calleeExamples.length < 30) {
        for (const e of got.values()) if (!expected.has(e.other) && e.confidence >= 0.5) score.calleeExamples.push(`${self} + ${e.other} (${e.resolution} ${e.confidence})`);
        for (const g of expected.keys()) if (!got.has(g)) score.calleeExamples.push(`${self} - ${g}`);
      }
    }
  }
  score.worst.sort((a, b) => b.fp.length + b.fn.length - (a.fp.length + a.fn.length) || (a.target < b.target ? -1 : 1));

  // blast_radius depth 3 recall against the oracle's transitive closure, without and with dispatch
  for (const group of sample.slice(0, blastCount)) {
    const closure = oracleClosure(index, oracle, group, 3, false);
    if (!closure) continue;
    const closureAll = oracleClosure(index, oracle, group, 3, true)!;
    score.blastTargets++;
    const ids = group.map((s) => s.id);
    for (const t of THRESHOLDS) {
      const got = await blastTool(index, ids[0], 3, t);
      for (const [b, expected] of [[score.blast[t], closure], [score.blastWithDispatch[t], closureAll]] as const) {
        b.expected += expected.size;
        for (const g of expected) if (got.has(g)) b.found++;
        for (const g of got.keys()) if (!expected.has(g)) b.extra++;
      }
    }
  }
  return score;
}

export function tally(c: Counts, found: Map<string, Edge>, truth: Map<string, unknown>, threshold: number): void {
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

/** The oracle's callers to `depth`, by caller group; with `dispatch`, every step also takes the callers through base members. */
function oracleClosure(index: SightlineIndex, oracle: Oracle, group: IndexedSymbol[], depth: number, dispatch: boolean): Set<string> | undefined {
  const first = oracleCallers(index, oracle, group);
  if (!first) return undefined;
  const callersOf = (c: OracleCallers | undefined) => (c ? [...c.callers.keys(), ...(dispatch ? c.viaBase.keys() : [])] : []);
  const self = groupOf(group[0].id);
  const seen = new Set<string>([self]);
  let frontier = callersOf(first);
  for (const g of frontier) seen.add(g);
  for (let d = 2; d <= depth && frontier.length && seen.size < MAX_CLOSURE; d++) {
    const next: string[] = [];
    for (const g of frontier) {
      const sym = index.graph.table.byId.get(g);
      if (!sym) continue;
      for (const c of callersOf(oracleCallers(index, oracle, [sym]))) {
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
