import * as vscode from 'vscode';
import type { ApplyOutcome, EditPlan, TextEditInfo } from '../engine/language-features';
import type { PositionMapper } from './positions';

/** A WorkspaceEdit (rename, code action) as a plan of text edits in the tools' coordinates. */
export function planFromWorkspaceEdit(map: PositionMapper, edit: vscode.WorkspaceEdit): EditPlan {
  const edits: TextEditInfo[] = [];
  for (const [uri, textEdits] of edit.entries()) {
    for (const e of textEdits) edits.push({ range: map.range(uri, e.range), new_text: e.newText });
  }
  return sortPlan({ edits });
}

export function planFromTextEdits(map: PositionMapper, uri: vscode.Uri, textEdits: readonly vscode.TextEdit[]): EditPlan {
  return sortPlan({ edits: textEdits.map((e) => ({ range: map.range(uri, e.range), new_text: e.newText })) });
}

function sortPlan(plan: EditPlan): EditPlan {
  plan.edits.sort((a, b) =>
    a.range.file < b.range.file ? -1 : a.range.file > b.range.file ? 1 : a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
  return plan;
}

/**
 * Applies a plan through `workspace.applyEdit`, so the edit is undoable and open editors follow. Every file
 * must be inside the workspace (PositionMapper.uri refuses the rest) before anything changes. Documents
 * that had no unsaved changes are saved afterwards, so the change is on disk where agents look; documents
 * the user was editing keep their unsaved state.
 */
export async function applyPlan(map: PositionMapper, plan: EditPlan): Promise<ApplyOutcome> {
  const byFile = new Map<string, TextEditInfo[]>();
  for (const e of plan.edits) byFile.set(e.range.file, [...(byFile.get(e.range.file) ?? []), e]);
  const uris = new Map([...byFile.keys()].map((file) => [file, map.uri(file)]));
  const workspaceEdit = new vscode.WorkspaceEdit();
  const documents: vscode.TextDocument[] = [];
  const wasDirty = new Set<string>();
  for (const [file, edits] of byFile) {
    const document = await vscode.workspace.openTextDocument(uris.get(file)!);
    documents.push(document);
    if (document.isDirty) wasDirty.add(document.uri.toString());
    for (const e of edits) workspaceEdit.replace(document.uri, map.toVsRange(document, e.range), e.new_text);
  }
  const applied = plan.edits.length === 0 ? true : await vscode.workspace.applyEdit(workspaceEdit);
  if (applied) {
    for (const d of documents) if (!wasDirty.has(d.uri.toString())) await d.save();
  }
  return { applied, files_changed: applied ? [...byFile.keys()].sort() : [], edit_count: applied ? plan.edits.length : 0 };
}
