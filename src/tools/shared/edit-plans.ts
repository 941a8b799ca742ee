import type { EditPlan } from '../../engine/language-features';
import { fitToBudget } from '../../common/tokens';
import { locationJson } from './language-shared';
import type { ToolAnnotations } from './tool';

/** Edit tools change files when asked to: never read-only, and marked destructive so clients confirm. */
export const EDITS: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false };

export function editJson(plan: EditPlan) {
  return plan.edits.map((e) => ({ ...locationJson(e.range), new_text: e.new_text }));
}

/** A plan as the agent sees it before applying: every file touched, the edits within the budget. */
export function planResult<E extends object>(plan: EditPlan, maxTokens: number, extra: E) {
  const edits = editJson(plan);
  const files = [...new Set(edits.map((e) => e.file))].sort();
  return fitToBudget(edits, maxTokens, (kept, truncated) => ({
    ...extra,
    applied: false,
    files,
    edit_count: edits.length,
    edits: kept,
    truncated,
    hint: truncated
      ? `Showing ${kept.length} of ${edits.length} edits; raise max_tokens to see all. apply: true applies all of them.`
      : 'Nothing has changed yet. Call again with apply: true to make these edits.',
  }));
}
