import { callWalk } from './call-walk';
import { depthArg, maxTokensArg, minConfidenceArg, symbolArg, workspaceArg } from './common-args';
import { defineTool, READ_ONLY } from './tool';

export const findCalleesTool = defineTool({
  name: 'find_callees',
  title: 'Find callees',
  description:
    'What a function calls in this workspace, transitively to `depth`, nearest first, with call sites and resolution. Use to see what it relies on before editing it. Returns { symbol, callees }.',
  group: 'graph',
  inputSchema: { symbol: symbolArg, depth: depthArg, min_confidence: minConfidenceArg, max_tokens: maxTokensArg, workspace: workspaceArg },
  annotations: READ_ONLY,
  handler: (args, ctx) => callWalk(ctx, args, 'out'),
});
