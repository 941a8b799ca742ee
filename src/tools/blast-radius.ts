import { z } from 'zod';
import { fitToBudget } from '../common/tokens';
import { uncommittedChanges } from '../engine/git';
import type { CodeGraph } from '../graph/code-graph';
import type { IndexedSymbol } from '../graph/symbol-table';
import { depthArg, maxTokensArg, minConfidenceArg, workspaceArg } from './common-args';
import { lookupSymbol, reachedJson, symbolJson } from './symbols';
import { defineTool, READ_ONLY } from './tool';

const TEST_FILE = /(^|\/)(tests?|__tests__|spec|specs)\/|\.(test|spec)\.[cm]?[jt]sx?$|_test\.(go|py)$|(^|\/)test_[^/]+\.py$|(^|\/)tests?\.rs$/;

export function isTestFile(file: string): boolean {
  return TEST_FILE.test(file);
}

export const blastRadiusTool = defineTool({
  name: 'blast_radius',
  title: 'Blast radius',
  description:
    'What a change can break: the functions calling `target` (a symbol, a file, or `changes` = the uncommitted diff), transitively, their files and the tests to run. Use before and after an edit. Returns { symbols, files, tests }.',
  group: 'graph',
  inputSchema: {
    target: z.string().min(1).max(1000).describe('Symbol, file path, or `changes`.'),
    depth: depthArg,
    min_confidence: minConfidenceArg,
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const engine = ctx.workspaces.pick(args.workspace);
    const graph = await engine.ready();
    const { start, startFiles, description } = startSet(graph, engine.root, args.target);
    const reached = graph.walk(start.map((s) => s.id), 'in', args.depth, args.min_confidence);
    const files = new Set<string>(startFiles);
    for (const r of reached) files.add(r.symbol.file);
    for (const s of start) for (const site of graph.moduleCallers.get(s.id) ?? []) files.add(site.file);
    for (const importer of importers(graph, startFiles, args.depth)) files.add(importer);
    const fileList = [...files].sort();
    // Tests first (what to run), then files, each within its share of the budget; symbols take the rest.
    const tests = fitToBudget(fileList.filter(isTestFile), args.max_tokens * 0.15, (kept) => kept);
    const fileShare = fitToBudget(fileList, args.max_tokens * 0.25, (kept) => kept);
    const cut = tests.length < fileList.filter(isTestFile).length || fileShare.length < fileList.length;
    return fitToBudget(reached, args.max_tokens, (kept, truncated) => ({
      target: description,
      changed_symbols: start.slice(0, 50).map((s) => s.id),
      symbols: kept.map(reachedJson),
      files: fileShare,
      tests,
      total_symbols: reached.length,
      total_files: fileList.length,
      truncated: truncated || cut,
      ...(truncated || cut
        ? { hint: `Showing ${kept.length} of ${reached.length} affected symbols and ${fileShare.length} of ${fileList.length} files; lower depth, raise min_confidence or raise max_tokens for the rest.` }
        : {}),
    }));
  },
});

function startSet(graph: CodeGraph, root: string, target: string): { start: IndexedSymbol[]; startFiles: string[]; description: Record<string, unknown> } {
  if (target === 'changes') {
    const changes = uncommittedChanges(root);
    const start: IndexedSymbol[] = [];
    for (const change of changes) {
      const symbols = graph.table.byFile.get(change.file) ?? [];
      const touched = change.ranges.length === 0 ? symbols : symbols.filter((s) => change.ranges.some((r) => r.start <= s.lineEnd && r.end >= s.lineStart));
      // Only the innermost touched symbols: a changed method should not make its whole class the start.
      start.push(...touched.filter((s) => !touched.some((t) => t !== s && t.parent === s.local && t.file === s.file)));
    }
    return {
      start,
      startFiles: changes.map((c) => c.file),
      description: { kind: 'changes', files: changes.slice(0, 50).map((c) => ({ file: c.file, status: c.status })), changed_files: changes.length },
    };
  }
  const normalized = target.replace(/^\.\//, '');
  const fileSymbols = graph.table.byFile.get(normalized);
  if (fileSymbols) return { start: fileSymbols, startFiles: [normalized], description: { kind: 'file', file: normalized } };
  const symbol = lookupSymbol(graph, target);
  return { start: [symbol], startFiles: [], description: { kind: 'symbol', symbol: symbolJson(symbol) } };
}

/** Files that import the start files, transitively up to depth. */
function importers(graph: CodeGraph, files: string[], depth: number): string[] {
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
