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
export function changedSymbols(graph: CodeGraph, changes: readonly ChangedLines[]): IndexedSymbol[] {
  const start: IndexedSymbol[] = [];
  for (const change of changes) {
    const symbols = graph.table.byFile.get(change.file) ?? [];
    const touched = change.ranges.length === 0 ? symbols : symbols.filter((s) => change.ranges.some((r) => r.start <= s.lineEnd && r.end >= s.lineStart));
    start.push(...touched.filter((s) => !touched.some((t) => t !== s && t.parent === s.local && t.file === s.file)));
  }
  return start;
}

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
 * `minConfidence`, and importers of the start files up to the same depth. The tool and the Blast Radius panel
 * both answer from this.
 */
export function blastRadius(graph: CodeGraph, start: readonly IndexedSymbol[], startFiles: readonly string[], depth: number, minConfidence: number, dispatch = true): BlastRadius {
  const reached = graph.walk(start.map((s) => s.id), 'in', depth, minConfidence, { dispatch });
  const files = new Set<string>(startFiles);
  for (const r of reached) files.add(r.symbol.file);
  for (const s of start) for (const site of graph.moduleCallers.get(s.id) ?? []) if (dispatch || site.resolution !== 'dispatch') files.add(site.file);
  for (const importer of importers(graph, startFiles, depth)) files.add(importer);
  const sorted = [...files].sort();
  return { reached, files: sorted, tests: sorted.filter(isTestFile) };
}

/** Files that import the given files, transitively up to depth (the given files included). */
function importers(graph: CodeGraph, files: readonly string[], depth: number): string[] {
  const seen = new Set(files);
  let frontier = files.filter((f) => graph.imports.hasNode(f));
  for (let d = 0; d < depth && frontier.length; d++) {
    const next: string[] = [];
    for (const f of frontier) {
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
