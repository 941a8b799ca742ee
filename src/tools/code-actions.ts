import { z } from 'zod';
import { invalidArgument } from '../common/errors';
import { estimateTokens, fitToBudget } from '../common/tokens';
import type { SourceRange } from '../engine/language-features';
import { positionArgs, positionInWorkspace } from './shared/addressing';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { EDITS, editJson } from './shared/edit-plans';
import { requireFeature } from './shared/language-shared';
import { defineTool } from './shared/tool';
import { list, detail } from './shared/outputs';

export const codeActionsTool = defineTool({
  name: 'code_actions',
  title: 'Code actions',
  description:
    'The quick fixes and refactorings the editor offers at a position or range (the light bulb): fixes for the diagnostics there, "add missing import", ' +
    '"extract function", … Use it to fix an error the way the language server suggests. Pass file + line + character (1-based; optional end_line/end_character ' +
    'for a range) or `symbol`. Returns { actions: [{index, title, kind?, is_preferred?, fixes?, edits?, command?}] } without changing anything; call again ' +
    'with apply: <index> to run that action (its edits, then its command; an action with a command also needs run_command: <that command id>) and get { applied, title, files_changed, edit_count }. VS Code only.',
  group: 'edit',
  inputSchema: {
    ...positionArgs,
    end_line: z.number().int().min(1).optional().describe('End of the range (1-based line). Default: the position itself.'),
    end_character: z.number().int().min(1).optional().describe('End of the range (1-based character).'),
    apply: z.number().int().min(1).max(200).optional().describe('Run the action with this index from the list (1-based). Default: only list them.'),
    run_command: z.string().min(1).max(500).optional().describe('With apply, for an action that lists a `command`: that command id, exactly as listed, to allow it to run. Without it such an action is refused and nothing changes.'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { range: detail, actions: list.optional(), applied: z.boolean().optional(), total: z.number().optional() },
  annotations: EDITS,
  async handler(args, ctx) {
    const codeActions = requireFeature(ctx, 'codeActions', 'code_actions', 'diagnostics to see the problems, then edit the file');
    const { engine, at } = await positionInWorkspace(ctx, args);
    if ((args.end_line === undefined) !== (args.end_character === undefined)) throw invalidArgument('Pass both end_line and end_character, or neither.');
    const end = args.end_line !== undefined ? { line: args.end_line, character: args.end_character! } : { line: at.line, character: at.character };
    if (end.line < at.line || (end.line === at.line && end.character < at.character)) throw invalidArgument('The range ends before it starts.');
    const range: SourceRange = { file: at.file, start: { line: at.line, character: at.character }, end };
    if (args.apply !== undefined) {
      const applyCodeAction = requireFeature(ctx, 'applyCodeAction', 'code_actions', 'the list without apply');
      return { range: { file: range.file, line: at.line, character: at.character, end_line: end.line, end_character: end.character }, ...(await applyCodeAction(range, args.apply, engine.root, ctx.signal, args.run_command)) };
    }
    const actions = (await codeActions(range, engine.root, ctx.signal)).map((a, i) => ({
      index: i + 1,
      title: a.title,
      ...(a.kind ? { kind: a.kind } : {}),
      ...(a.is_preferred ? { is_preferred: true } : {}),
      ...(a.fixes ? { fixes: a.fixes } : {}),
      ...(a.edit ? { edits: editJson(a.edit) } : {}),
      ...(a.command ? { command: a.command } : {}),
    }));
    // Edits can be long: drop them from the listing before dropping whole actions.
    const budget = args.max_tokens;
    const listed = estimateTokens(actions) <= budget ? actions : actions.map(({ edits, ...rest }) => ({ ...rest, ...(edits ? { edit_count: edits.length } : {}) }));
    return fitToBudget(listed, budget, (kept, truncated) => ({
      range: { file: range.file, line: at.line, character: at.character, end_line: end.line, end_character: end.character },
      actions: kept,
      total: actions.length,
      truncated,
      hint: actions.length ? 'Nothing has changed. Call again with apply: <index> to run one (and run_command: <its command> if it lists one).' : 'No code actions here. Point at a diagnostic (see diagnostics) or select a range of code.',
    }));
  },
});
