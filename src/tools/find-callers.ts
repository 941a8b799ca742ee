import { callWalk } from './call-walk';
import { depthArg, maxTokensArg, minConfidenceArg, symbolArg, workspaceArg } from './common-args';
import { defineTool, READ_ONLY } from './tool';

export const findCallersTool = defineTool({
  name: 'find_callers',
  title: 'Find callers',
  description:
    'Lists the functions and methods that call a symbol, transitively up to `depth` levels, nearest first, from the whole-repository call graph. ' +
    'Use it before changing a function\'s signature or behaviour, to see who depends on it. Each caller has its depth, call sites (file, line), ' +
    'and how the edge was resolved: scope/member/import/package are proven by the syntax; `name` means only the name matched (confidence ≤ 0.5). ' +
    'Calls made at module level are listed separately. Returns { symbol, callers, module_level_callers?, total, truncated }.',
  group: 'graph',
  inputSchema: { symbol: symbolArg, depth: depthArg, min_confidence: minConfidenceArg, max_tokens: maxTokensArg, workspace: workspaceArg },
  annotations: READ_ONLY,
  handler: (args, ctx) => callWalk(ctx, args, 'in'),
});
