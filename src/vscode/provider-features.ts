import * as vscode from 'vscode';
import type {
  Answer,
  ApplyOutcome,
  CallDirection,
  CallHierarchyCall,
  CodeActionInfo,
  CompletionInfo,
  DiagnosticInfo,
  DiagnosticSeverity,
  EditPlan,
  FormatOptions,
  HoverInfo,
  InlayHintInfo,
  LanguageFeatures,
  ProviderHealth,
  ReferenceLocation,
  ProviderSymbol,
  SignatureHelpInfo,
  SourcePosition,
  SourceRange,
} from '../engine/language-features';
import { invalidArgument, notFound } from '../common/errors';
import { requireCommandConsent } from '../engine/language-features';
import type { Deadline } from '../common/deadline';
import { serverOrIndex } from '../engine/index-features';
import { isLoadingPlaceholder, retryWhilePlaceholder } from '../engine/placeholders';
import type { ProviderCalls } from '../engine/provider-calls';
import { applyPlan, planFromTextEdits, planFromWorkspaceEdit } from './edits';
import { PositionMapper } from './positions';

type Location = vscode.Location | vscode.LocationLink;

const isEmptyList = (v: readonly unknown[] | undefined | null) => !v || v.length === 0;

function kindName<E extends Record<number, string>>(e: E, value: number | undefined): string | undefined {
  return value === undefined ? undefined : e[value]?.toLowerCase();
}

function markdownText(c: vscode.MarkdownString | vscode.MarkedString | string): string {
  if (typeof c === 'string') return c;
  if ('language' in c) return '```' + c.language + '\n' + c.value + '\n```';
  return c.value;
}

function docText(d: string | vscode.MarkdownString | undefined): string | undefined {
  if (d === undefined) return undefined;
  return typeof d === 'string' ? d : d.value;
}

/**
 * LanguageFeatures backed by VS Code's own providers through `vscode.execute…Provider` commands: whatever
 * language servers the user has installed answer, exactly as in the editor. Every call goes through
 * ProviderCalls (deadline, cancellation, health, not-ready detection). Where no provider answers definition,
 * references, hover or symbols (no language server for the language, nothing at the position), `index` does.
 */
export class VsCodeLanguageFeatures implements LanguageFeatures {
  readonly source = 'vscode' as const;

  constructor(
    private readonly calls: ProviderCalls,
    private readonly index: LanguageFeatures,
  ) {}

  health(): ProviderHealth[] {
    return this.calls.snapshot();
  }

  private async locations(command: string, provider: string, at: SourcePosition, root: string, signal?: AbortSignal): Promise<SourceRange[]> {
    const map = new PositionMapper(root);
    const { document, position } = await map.open(at);
    const found = await this.calls.call<Location[]>(
      { provider, languageId: document.languageId, isEmpty: isEmptyList, signal },
      () => vscode.commands.executeCommand<Location[]>(command, document.uri, position),
    );
    return (found ?? []).map((l) => ('targetUri' in l ? map.range(l.targetUri, l.targetSelectionRange ?? l.targetRange) : map.range(l.uri, l.range)));
  }

  async definition(at: SourcePosition, root: string, signal?: AbortSignal, deadline?: Deadline): Promise<Answer<SourceRange[]>> {
    const found = await this.locations('vscode.executeDefinitionProvider', 'definition', at, root, signal);
    return serverOrIndex(found, isEmptyList, () => this.index.definition(at, root, signal, deadline));
  }

  async references(at: SourcePosition, root: string, signal?: AbortSignal, deadline?: Deadline): Promise<Answer<ReferenceLocation[]>> {
    const found: ReferenceLocation[] = await this.locations('vscode.executeReferenceProvider', 'references', at, root, signal);
    return serverOrIndex(found, isEmptyList, () => this.index.references(at, root, signal, deadline));
  }

  implementation(at: SourcePosition, root: string, signal?: AbortSignal) {
    return this.locations('vscode.executeImplementationProvider', 'implementation', at, root, signal);
  }

  typeDefinition(at: SourcePosition, root: string, signal?: AbortSignal) {
    return this.locations('vscode.executeTypeDefinitionProvider', 'type definition', at, root, signal);
  }

