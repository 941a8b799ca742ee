import { z } from 'zod';
import { resolveInWorkspace } from '../common/paths';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { EDITS, planResult } from './shared/edit-plans';
import { requireFeature } from './shared/language-shared';
import { defineTool } from './shared/tool';
import { editOutcome } from './shared/outputs';

export const formatDocumentTool = defineTool({
  name: 'format_document',
  title: 'Format document',
  description:
    'Formats a whole file with the formatter the editor uses for its language (the language server\'s, or an installed formatter extension). By default ' +
    'returns the edits without changing anything: { applied: false, files, edit_count, edits: [{file, line, character, end_line, end_character, new_text}] } ' +
    '(no edits = already formatted). With apply: true it makes them and returns { applied, files_changed, edit_count }. VS Code only.',
  group: 'edit',
  inputSchema: {
    file: z.string().min(1).max(1000).describe('File path, workspace-relative or absolute.'),
    tab_size: z.number().int().min(1).max(16).default(2).describe('Spaces per indentation level (1–16, default 2).'),
    insert_spaces: z.boolean().default(true).describe('Indent with spaces (default) or tabs.'),
    apply: z.boolean().default(false).describe('Make the edits (true) or only return them (false, default).'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { file: z.string(), ...editOutcome },
  annotations: EDITS,
  async handler(args, ctx) {
    const format = requireFeature(ctx, 'format', 'format_document', 'the project\'s own formatter command');
    const engine = ctx.workspaces.pick(args.workspace, args.file);
    const { rel } = resolveInWorkspace(engine.root, args.file);
    const plan = await format(rel, { tab_size: args.tab_size, insert_spaces: args.insert_spaces }, engine.root, ctx.signal);
    if (!args.apply) return planResult(plan, args.max_tokens, { file: rel });
    const applyEdits = requireFeature(ctx, 'applyEdits', 'format_document', 'the plan without apply');
    return { file: rel, ...(await applyEdits(plan, engine.root)) };
  },
});
