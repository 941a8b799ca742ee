import { positionToolArgs } from './shared/addressing';
import { providerLocations } from './shared/language-shared';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, detail, source, counted } from './shared/outputs';

export const goToImplementationTool = defineTool({
  name: 'go_to_implementation',
  title: 'Go to implementation',
  description:
    'Where an interface, abstract member or method at a position (or the named symbol) is implemented: the classes and methods that implement it, ' +
    'from the language server. Use it to get from an interface to the code that runs. Pass file + line + character (1-based) or `symbol`. ' +
    'Returns { implementations: [{file, line, character, end_line, end_character, symbol?}], total, truncated }. An empty list means the server found none. VS Code only.',
  group: 'navigate',
  inputSchema: positionToolArgs,
  outputSchema: { position: detail, implementations: list, source, ...counted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { locations, ...rest } = await providerLocations(ctx, args, 'implementation', 'go_to_implementation', 'find_references or structural_search (e.g. "kind:class" with the interface name)');
    return { ...rest, implementations: locations };
  },
});
