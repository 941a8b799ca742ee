import type { IndexedSymbol } from '../../src/graph/symbol-table';
import { type Counts, THRESHOLDS, counts, fnv, tally } from './score-ts';
import { type Edge, type SightlineIndex, blastTool, enclosingAt, groupOf, offsetOf, siteIndex, supportsArg, walkTool } from './sightline';

/**
 * Scores Sightline's callers against an oracle that answers with call sites (pyright's call hierarchy, Go's
 * `callgraph`). As with the TypeScript oracle, a caller is named on both sides by the Sightline symbol whose
 * definition encloses the call site, so the score says whether each call reaches the right target.
 */

/** A call site: workspace-relative file, 1-based line and character (UTF-16 code units). */
export interface SiteRef {
  file: string;
  line: number;
  character: number;
}

export interface OracleIncoming {
  /** Calls whose static target is the symbol. */
  direct: SiteRef[];
  /** Calls through a base / interface member that may dispatch to the symbol. */
  dispatch: SiteRef[];
}

export interface SiteOracle {
  /** Whether the oracle analysed this file: Sightline callers in other files (tests, other platforms) are not scored. */
  covers(file: string): boolean;
  /** The callers of a Sightline symbol, or undefined when the oracle knows no function at its declaration. */
  incoming(sym: IndexedSymbol): Promise<OracleIncoming | undefined>;
  /**
   * Why a caller the oracle lists for `sym` at a site Sightline resolved to `siteTargets` is the oracle's own
   * over-approximation, if it is one (counted apart from real misses).
   */
  artifact?(sym: IndexedSymbol, siteTargets: string[]): string | undefined;
}

/** Classifies a missed call site by the syntax at it (language-specific), for the per-cause miss table. */
export type SiteClassifier = (lineText: string, character: number, target: IndexedSymbol) => string;

export interface EdgeScore {
  corpus: string;
  targets: number;
  /** Sampled symbols the oracle has no function for (mapping failures, counted apart). */
  unmapped: number;
  callers: Record<string, Counts>;
  withDispatch: Record<string, Counts>;
  byKindAtFloor: Record<string, { tp: number; fp: number }>;
  /** Misses at the default floor: cause by the syntax at the site × what Sightline did there. */
  misses: Record<string, number>;
  missSyntax: Record<string, number>;
  missSightline: Record<string, number>;
  /** Sightline callers in files the oracle did not analyse (not scored). */
  outsideOracle: number;
  moduleSites: number;
  blast: { found: number; expected: number; extra: number };
  blastWithDispatch: { found: number; expected: number; extra: number };
  blastTargets: number;
  /** Misses at the default floor that the oracle's artifact explains (SiteOracle.artifact), by cause. */
  artifacts: Record<string, number>;
  falseExamples: string[];
  missExamples: string[];
}

interface OracleCallers {
  direct: Map<string, SiteRef>;
  viaBase: Map<string, SiteRef>;
  moduleSites: number;
}

async function oracleCallers(index: SightlineIndex, oracle: SiteOracle, sym: IndexedSymbol): Promise<OracleCallers | undefined> {
  const answer = await oracle.incoming(sym);
  if (!answer) return undefined;
  const self = groupOf(sym.id);
  const out: OracleCallers = { direct: new Map(), viaBase: new Map(), moduleSites: 0 };
  for (const [list, into] of [[answer.direct, out.direct], [answer.dispatch, out.viaBase]] as const) {
    for (const site of list) {
      const enc = enclosingAt(index, site.file, offsetOf(index, site.file, site.line, site.character));
      if (!enc) out.moduleSites++;
      else if (groupOf(enc.id) !== self && !into.has(groupOf(enc.id))) into.set(groupOf(enc.id), site);
    }
  }
  for (const g of out.direct.keys()) out.viaBase.delete(g);
  return out;
}

/** Functions and methods the oracle analysed, in a stable pseudo-random order (FNV hash of the id). */
export function sampleCallables(index: SightlineIndex, oracle: SiteOracle, limit: number, lang: (s: IndexedSymbol) => boolean): IndexedSymbol[] {
  return index.graph.table.all
    .filter((s) => (s.kind === 'function' || s.kind === 'method') && lang(s) && oracle.covers(s.file))
    .sort((a, b) => fnv(a.id) - fnv(b.id) || (a.id < b.id ? -1 : 1))
    .slice(0, limit);
}

