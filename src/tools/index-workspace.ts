import { defineTool } from './tool';
import { workspaceArg } from './common-args';

export const indexWorkspaceTool = defineTool({
  name: 'index_workspace',
  title: 'Index workspace',
  description:
    'Brings the index up to date (incremental) and reports files parsed, skipped and removed, symbols and edges. Use after a checkout, or when a tool says the index is not ready; tools already re-index changed files.',
  group: 'graph',
  inputSchema: { workspace: workspaceArg },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(args, ctx) {
    const engine = ctx.workspaces.pick(args.workspace);
    const stats = await engine.index();
    return { workspace: engine.root, ...stats };
  },
});
