import { z } from 'zod';
import { positionArgs, positionInWorkspace } from './shared/addressing';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { EDITS, planResult } from './shared/edit-plans';
import { requireFeature } from './shared/language-shared';
import { defineTool } from './shared/tool';
import { editOutcome } from './shared/outputs';

export const renameSymbolTool = defineTool({
  name: 'rename_symbol',
  title: 'Rename symbol',
  description:
    'Renames the symbol at a position everywhere through the language server (imports and re-exports included). Returns the edit plan; apply: true makes the edits (undoable).',
  group: 'edit',
  inputSchema: {
    ...positionArgs,
    new_name: z.string().min(1).max(200).regex(/^[^\s]+$/, 'must not contain whitespace'),
    apply: z.boolean().default(false),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { new_name: z.string(), ...editOutcome },
  annotations: EDITS,
  needsLanguageServer: true,
  async handler(args, ctx) {
    const rename = requireFeature(ctx, 'rename', 'rename_symbol', 'find_references to list the places to edit');
    const { engine, at } = await positionInWorkspace(ctx, args);
    const plan = await rename(at, args.new_name, engine.root, ctx.signal);
    if (!args.apply) return planResult(plan, args.max_tokens, { position: at, new_name: args.new_name });
    const applyEdits = requireFeature(ctx, 'applyEdits', 'rename_symbol', 'the plan without apply');
    return { position: at, new_name: args.new_name, ...(await applyEdits(plan, engine.root)) };
  },
});