export async function scoreEdges(name: string, index: SightlineIndex, oracle: SiteOracle, sample: IndexedSymbol[], classify: SiteClassifier, floor: number, blastCount: number): Promise<EdgeScore> {
  const score: EdgeScore = {
    corpus: name, targets: 0, unmapped: 0, callers: {}, withDispatch: {}, byKindAtFloor: {}, misses: {}, missSyntax: {}, missSightline: {}, outsideOracle: 0, moduleSites: 0,
    blast: { found: 0, expected: 0, extra: 0 }, blastWithDispatch: { found: 0, expected: 0, extra: 0 }, blastTargets: 0, artifacts: {}, falseExamples: [], missExamples: [],
  };
  for (const t of THRESHOLDS) {
    score.callers[t] = counts();
    score.withDispatch[t] = counts();
  }
  const sites = siteIndex(index);
  const bump = (rec: Record<string, number>, k: string) => (rec[k] = (rec[k] ?? 0) + 1);
  const inOracle = (m: Map<string, Edge>) => {
    for (const g of [...m.keys()]) {
      const file = index.graph.table.byId.get(g)?.file;
      if (file !== undefined && !oracle.covers(file)) {
        m.delete(g);
        score.outsideOracle++;
      }
    }
    return m;
  };
  const hasDispatchArg = supportsArg('find_callers', 'dispatch');
  let blastLeft = blastCount;

  for (const sym of sample) {
    const truth = await oracleCallers(index, oracle, sym);
    if (!truth) {
      score.unmapped++;
      continue;
    }
    score.targets++;
    score.moduleSites += truth.moduleSites;
    const answer = inOracle(await walkTool(index, sym.id, 'in', 1, 0));
    const direct = hasDispatchArg ? inOracle(await walkTool(index, sym.id, 'in', 1, 0, { dispatch: false })) : answer;
    const all = new Map([...truth.direct, ...truth.viaBase]);
    for (const t of THRESHOLDS) {
      tally(score.callers[t], direct, truth.direct, t);
      tally(score.withDispatch[t], answer, all, t);
    }
    for (const e of answer.values()) {
      if (e.confidence < floor) continue;
      const k = (score.byKindAtFloor[e.resolution] ??= { tp: 0, fp: 0 });
      if (all.has(e.other)) k.tp++;
      else {
        k.fp++;
        if (score.falseExamples.length < 40) score.falseExamples.push(`${sym.id} <- ${e.other} (${e.resolution} ${e.confidence})`);
      }
    }
    for (const [caller, site] of all) {
      const got = answer.get(caller);
      if ((got?.confidence ?? -1) >= floor) continue;
      const text = lineText(index, site.file, site.line);
      const syntax = (truth.viaBase.has(caller) ? 'dispatch: ' : '') + classify(text, site.character, sym);
      const onLine = sites.get(`${site.file}:${site.line}`) ?? [];
      const did = got
        ? `below min_confidence (${got.resolution})`
        : onLine.length === 0
          ? 'no edge at the site'
          : onLine.some((e) => e.target.endsWith(`.${sym.name}`) || e.target.endsWith(`#${sym.name}`))
            ? 'edge to a same-named method of another type (the interface, base or a sibling)'
            : 'edge to another target';
      const artifact = oracle.artifact?.(sym, onLine.map((e) => e.target));
      if (artifact) bump(score.artifacts, artifact);
      bump(score.missSyntax, syntax);
      bump(score.missSightline, artifact ? `${did}: ${artifact}` : did);
      bump(score.misses, `${syntax} | ${did}`);
      if (score.missExamples.length < 60) score.missExamples.push(`${sym.id} <- ${caller} at ${site.file}:${site.line}: \`${text.trim().slice(0, 90)}\` (${syntax}; ${did})`);
    }
    if (blastLeft > 0) {
      blastLeft--;
      await scoreBlast(index, oracle, sym, floor, score);
    }
  }
  return score;
}

const MAX_CLOSURE = 400;

async function scoreBlast(index: SightlineIndex, oracle: SiteOracle, sym: IndexedSymbol, floor: number, score: EdgeScore): Promise<void> {
  const got = await blastTool(index, sym.id, 3, floor);
  for (const g of [...got.keys()]) if (!oracle.covers(index.graph.table.byId.get(g)?.file ?? '')) got.delete(g);
  score.blastTargets++;
  for (const [b, dispatch] of [[score.blast, false], [score.blastWithDispatch, true]] as const) {
    const closure = await oracleClosure(index, oracle, sym, 3, dispatch);
    b.expected += closure.size;
    for (const g of closure) if (got.has(g)) b.found++;
    for (const g of got.keys()) if (!closure.has(g)) b.extra++;
  }
}

async function oracleClosure(index: SightlineIndex, oracle: SiteOracle, sym: IndexedSymbol, depth: number, dispatch: boolean): Promise<Set<string>> {
  const self = groupOf(sym.id);
  const seen = new Set<string>([self]);
  let frontier = [sym];
  for (let d = 1; d <= depth && frontier.length && seen.size < MAX_CLOSURE; d++) {
    const next: IndexedSymbol[] = [];
    for (const s of frontier) {
      const c = await oracleCallers(index, oracle, s);
      for (const g of c ? [...c.direct.keys(), ...(dispatch ? c.viaBase.keys() : [])] : []) {
        if (seen.has(g) || seen.size >= MAX_CLOSURE) continue;
        seen.add(g);
        const caller = index.graph.table.byId.get(g);
        if (caller) next.push(caller);
      }
    }
    frontier = next;
  }
  seen.delete(self);
  return seen;
}

function lineText(index: SightlineIndex, file: string, line: number): string {
  const text = index.texts.get(file) ?? '';
  const start = offsetOf(index, file, line, 1);
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? text.length : end);
}
