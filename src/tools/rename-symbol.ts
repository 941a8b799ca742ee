import { z } from 'zod';
import { positionArgs, positionInWorkspace } from './shared/addressing';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { EDITS, planResult } from './shared/edit-plans';
import { requireFeature } from './shared/language-shared';
import { defineTool } from './shared/tool';
import { detail, editOutcome } from './shared/outputs';

export const renameSymbolTool = defineTool({
  name: 'rename_symbol',
  title: 'Rename symbol',
  description:
    'Renames the symbol at a position (or the named symbol) everywhere it is used, through the language server — imports, references and re-exports ' +
    'included, so nothing is missed the way a text replace would miss or over-match. By default returns the edit plan without changing anything: ' +
    '{ applied: false, files, edit_count, edits: [{file, line, character, end_line, end_character, new_text}] }. With apply: true it makes the edits ' +
    '(undoable in the editor; files without unsaved changes are saved) and returns { applied, files_changed, edit_count }. VS Code only.',
  group: 'edit',
  inputSchema: {
    ...positionArgs,
    new_name: z.string().min(1).max(200).regex(/^[^\s]+$/, 'must not contain whitespace').describe('The new name.'),
    apply: z.boolean().default(false).describe('Make the edits (true) or only return the plan (false, default).'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { position: detail, new_name: z.string(), ...editOutcome },
  annotations: EDITS,
  async handler(args, ctx) {
    const rename = requireFeature(ctx, 'rename', 'rename_symbol', 'find_references to list the places to edit');
    const { engine, at } = await positionInWorkspace(ctx, args);
    const plan = await rename(at, args.new_name, engine.root, ctx.signal);
    if (!args.apply) return planResult(plan, args.max_tokens, { position: at, new_name: args.new_name });
    const applyEdits = requireFeature(ctx, 'applyEdits', 'rename_symbol', 'the plan without apply');
    return { position: at, new_name: args.new_name, ...(await applyEdits(plan, engine.root)) };
  },
});
