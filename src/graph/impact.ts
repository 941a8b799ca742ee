import { checkEvery, type DeadlineCheck } from '../common/deadline';
import type { CodeGraph, Reached } from './code-graph';
import type { IndexedSymbol } from './symbol-table';

const TEST_FILE = /(^|\/)(tests?|__tests__|spec|specs)\/|\.(test|spec)\.[cm]?[jt]sx?$|_test\.(go|py)$|(^|\/)test_[^/]+\.py$|(^|\/)tests?\.rs$/;

/** Whether a workspace-relative path is a test file, by the naming conventions of the indexed languages. */
export function isTestFile(file: string): boolean {
  return TEST_FILE.test(file);
}

/** A changed file and its changed line ranges (1-based, inclusive); no ranges = the whole file. */
export interface ChangedLines {
  file: string;
  ranges: { start: number; end: number }[];
}

/**
 * The symbols a diff touches: the innermost ones only, so a changed method does not make its whole class the
 * start of a blast radius.
 */
export function changedSymbols(graph: CodeGraph, changes: readonly ChangedLines[], deadline?: DeadlineCheck): IndexedSymbol[] {
  const start: IndexedSymbol[] = [];
  for (const change of changes) {
    deadline?.check(NARROW_CHANGES);
    const symbols = graph.table.byFile.get(change.file) ?? [];
    const touched = change.ranges.length === 0 ? symbols : symbols.filter((s) => change.ranges.some((r) => r.start <= s.lineEnd && r.end >= s.lineStart));
    // All of one file: a symbol with a touched child is not innermost (one pass, not touched × touched).
    const parents = new Set(touched.map((t) => t.parent));
    for (const s of touched) if (!parents.has(s.local)) start.push(s);
  }
  return start;
}

const NARROW_CHANGES = 'Commit or stash part of the changes, or ask about one file or symbol.';
const NARROW_WALK = 'Lower depth or raise min_confidence to narrow the walk.';

export interface BlastRadius {
  /** Every symbol that calls a start symbol, transitively, nearest first. */
  reached: Reached[];
  /** Files holding the start, its callers, its module-level call sites and the files importing the start files (sorted). */
  files: string[];
  /** The test files among `files`. */
  tests: string[];
}

/**
 * What a change to `start` (symbols) and `startFiles` can break: callers up to `depth` levels at or above
 * `minConfidence`, and importers of the start files up to the same depth. Calls through a base, interface or trait
 * member reach its overrides unless `dispatch: false`. The tool and the Blast Radius panel both answer from this.
 */
export function blastRadius(
  graph: CodeGraph,
  start: readonly IndexedSymbol[],
  startFiles: readonly string[],
  depth: number,
  minConfidence: number,
  dispatch = true,
  deadline?: DeadlineCheck,
): BlastRadius {
  const reached = graph.walk(start.map((s) => s.id), 'in', depth, minConfidence, { dispatch, deadline });
  const files = new Set<string>(startFiles);
  for (let i = 0; i < reached.length; i++) {
    checkEvery(deadline, i, NARROW_WALK);
    files.add(reached[i].symbol.file);
  }
  let sites = 0;
  for (const s of start) {
    for (const site of graph.moduleCallers.get(s.id) ?? []) {
      checkEvery(deadline, sites++, NARROW_WALK);
      if (dispatch || site.resolution !== 'dispatch') files.add(site.file);
    }
  }
  for (const importer of importers(graph, startFiles, depth, deadline)) files.add(importer);
  deadline?.check(NARROW_WALK);
  const sorted = [...files].sort();
  return { reached, files: sorted, tests: sorted.filter(isTestFile) };
}

/** Files that import the given files, transitively up to depth (the given files included). */
function importers(graph: CodeGraph, files: readonly string[], depth: number, deadline?: DeadlineCheck): string[] {
  const seen = new Set(files);
  let frontier = files.filter((f) => graph.imports.hasNode(f));
  let visited = 0;
  for (let d = 0; d < depth && frontier.length; d++) {
    const next: string[] = [];
    for (const f of frontier) {
      checkEvery(deadline, visited++, NARROW_WALK);
      graph.imports.forEachInNeighbor(f, (importer) => {
        if (!seen.has(importer)) {
          seen.add(importer);
          next.push(importer);
        }
      });
    }
    frontier = next;
  }
  return [...seen];
}
