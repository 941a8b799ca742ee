import { positionToolArgs } from './addressing';
import { providerLocations } from './language-shared';
import { defineTool, READ_ONLY } from './tool';

export const goToImplementationTool = defineTool({
  name: 'go_to_implementation',
  title: 'Go to implementation',
  description:
    'The classes and methods implementing the interface or abstract member at a position, from the language server. Returns { implementations }.',
  group: 'navigate',
  inputSchema: positionToolArgs,
  annotations: READ_ONLY,
  needsLanguageServer: true,
  handler: (args, ctx) =>
    providerLocations(ctx, args, 'implementation', 'go_to_implementation', 'implementations', 'find_references or structural_search (e.g. "kind:class" with the interface name)'),
});
