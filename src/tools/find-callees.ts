import { callWalk } from './shared/call-walk';
import { depthArg, dispatchArg, maxTokensArg, minConfidenceArg, symbolArg, workspaceArg } from './shared/common-args';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, symbolRef, counted } from './shared/outputs';

export const findCalleesTool = defineTool({
  name: 'find_callees',
  title: 'Find callees',
  description:
    'Lists what a function or method calls inside this workspace, transitively up to `depth` levels, nearest first. Calls into external ' +
    'packages and the standard library are not listed. Use it to understand what a function does or what it relies on before editing it. ' +
    'Each callee has depth, call sites and resolution (scope/member/import/package proven; `dispatch` = an override or implementation a call of a base/interface/trait method may run; `name` = name match only). Returns { symbol, callees, total, truncated }.',
  group: 'graph',
  inputSchema: { symbol: symbolArg, depth: depthArg, min_confidence: minConfidenceArg, dispatch: dispatchArg, max_tokens: maxTokensArg, workspace: workspaceArg },
  outputSchema: { symbol: symbolRef, callees: list, ...counted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { symbol, reached, ...rest } = await callWalk(ctx, args, 'out');
    return { symbol, callees: reached, ...rest };
  },
});
