import { fitToBudget } from '../common/tokens';
import { positionArgs, resolvePosition } from './addressing';
import { maxTokensArg, workspaceArg } from './common-args';
import { locationWithSymbol, requireFeature } from './language-shared';
import { defineTool, READ_ONLY } from './tool';

export const goToImplementationTool = defineTool({
  name: 'go_to_implementation',
  title: 'Go to implementation',
  description:
    'Where an interface, abstract member or method at a position (or the named symbol) is implemented: the classes and methods that implement it, ' +
    'from the language server. Use it to get from an interface to the code that runs. Pass file + line + character (1-based) or `symbol`. ' +
    'Returns { implementations: [{file, line, character, end_line, end_character, symbol?}], total, truncated }. An empty list means the server found none. VS Code only.',
  group: 'navigate',
  inputSchema: { ...positionArgs, max_tokens: maxTokensArg, workspace: workspaceArg },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const implementation = requireFeature(ctx, 'implementation', 'go_to_implementation', 'find_references or structural_search (e.g. "kind:class" with the interface name)');
    const engine = ctx.workspaces.pick(args.workspace, args.file);
    const { at } = await resolvePosition(engine, args);
    const found = (await implementation(at, engine.root, ctx.signal)).map((r) => locationWithSymbol(engine, r));
    return fitToBudget(found, args.max_tokens, (kept, truncated) => ({ position: at, implementations: kept, total: found.length, truncated, source: 'language_server' }));
  },
});
