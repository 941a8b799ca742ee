import { callWalk } from './shared/call-walk';
import { depthArg, dispatchArg, maxTokensArg, minConfidenceArg, symbolArg, workspaceArg } from './shared/common-args';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, symbolRef, counted } from './shared/outputs';

export const findCalleesTool = defineTool({
  name: 'find_callees',
  title: 'Find callees',
  description:
    'What a function calls in this workspace, transitively, nearest first, with call sites and resolution. Use to see what it relies on before editing it.',
  group: 'graph',
  inputSchema: { symbol: symbolArg, depth: depthArg, min_confidence: minConfidenceArg, dispatch: dispatchArg, max_tokens: maxTokensArg, workspace: workspaceArg },
  outputSchema: { symbol: symbolRef, callees: list, ...counted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { symbol, reached, ...rest } = await callWalk(ctx, args, 'out');
    return { symbol, callees: reached, ...rest };
  },
});
