import { z } from 'zod';
import { callWalk } from './call-walk';
import { depthArg, maxTokensArg, minConfidenceArg, symbolArg, workspaceArg } from './common-args';
import { defineTool, READ_ONLY } from './tool';

export const findCallersTool = defineTool({
  name: 'find_callers',
  title: 'Find callers',
  description:
    'Who calls a symbol, transitively to `depth`, nearest first, from the whole-repository call graph, with call sites and resolution (`scope`/`member`/`import`/`package` proven, `name` guessed). Use before changing a function\'s signature or behaviour. Returns { symbol, callers, module_level_callers }.',
  group: 'graph',
  inputSchema: {
    symbol: symbolArg,
    depth: depthArg,
    min_confidence: minConfidenceArg,
    verify: z
      .boolean()
      .default(false)
      .describe('VS Code: check direct callers with the language server.'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  annotations: READ_ONLY,
  handler: (args, ctx) => callWalk(ctx, args, 'in'),
});