  /**
   * The document is opened (so its language server loads it) by `map.open`; while the server still answers with a
   * loading placeholder (TypeScript's `(loading...)`), it is asked again, within the provider timeout. An answer
   * that is still a placeholder then comes back marked `partial`, never as if it were the answer.
   */
  async hover(at: SourcePosition, root: string, signal?: AbortSignal, deadline?: Deadline): Promise<Answer<HoverInfo[]>> {
    const hovers = await this.serverHover(at, root, signal);
    return serverOrIndex(hovers, (h) => !h.some((x) => x.contents.length), () => this.index.hover(at, root, signal, deadline));
  }

  private async serverHover(at: SourcePosition, root: string, signal?: AbortSignal): Promise<HoverInfo[]> {
    const map = new PositionMapper(root);
    const { document, position } = await map.open(at);
    const ask = async () =>
      (await this.calls.call<vscode.Hover[]>(
        { provider: 'hover', languageId: document.languageId, isEmpty: (h) => !h?.some((x) => x.contents.some((c) => markdownText(c).trim())), emptyMeansNotReady: true, signal },
        () => vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position),
      )) ?? [];
    const loading = (hovers: vscode.Hover[]) => hovers.some((h) => h.contents.some((c) => isLoadingPlaceholder(markdownText(c))));
    const { value: hovers, placeholder, tries } = await retryWhilePlaceholder(ask, loading, this.calls.timeoutMs(), signal);
    const partial = placeholder ? `The ${document.languageId} language server was still loading the project after ${tries} tries in ${this.calls.timeoutMs()} ms; the hover may lack types. Retry in a few seconds.` : undefined;
    return hovers.map((h) => ({
      contents: h.contents.map(markdownText).filter((t) => t.trim() !== ''),
      ...(h.range ? { range: map.range(document.uri, h.range) } : {}),
      ...(partial ? { partial } : {}),
    }));
  }

  async signatureHelp(at: SourcePosition, root: string, signal?: AbortSignal): Promise<SignatureHelpInfo | undefined> {
    const map = new PositionMapper(root);
    const { document, position } = await map.open(at);
    const help = await this.calls.call<vscode.SignatureHelp | undefined>(
      { provider: 'signature help', languageId: document.languageId, isEmpty: (h) => !h?.signatures.length, signal },
      () => vscode.commands.executeCommand<vscode.SignatureHelp | undefined>('vscode.executeSignatureHelpProvider', document.uri, position),
    );
    if (!help?.signatures.length) return undefined;
    return {
      signatures: help.signatures.map((s) => ({
        label: s.label,
        ...(docText(s.documentation) ? { documentation: docText(s.documentation) } : {}),
        parameters: s.parameters.map((p) => ({
          label: typeof p.label === 'string' ? p.label : s.label.slice(p.label[0], p.label[1]),
          ...(docText(p.documentation) ? { documentation: docText(p.documentation) } : {}),
        })),
      })),
      active_signature: help.activeSignature + 1,
      active_parameter: help.activeParameter + 1,
    };
  }

  async completions(at: SourcePosition, root: string, signal?: AbortSignal): Promise<CompletionInfo[]> {
    const map = new PositionMapper(root);
    const { document, position } = await map.open(at);
    const list = await this.calls.call<vscode.CompletionList | undefined>(
      { provider: 'completions', languageId: document.languageId, isEmpty: (l) => !l?.items.length, signal },
      () => vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position),
    );
    return (list?.items ?? []).map((i) => {
      const label = typeof i.label === 'string' ? i.label : i.label.label;
      const detail = i.detail ?? (typeof i.label === 'string' ? undefined : i.label.description ?? i.label.detail);
      return {
        label,
        ...(kindName(vscode.CompletionItemKind, i.kind) ? { kind: kindName(vscode.CompletionItemKind, i.kind) } : {}),
        ...(detail ? { detail } : {}),
        ...(docText(i.documentation) ? { documentation: docText(i.documentation) } : {}),
        sort: i.sortText ?? label,
      };
    })
      .sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0))
      .map(({ sort: _sort, ...rest }) => rest);
  }

  async inlayHints(file: string, lines: { start: number; end: number }, root: string, signal?: AbortSignal): Promise<InlayHintInfo[]> {
    const map = new PositionMapper(root);
    const document = await vscode.workspace.openTextDocument(map.uri(file));
    const last = Math.min(lines.end, document.lineCount);
    if (lines.start > last) throw invalidArgument(`start_line ${lines.start} is past the end of ${file}, which has ${document.lineCount} lines.`);
    const range = new vscode.Range(lines.start - 1, 0, last - 1, document.lineAt(last - 1).text.length);
    const hints = await this.calls.call<vscode.InlayHint[]>(
      { provider: 'inlay hints', languageId: document.languageId, isEmpty: isEmptyList, signal },
      () => vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', document.uri, range),
    );
    return (hints ?? []).map((h) => {
      const p = map.point(document.uri, h.position);
      const label = typeof h.label === 'string' ? h.label : h.label.map((part) => part.value).join('');
      const kind = h.kind === vscode.InlayHintKind.Type ? 'type' : h.kind === vscode.InlayHintKind.Parameter ? 'parameter' : undefined;
      return { line: p.line, character: p.character, label, ...(kind ? { kind } : {}) };
    });
  }

  private symbol(map: PositionMapper, s: vscode.DocumentSymbol | vscode.SymbolInformation, uri: vscode.Uri): ProviderSymbol {
    // executeDocumentSymbolProvider returns objects that are both DocumentSymbol and SymbolInformation:
    // prefer the DocumentSymbol side, which has the name's own range and the children.
    if (!('selectionRange' in s)) {
      return { name: s.name, kind: kindName(vscode.SymbolKind, s.kind) ?? 'unknown', ...(s.containerName ? { container: s.containerName } : {}), range: map.range(s.location.uri, s.location.range) };
    }
    return {
      name: s.name,
      kind: kindName(vscode.SymbolKind, s.kind) ?? 'unknown',
      ...(s.detail ? { detail: s.detail } : {}),
      range: map.range(uri, s.range),
      selection: map.range(uri, s.selectionRange),
      ...(s.children?.length ? { children: s.children.map((c) => this.symbol(map, c, uri)) } : {}),
    };
  }

  async documentSymbols(file: string, root: string, signal?: AbortSignal, deadline?: Deadline): Promise<Answer<ProviderSymbol[]>> {
    const symbols = await this.serverDocumentSymbols(file, root, signal);
    return serverOrIndex(symbols, isEmptyList, () => this.index.documentSymbols(file, root, signal, deadline));
  }

  private async serverDocumentSymbols(file: string, root: string, signal?: AbortSignal): Promise<ProviderSymbol[]> {
    const map = new PositionMapper(root);
    const document = await vscode.workspace.openTextDocument(map.uri(file));
    const symbols = await this.calls.call<(vscode.DocumentSymbol | vscode.SymbolInformation)[]>(
      { provider: 'document symbols', languageId: document.languageId, isEmpty: isEmptyList, emptyMeansNotReady: document.getText().trim() !== '', signal },
      () => vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', document.uri),
    );
    return (symbols ?? []).map((s) => this.symbol(map, s, document.uri));
  }

  async workspaceSymbols(query: string, root: string, signal?: AbortSignal, deadline?: Deadline): Promise<Answer<ProviderSymbol[]>> {
    const map = new PositionMapper(root);
    const symbols = await this.calls.call<vscode.SymbolInformation[]>(
      { provider: 'workspace symbols', languageId: '*', isEmpty: isEmptyList, signal },
      () => vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', query),
    );
    const found = (symbols ?? []).filter((s) => map.isInside(s.location.uri)).map((s) => this.symbol(map, s, s.location.uri));
    return serverOrIndex(found, isEmptyList, () => this.index.workspaceSymbols(query, root, signal, deadline));
  }

  private item(map: PositionMapper, i: vscode.CallHierarchyItem): ProviderSymbol {
    return { name: i.name, kind: kindName(vscode.SymbolKind, i.kind) ?? 'unknown', ...(i.detail ? { detail: i.detail } : {}), range: map.range(i.uri, i.range), selection: map.range(i.uri, i.selectionRange) };
  }

  async callHierarchy(at: SourcePosition, direction: CallDirection, root: string, signal?: AbortSignal) {
    const map = new PositionMapper(root);
    const { document, position } = await map.open(at);
    const items = await this.calls.call<vscode.CallHierarchyItem[]>(
      { provider: 'call hierarchy', languageId: document.languageId, isEmpty: isEmptyList, emptyMeansNotReady: true, signal },
      () => vscode.commands.executeCommand<vscode.CallHierarchyItem[]>('vscode.prepareCallHierarchy', document.uri, position),
    );
    const result: { item: ProviderSymbol; calls: CallHierarchyCall[] }[] = [];
    for (const item of items ?? []) {
      if (direction === 'incoming') {
        const incoming = await this.calls.call<vscode.CallHierarchyIncomingCall[]>(
          { provider: 'incoming calls', languageId: document.languageId, isEmpty: isEmptyList, signal },
          () => vscode.commands.executeCommand<vscode.CallHierarchyIncomingCall[]>('vscode.provideIncomingCalls', item),
        );
        result.push({ item: this.item(map, item), calls: (incoming ?? []).map((c) => ({ symbol: this.item(map, c.from), call_sites: c.fromRanges.map((r) => map.range(c.from.uri, r)) })) });
      } else {
        const outgoing = await this.calls.call<vscode.CallHierarchyOutgoingCall[]>(
          { provider: 'outgoing calls', languageId: document.languageId, isEmpty: isEmptyList, signal },
          () => vscode.commands.executeCommand<vscode.CallHierarchyOutgoingCall[]>('vscode.provideOutgoingCalls', item),
        );
        result.push({ item: this.item(map, item), calls: (outgoing ?? []).map((c) => ({ symbol: this.item(map, c.to), call_sites: c.fromRanges.map((r) => map.range(item.uri, r)) })) });
      }
    }
    return result;
  }

  async diagnostics(file: string | undefined, root: string, signal?: AbortSignal) {
    const map = new PositionMapper(root);
    const toInfo = (uri: vscode.Uri, d: vscode.Diagnostic): DiagnosticInfo => ({
      range: map.range(uri, d.range),
      severity: SEVERITIES[d.severity],
      message: d.message,
      ...(d.source ? { source: d.source } : {}),
      ...(d.code !== undefined ? { code: String(typeof d.code === 'object' ? d.code.value : d.code) } : {}),
    });
    if (file === undefined) {
      return vscode.languages
        .getDiagnostics()
        .filter(([uri, list]) => list.length > 0 && map.isInside(uri))
        .map(([uri, list]) => ({ file: map.rel(uri), diagnostics: list.map((d) => toInfo(uri, d)) }));
    }
    const uri = map.uri(file);
    const document = await vscode.workspace.openTextDocument(uri);
    return this.withDiagnostics(document, signal, async () => [{ file: map.rel(uri), diagnostics: vscode.languages.getDiagnostics(uri).map((d) => toInfo(uri, d)) }]);
  }

  /**
   * Language servers check the files shown in editors (TypeScript checks no other), and quick fixes need those
   * diagnostics. A file not in any tab is shown as a preview without taking focus, its reports are awaited
   * until they settle (bounded by the provider timeout), and the tab is closed again afterwards.
   */
  private async withDiagnostics<T>(document: vscode.TextDocument, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    const key = document.uri.toString();
    const tabsOf = () =>
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key);
    if (tabsOf().length > 0) return work();
    const settled = new Promise<void>((resolve) => {
      let quiet: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(quiet);
        clearTimeout(limit);
        sub.dispose();
        resolve();
      };
      const sub = vscode.languages.onDidChangeDiagnostics((e) => {
        if (!e.uris.some((u) => u.toString() === key)) return;
        clearTimeout(quiet);
        quiet = setTimeout(done, DIAGNOSTICS_QUIET_MS);
      });
      // A clean file may get no report at all: the quiet period also runs from the start.
      quiet = setTimeout(done, DIAGNOSTICS_QUIET_MS);
      const limit = setTimeout(done, DIAGNOSTICS_WAIT_MS);
    });
    await vscode.window.showTextDocument(document, { preview: true, preserveFocus: true });
    try {
      await this.calls.call({ provider: 'diagnostics', languageId: document.languageId, isEmpty: () => false, signal }, () => settled);
      return await work();
    } finally {
      const opened = tabsOf();
      if (opened.length) await vscode.window.tabGroups.close(opened, true);
    }
  }

  async rename(at: SourcePosition, newName: string, root: string, signal?: AbortSignal): Promise<EditPlan> {
    const map = new PositionMapper(root);
    const { document, position } = await map.open(at);
    const edit = await this.calls.call<vscode.WorkspaceEdit | undefined>(
      { provider: 'rename', languageId: document.languageId, isEmpty: (e) => !e || e.size === 0, emptyMeansNotReady: true, signal },
      () => vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', document.uri, position, newName),
    );
    if (!edit || edit.size === 0) throw notFound(`Nothing at ${at.file}:${at.line}:${at.character} can be renamed. Point at a symbol's name.`);
    return planFromWorkspaceEdit(map, edit);
  }

  async format(file: string, options: FormatOptions, root: string, signal?: AbortSignal): Promise<EditPlan> {
    const map = new PositionMapper(root);
    const document = await vscode.workspace.openTextDocument(map.uri(file));
    const edits = await this.calls.call<vscode.TextEdit[]>(
      { provider: 'format', languageId: document.languageId, isEmpty: isEmptyList, signal },
      () => vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', document.uri, { tabSize: options.tab_size, insertSpaces: options.insert_spaces }),
    );
    return planFromTextEdits(map, document.uri, edits ?? []);
  }

  /** The actions at a range, with the file's diagnostics known (quick fixes are offered for those). */
  private async rawCodeActions<T>(range: SourceRange, root: string, signal: AbortSignal | undefined, use: (map: PositionMapper, actions: (vscode.CodeAction | vscode.Command)[]) => Promise<T>): Promise<T> {
    const map = new PositionMapper(root);
    const document = await vscode.workspace.openTextDocument(map.uri(range.file));
    const vsRange = map.toVsRange(document, range);
    return this.withDiagnostics(document, signal, async () => {
      const actions = await this.calls.call<(vscode.CodeAction | vscode.Command)[]>(
        { provider: 'code actions', languageId: document.languageId, isEmpty: isEmptyList, signal },
        // The last argument resolves each action's edit, so a plan can show it.
        () => vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>('vscode.executeCodeActionProvider', document.uri, vsRange, undefined, 50),
      );
      return use(map, actions ?? []);
    });
  }

  async codeActions(range: SourceRange, root: string, signal?: AbortSignal): Promise<CodeActionInfo[]> {
    return this.rawCodeActions(range, root, signal, async (map, actions) => actions.map((a) => {
      if (!('title' in a) || typeof (a as vscode.Command).command === 'string') return { title: a.title, command: (a as vscode.Command).command };
      const action = a as vscode.CodeAction;
      return {
        title: action.title,
        ...(action.kind ? { kind: action.kind.value } : {}),
        ...(action.isPreferred ? { is_preferred: true } : {}),
        ...(action.diagnostics?.length ? { fixes: action.diagnostics.map((d) => d.message) } : {}),
        ...(action.edit && action.edit.size > 0 ? { edit: planFromWorkspaceEdit(map, action.edit) } : {}),
        ...(action.command ? { command: action.command.command } : {}),
      };
    }));
  }

  async applyEdits(plan: EditPlan, root: string): Promise<ApplyOutcome> {
    return applyPlan(new PositionMapper(root), plan);
  }

  async applyCodeAction(range: SourceRange, index: number, root: string, signal?: AbortSignal, allowedCommand?: string): Promise<ApplyOutcome & { title: string }> {
    return this.rawCodeActions(range, root, signal, (map, actions) => this.runAction(map, actions, index, allowedCommand));
  }

  private async runAction(map: PositionMapper, actions: (vscode.CodeAction | vscode.Command)[], index: number, allowedCommand: string | undefined): Promise<ApplyOutcome & { title: string }> {
    const chosen = actions[index - 1];
    if (!chosen) throw notFound(`There are ${actions.length} code actions at that range now; action ${index} does not exist. List them again without apply.`);
    let outcome: ApplyOutcome = { applied: true, files_changed: [], edit_count: 0 };
    if (typeof chosen.command === 'string') {
      const command = chosen as vscode.Command;
      requireCommandConsent(command.title, command.command, allowedCommand);
      await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
      return { ...outcome, title: command.title };
    }
    const action = chosen as vscode.CodeAction;
    if (action.disabled) throw invalidArgument(`Code action "${action.title}" is disabled: ${action.disabled.reason}.`);
    requireCommandConsent(action.title, action.command?.command, allowedCommand);
    if (action.edit && action.edit.size > 0) outcome = await applyPlan(map, planFromWorkspaceEdit(map, action.edit));
    if (action.command) await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
    return { ...outcome, title: action.title };
  }
}

/** Diagnostics are taken as settled once no report came for this long, */
const DIAGNOSTICS_QUIET_MS = 1500;
/** or after this long in any case. */
const DIAGNOSTICS_WAIT_MS = 8000;

const SEVERITIES: Record<vscode.DiagnosticSeverity, DiagnosticSeverity> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};
