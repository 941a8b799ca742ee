import { positionToolArgs } from './shared/addressing';
import { providerLocations } from './shared/language-shared';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, detail, source, counted } from './shared/outputs';

export const goToTypeDefinitionTool = defineTool({
  name: 'go_to_type_definition',
  title: 'Go to type definition',
  description:
    'Where the type of the expression or variable at a position (or the named symbol) is defined, from the language server: for `const s = new Square(2)` ' +
    'at `s`, the class Square. Use it to jump from a value to its type\'s declaration. Pass file + line + character (1-based) or `symbol`. ' +
    'Returns { type_definitions: [{file, line, character, end_line, end_character, symbol?}], total, truncated }. VS Code only.',
  group: 'navigate',
  inputSchema: positionToolArgs,
  outputSchema: { position: detail, type_definitions: list, source, ...counted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { locations, ...rest } = await providerLocations(ctx, args, 'typeDefinition', 'go_to_type_definition', 'go_to_definition on the type name');
    return { ...rest, type_definitions: locations };
  },
});
