import { defineTool } from './shared/tool';
import { workspaceArg } from './shared/common-args';
import { z } from 'zod';
import {  } from './shared/outputs';

export const indexWorkspaceTool = defineTool({
  name: 'index_workspace',
  title: 'Index workspace',
  description:
    'Brings the index up to date (incremental): files parsed, skipped, removed; symbols, edges. Use after a checkout or when a tool says not ready.',
  group: 'graph',
  inputSchema: { workspace: workspaceArg },
  outputSchema: { workspace: z.string(), files_indexed: z.number(), symbols: z.number(), edges: z.number() },
  // Not read-only: it writes the index cache (the CLI's cache folder, VS Code's workspace storage). It never changes
  // a source file, and running it twice does what running it once does.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(args, ctx) {
    const engine = ctx.workspaces.pick(args.workspace);
    const stats = await engine.index();
    return { workspace: engine.root, ...stats };
  },
});
