import { positionToolArgs } from './addressing';
import { providerLocations } from './language-shared';
import { defineTool, READ_ONLY } from './tool';

export const goToTypeDefinitionTool = defineTool({
  name: 'go_to_type_definition',
  title: 'Go to type definition',
  description:
    'Where the type of the value at a position is declared, from the language server. Returns { type_definitions }.',
  group: 'navigate',
  inputSchema: positionToolArgs,
  annotations: READ_ONLY,
  needsLanguageServer: true,
  handler: (args, ctx) => providerLocations(ctx, args, 'typeDefinition', 'go_to_type_definition', 'type_definitions', 'go_to_definition on the type name'),
});
