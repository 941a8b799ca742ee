import { z } from 'zod';
import { fitToBudget } from '../common/tokens';
import type { CodeGraph } from '../graph/code-graph';
import { structuralCandidates } from '../graph/symbol-postings';
import type { IndexedSymbol } from '../graph/symbol-table';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { globMatcher, parseStructuralQuery, returnTypeOf } from './shared/structural-query';
import { symbolJson } from './shared/symbols';
import { defineTool, READ_ONLY } from './shared/tool';
import { symbolRef, counted } from './shared/outputs';
import { deadlineOf, readyGraph } from './shared/context';

export const structuralSearchTool = defineTool({
  name: 'structural_search',
  title: 'Structural search',
  description:
    'Finds symbols by structure: `kind:` `lang:` `file:` `name:` (globs) `calls:` `returns:` filters plus bare words; e.g. `kind:method calls:save returns:Promise user`. Ranked by centrality.',
  group: 'graph',
  inputSchema: {
    query: z.string().min(1).max(1000).describe('Filters and bare words, space-separated.'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { matches: z.array(symbolRef), ...counted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { filters, words } = parseStructuralQuery(args.query);
    const graph = await readyGraph(ctx, ctx.workspaces.pick(args.workspace));
    const tests: ((s: IndexedSymbol) => boolean)[] = [];
    const anyOf = <T>(values: T[] | undefined, f: (v: T) => (s: IndexedSymbol) => boolean) => {
      if (values) {
        const preds = values.map(f);
        tests.push((s) => preds.some((p) => p(s)));
      }
    };
    anyOf(filters.kind, (k) => (s) => s.kind === k);
    anyOf(filters.lang, (l) => (s) => s.lang === l);
    anyOf(filters.file, (f) => {
      const glob = f.includes('*') ? globMatcher(f) : undefined;
      return (s) => (glob ? glob(s.file) : s.file.startsWith(f.replace(/^\.\//, '')));
    });
    anyOf(filters.name, (n) => {
      const m = globMatcher(n);
      return (s) => m(s.name) || m(s.qualifiedName);
    });
    anyOf(filters.returns, (r) => (s) => (returnTypeOf(s.signature) ?? '').toLowerCase().includes(r.toLowerCase()));
    anyOf(filters.calls, (c) => {
      const m = globMatcher(c);
      return (s) => calls(graph, s, m);
    });
    for (const w of words) tests.push((s) => s.qualifiedName.toLowerCase().includes(w) || s.signature.toLowerCase().includes(w));
    // Only the symbols the most selective indexable filter allows are tested (see structuralCandidates); without
    // one that is every symbol, so the loop is sliced and a large repository keeps other calls going.
    const deadline = deadlineOf(ctx);
    const matches: IndexedSymbol[] = [];
    let tested = 0;
    for (const s of structuralCandidates(graph, filters, deadline)) {
      if (tests.every((t) => t(s))) matches.push(s);
      // Every 64th symbol: a tick is an await (a promise per symbol was most of the loop's garbage).
      if (tested++ % 64 === 0) await deadline.tick('Add filters (kind:, lang:, file:) to narrow the query.');
    }
    // Ranks looked up once per match, not twice per comparison.
    const rank = new Map(matches.map((s) => [s, graph.symbolRank(s.id)]));
    matches.sort((a, b) => rank.get(b)! - rank.get(a)! || (a.id < b.id ? -1 : 1));
    return fitToBudget(matches, args.max_tokens, (kept, truncated) => ({
      matches: kept.map(symbolJson),
      total: matches.length,
      truncated,
      ...(truncated ? { hint: `Showing the ${kept.length} most central of ${matches.length}. Add filters or raise max_tokens.` } : {}),
    }));
  },
});

function calls(graph: CodeGraph, s: IndexedSymbol, m: (name: string) => boolean): boolean {
  let found = false;
  graph.calls.forEachOutNeighbor(s.id, (target) => {
    if (found) return;
    const t = graph.table.byId.get(target);
    if (t && (m(t.name) || m(t.qualifiedName))) found = true;
  });
  return found;
}
