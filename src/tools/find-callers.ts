import { z } from 'zod';
import { callWalk } from './shared/call-walk';
import { depthArg, dispatchArg, maxTokensArg, minConfidenceArg, symbolArg, workspaceArg } from './shared/common-args';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, detail, symbolRef, counted } from './shared/outputs';

export const findCallersTool = defineTool({
  name: 'find_callers',
  title: 'Find callers',
  description:
    'Lists the functions and methods that call a symbol, transitively up to `depth` levels, nearest first, from the whole-repository call graph. ' +
    'Use it before changing a function\'s signature or behaviour, to see who depends on it. Each caller has its depth, call sites (file, line), ' +
    'and how the edge was resolved: scope/member/import/package are proven by the syntax; `dispatch` means the caller calls a base, interface or trait method this one overrides or implements (dispatch: false leaves those out); `name` means only a name or naming convention matched (confidence 0.5 or less; plain name matches fall below the default min_confidence). ' +
    'Calls made at module level are listed separately. With verify: true (in VS Code) the direct callers are checked against the language server. ' +
    'Returns { symbol, callers, module_level_callers?, verification?, total, truncated }.',
  group: 'graph',
  inputSchema: {
    symbol: symbolArg,
    depth: depthArg,
    min_confidence: minConfidenceArg,
    dispatch: dispatchArg,
    verify: z
      .boolean()
      .default(false)
      .describe('Check the direct callers against the language server\'s call hierarchy (VS Code): each depth-1 caller gets `verified`, and `verification.added` lists callers only the server found.'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { symbol: symbolRef, callers: list, module_level_callers: list.optional(), verification: detail.optional(), ...counted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { symbol, reached, ...rest } = await callWalk(ctx, args, 'in');
    return { symbol, callers: reached, ...rest };
  },
});
