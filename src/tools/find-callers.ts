import { z } from 'zod';
import { callWalk } from './shared/call-walk';
import { depthArg, dispatchArg, maxTokensArg, minConfidenceArg, symbolArg, workspaceArg } from './shared/common-args';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, detail, symbolRef, counted } from './shared/outputs';

export const findCallersTool = defineTool({
  name: 'find_callers',
  title: 'Find callers',
  description:
    'Who calls a symbol, transitively, nearest first, from the whole-repository call graph, with call sites and resolution (`scope`/`member`/`import`/`package` proven, `dispatch` via a base method, `name` guessed). Use before changing a function.',
  group: 'graph',
  inputSchema: {
    symbol: symbolArg,
    depth: depthArg,
    min_confidence: minConfidenceArg,
    dispatch: dispatchArg,
    verify: z
      .boolean()
      .default(false)
      .describe('VS Code: check direct callers with the language server.'),
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
