import { z } from 'zod';
import { fitToBudget } from '../common/tokens';
import { uncommittedChanges } from '../engine/git';
import { blastRadius, changedSymbols } from '../graph/impact';
import type { CodeGraph } from '../graph/code-graph';
import { lookupSymbol } from '../graph/symbol-lookup';
import type { IndexedSymbol } from '../graph/symbol-table';
import { blastRadiusOutput } from './shared/blast-radius-schema';
import type { DeadlineCheck } from '../common/deadline';
import { deadlineOf, readyGraph } from './shared/context';
import { depthArg, dispatchArg, maxTokensArg, minConfidenceArg, workspaceArg } from './shared/common-args';
import { reachedJson, symbolJson } from './shared/symbols';
import { defineTool, READ_ONLY, type ToolValue } from './shared/tool';

type Target = ToolValue<typeof blastRadiusOutput>['target'];

export const blastRadiusTool = defineTool({
  name: 'blast_radius',
  title: 'Blast radius',
  description:
    'What a change can break: the functions calling `target` (a symbol, a file, or `changes` = the uncommitted diff), transitively, their files and the tests to run. Use before and after an edit.',
  group: 'graph',
  inputSchema: {
    target: z.string().min(1).max(1000).describe('Symbol, file path, or `changes`.'),
    depth: depthArg,
    min_confidence: minConfidenceArg,
    dispatch: dispatchArg,
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: blastRadiusOutput,
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const engine = ctx.workspaces.pick(args.workspace);
    const graph = await readyGraph(ctx, engine);
    const deadline = deadlineOf(ctx);
    const { start, startFiles, description } = startSet(graph, engine.root, args.target, deadline);
    const { reached, files, tests: allTests } = blastRadius(graph, start, startFiles, args.depth, args.min_confidence, args.dispatch, deadline);
    // Tests first (what to run), then files, each within its share of the budget; symbols take the rest.
    const tests = fitToBudget(allTests, args.max_tokens * 0.15, (kept) => kept);
    const fileShare = fitToBudget(files, args.max_tokens * 0.25, (kept) => kept);
    const cut = tests.length < allTests.length || fileShare.length < files.length;
    return fitToBudget(reached, args.max_tokens, (kept, truncated) => ({
      target: description,
      changed_symbols: start.slice(0, 50).map((s) => s.id),
      symbols: kept.map(reachedJson),
      files: fileShare,
      tests,
      total_symbols: reached.length,
      total_files: files.length,
      truncated: truncated || cut,
      ...(truncated || cut
        ? { hint: `Showing ${kept.length} of ${reached.length} affected symbols and ${fileShare.length} of ${files.length} files; lower depth, raise min_confidence or raise max_tokens for the rest.` }
        : {}),
    }));
  },
});

function startSet(graph: CodeGraph, root: string, target: string, deadline: DeadlineCheck): { start: IndexedSymbol[]; startFiles: string[]; description: Target } {
  if (target === 'changes') {
    const changes = uncommittedChanges(root);
    return {
      start: changedSymbols(graph, changes, deadline),
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
