import { positionToolArgs } from './shared/addressing';
import { providerLocations } from './shared/language-shared';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, detail, source, counted } from './shared/outputs';

export const goToTypeDefinitionTool = defineTool({
  name: 'go_to_type_definition',
  title: 'Go to type definition',
  description:
    'Where the type of the value at a position is declared, from the language server.',
  group: 'navigate',
  inputSchema: positionToolArgs,
  outputSchema: { position: detail, type_definitions: list, source, ...counted },
  annotations: READ_ONLY,
  needsLanguageServer: true,
  async handler(args, ctx) {
    const { locations, ...rest } = await providerLocations(ctx, args, 'typeDefinition', 'go_to_type_definition', 'go_to_definition on the type name');
    return { ...rest, type_definitions: locations };
  },
});
