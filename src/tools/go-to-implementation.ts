import { positionToolArgs } from './shared/addressing';
import { providerLocations } from './shared/language-shared';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, detail, source, counted } from './shared/outputs';

export const goToImplementationTool = defineTool({
  name: 'go_to_implementation',
  title: 'Go to implementation',
  description:
    'The classes and methods implementing the interface or abstract member at a position, from the language server.',
  group: 'navigate',
  inputSchema: positionToolArgs,
  outputSchema: { position: detail, implementations: list, source, ...counted },
  annotations: READ_ONLY,
  needsLanguageServer: true,
  async handler(args, ctx) {
    const { locations, ...rest } = await providerLocations(ctx, args, 'implementation', 'go_to_implementation', 'find_references or structural_search (e.g. "kind:class" with the interface name)');
    return { ...rest, implementations: locations };
  },
});
