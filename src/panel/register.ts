import * as path from 'node:path';
import * as vscode from 'vscode';
import { RingLogger } from '../common/log';
import type { Workspaces } from '../engine/workspaces';
import { BlastRadiusPanel, type PanelRequest, type PanelServices, VIEW_TYPE } from './blast-radius-panel';
import { DEFAULT_DEPTH, type HostMessage, MAX_DEPTH, MIN_DEPTH } from './protocol';
import { locateFile, symbolAtLine } from './targets';

export const SHOW_BLAST_RADIUS_COMMAND = 'sightline.showBlastRadius';
/** The editor context menu's entry: the symbol under the cursor, no picker. */
export const SHOW_BLAST_RADIUS_AT_CURSOR_COMMAND = 'sightline.showBlastRadiusAtCursor';

/** Optional command argument (from tests, keybindings or other extensions): skips the picker. */
export interface ShowBlastRadiusArgs {
  target?: string;
  depth?: number;
}

/** What the panel needs of the running extension (see PanelServices). */
export type ExtensionState = Pick<PanelServices, 'getWorkspaces' | 'whenIndexed' | 'maxTokens'>;

/**
 * Registers "Sightline: Show Blast Radius", its editor context-menu twin, and the serializer that brings the
 * panel back after a window reload. The extension's activate() calls this once, before it starts; `getWorkspaces`
 * returns the engines once they exist (undefined before), so the commands work, and say "not ready", in every
 * state. The commands resolve to what the panel shows.
 */
export function registerBlastRadiusPanel(context: vscode.ExtensionContext, extension: ExtensionState, logger: RingLogger = new RingLogger()): vscode.Disposable {
  const services: PanelServices = { extensionUri: context.extensionUri, ...extension, logger };
  const registration = vscode.Disposable.from(
    vscode.commands.registerCommand(SHOW_BLAST_RADIUS_COMMAND, (args?: unknown) => showBlastRadius(services, args)),
    vscode.commands.registerCommand(SHOW_BLAST_RADIUS_AT_CURSOR_COMMAND, () => showBlastRadiusAtCursor(services)),
    vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state: unknown) => BlastRadiusPanel.restore(services, panel, state),
    }),
    { dispose: () => BlastRadiusPanel.instance?.dispose() },
  );
  context.subscriptions.push(registration);
  return registration;
}

async function showBlastRadius(services: PanelServices, args: unknown): Promise<HostMessage | undefined> {
  const request = requestFromArgs(args) ?? (await pickTarget(services.getWorkspaces()));
  if (!request) return undefined;
  return BlastRadiusPanel.show(services, request);
}

/**
 * The context menu's command: the innermost function or type around the cursor, or the file when the cursor is
 * outside every symbol (or the index is not built yet). A file outside the open folders gets a warning.
 */
async function showBlastRadiusAtCursor(services: PanelServices): Promise<HostMessage | undefined> {
  const editor = vscode.window.activeTextEditor;
  const workspaces = services.getWorkspaces();
  // Before the engines exist the panel itself says "not ready".
  if (!editor || !workspaces || workspaces.engines.length === 0) return BlastRadiusPanel.show(services, { target: 'changes', depth: DEFAULT_DEPTH });
  const located = editor.document.uri.scheme === 'file' ? locateFile(workspaces, editor.document.uri.fsPath) : undefined;
  if (!located) {
    void vscode.window.showWarningMessage(`Sightline indexes only the open workspace folders; ${path.basename(editor.document.uri.path)} is not in one.`);
    return undefined;
  }
  const { engine, rel } = located;
  const symbol = symbolAtLine(engine, rel, editor.selection.active.line + 1);
  return BlastRadiusPanel.show(services, { target: symbol?.id ?? rel, depth: DEFAULT_DEPTH, root: engine.root });
}

function requestFromArgs(args: unknown): PanelRequest | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  const { target, depth } = args as ShowBlastRadiusArgs;
  if (typeof target !== 'string' || target.trim() === '') return undefined;
  const validDepth = typeof depth === 'number' && Number.isInteger(depth) && depth >= MIN_DEPTH && depth <= MAX_DEPTH ? depth : DEFAULT_DEPTH;
  return { target, depth: validDepth };
}

/** A choice in the picker; without a request it asks the user to type a target. */
interface TargetItem extends vscode.QuickPickItem {
  request?: PanelRequest;
}

/** Offers the symbol at the cursor, the active file, the uncommitted changes, or a name typed by the user. */
async function pickTarget(workspaces: Workspaces | undefined): Promise<PanelRequest | undefined> {
  // Before the engines exist the panel itself says "not ready"; a picker would offer nothing real.
  if (!workspaces || workspaces.engines.length === 0) return { target: 'changes', depth: DEFAULT_DEPTH };
  const items: TargetItem[] = [];
  const editor = vscode.window.activeTextEditor;
  const located = editor?.document.uri.scheme === 'file' ? locateFile(workspaces, editor.document.uri.fsPath) : undefined;
  if (editor && located) {
    const { engine, rel } = located;
    const symbol = symbolAtLine(engine, rel, editor.selection.active.line + 1);
    if (symbol) items.push({ label: `$(symbol-method) ${symbol.qualifiedName}`, description: 'symbol at the cursor', request: { target: symbol.id, depth: DEFAULT_DEPTH, root: engine.root } });
    items.push({ label: `$(file) ${rel}`, description: 'this file', request: { target: rel, depth: DEFAULT_DEPTH, root: engine.root } });
  }
  const changesRoot = located?.engine ?? workspaces.engines[0];
  items.push({ label: '$(git-commit) Uncommitted changes', description: `git diff in ${path.basename(changesRoot.root)}`, request: { target: 'changes', depth: DEFAULT_DEPTH, root: changesRoot.root } });
  items.push({ label: '$(search) Another symbol or file…', description: 'type a name, Class.method, symbol id or path' });
  const picked = await vscode.window.showQuickPick(items, { title: 'Show Blast Radius of…', placeHolder: 'What would change?' });
  if (!picked) return undefined;
  if (picked.request) return picked.request;
  const typed = await vscode.window.showInputBox({ title: 'Show Blast Radius of…', prompt: 'A symbol name, Class.method, symbol id, or a workspace-relative file path' });
  return typed?.trim() ? { target: typed.trim(), depth: DEFAULT_DEPTH, root: changesRoot.root } : undefined;
}
