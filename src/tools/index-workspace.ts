import { defineTool } from './shared/tool';
import { workspaceArg } from './shared/common-args';
import { z } from 'zod';
import {  } from './shared/outputs';

export const indexWorkspaceTool = defineTool({
  name: 'index_workspace',
  title: 'Index workspace',
  description:
    'Brings the code index up to date and reports what it did: files parsed, unchanged, removed and skipped (with reasons), symbols and call edges, time taken. ' +
    'Incremental: only changed files are parsed. Use it after large changes (checkouts, generated code) or when another tool says the index is not ready; other tools already re-index files changed on disk before answering.',
  group: 'graph',
  inputSchema: { workspace: workspaceArg },
  outputSchema: { workspace: z.string(), files_indexed: z.number(), files_unchanged: z.number(), files_removed: z.number(), files_skipped: z.number(), symbols: z.number(), edges: z.number(), elapsed_ms: z.number() },
  // Not read-only: it writes the index cache (the CLI's cache folder, VS Code's workspace storage). It never changes
  // a source file, and running it twice does what running it once does.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(args, ctx) {
    const engine = ctx.workspaces.pick(args.workspace);
    const stats = await engine.index();
    return { workspace: engine.root, ...stats };
  },
});
