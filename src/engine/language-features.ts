import type { Deadline } from '../common/deadline';
import { invalidArgument } from '../common/errors';

/** A 1-based position (character in code points) in a workspace-relative '/' path. */
export interface SourcePosition {
  /** Workspace-relative path. */
  file: string;
  line: number;
  character: number;
}

export interface SourceRange {
  /** Workspace-relative path; absolute for a file outside every workspace folder (a library's .d.ts). */
  file: string;
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export interface HoverInfo {
  /** Markdown or plain text blocks, in the provider's order. */
  contents: string[];
  /** Why the answer is incomplete (the language server was still loading the project), when it is. */
  partial?: string;
  range?: SourceRange;
}

/** A symbol as a language server reports it (document symbols, workspace symbols, call hierarchy items). */
export interface ProviderSymbol {
  name: string;
  kind: string;
  detail?: string;
  container?: string;
  range: SourceRange;
  /** The name's own range inside `range`. */
  selection?: SourceRange;
  children?: ProviderSymbol[];
}

export interface SignatureInfo {
  label: string;
  documentation?: string;
  parameters: { label: string; documentation?: string }[];
}

export interface SignatureHelpInfo {
  signatures: SignatureInfo[];
  active_signature: number;
  active_parameter: number;
}

export interface CompletionInfo {
  label: string;
  kind?: string;
  detail?: string;
  documentation?: string;
}

export interface InlayHintInfo {
  line: number;
  character: number;
  label: string;
  kind?: 'type' | 'parameter';
}

export interface CallHierarchyCall {
  /** The caller (incoming) or the callee (outgoing). */
  symbol: ProviderSymbol;
  /** Where the calls are: in the caller's file for incoming, in the item's file for outgoing. */
  call_sites: SourceRange[];
}

export type CallDirection = 'incoming' | 'outgoing';

export type DiagnosticSeverity = 'error' | 'warning' | 'information' | 'hint';

export interface DiagnosticInfo {
  range: SourceRange;
  severity: DiagnosticSeverity;
  message: string;
  source?: string;
  code?: string;
}

export interface TextEditInfo {
  range: SourceRange;
  new_text: string;
}

/** Edits a tool proposes; applied only when the agent asks for it. */
export interface EditPlan {
  edits: TextEditInfo[];
  /** Files created, renamed or deleted by the plan, which text edits cannot express. */
  file_operations?: string[];
}

export interface CodeActionInfo {
  title: string;
  kind?: string;
  is_preferred?: boolean;
  /** Messages of the diagnostics this action fixes. */
  fixes?: string[];
  edit?: EditPlan;
  /** A command the action runs after (or instead of) its edit; only runs with apply. */
  command?: string;
}

export interface ApplyOutcome {
  applied: boolean;
  files_changed: string[];
  edit_count: number;
}

export interface ProviderHealth {
  provider: string;
  calls: number;
  empty: number;
  timeouts: number;
  errors: number;
  last_latency_ms?: number;
  last_error?: string;
}

export interface FormatOptions {
  tab_size: number;
  insert_spaces: boolean;
}

/** Who gave an answer: a language server (through VS Code) or Sightline's own index. Tools report it as `source`. */
export type AnswerSource = 'language_server' | 'index';

/** An answer of a feature the index can also give, and who gave it. */
export interface Answer<T> {
  source: AnswerSource;
  value: T;
  /** The declaration the answer is about (its name's range), when the answerer knows it: the index always does. */
  declaration?: SourceRange;
}

/** A use of a symbol; the index's call sites also say which symbol makes the call and how the call was resolved. */
export interface ReferenceLocation extends SourceRange {
  enclosing_symbol?: string;
  resolution?: string;
}

/**
 * What a language server can answer, in the core's own terms (1-based lines and characters in code points,
 * workspace-relative '/' paths). VS Code backs it with its providers (src/vscode/provider-features.ts), which
 * hand definition, references, hover and symbols to the index where no server answers; headless (the CLI) the
 * index answers those alone (src/engine/index-features.ts), and the tools that need a language server say so.
 */
export interface LanguageFeatures {
  /** `vscode` when language servers answer; `index` when only Sightline's own index does. */
  readonly source: 'vscode' | 'index';
  // Every host answers these five, from the index at least; the rest only a language server answers. The index's
  // answers wait for the index and walk the graph within the call's `deadline`.
  definition(at: SourcePosition, workspaceRoot: string, signal?: AbortSignal, deadline?: Deadline): Promise<Answer<SourceRange[]>>;
  references(at: SourcePosition, workspaceRoot: string, signal?: AbortSignal, deadline?: Deadline): Promise<Answer<ReferenceLocation[]>>;
  implementation?(at: SourcePosition, workspaceRoot: string, signal?: AbortSignal): Promise<SourceRange[]>;
  typeDefinition?(at: SourcePosition, workspaceRoot: string, signal?: AbortSignal): Promise<SourceRange[]>;
  hover(at: SourcePosition, workspaceRoot: string, signal?: AbortSignal, deadline?: Deadline): Promise<Answer<HoverInfo[]>>;
  signatureHelp?(at: SourcePosition, workspaceRoot: string, signal?: AbortSignal): Promise<SignatureHelpInfo | undefined>;
  completions?(at: SourcePosition, workspaceRoot: string, signal?: AbortSignal): Promise<CompletionInfo[]>;
  inlayHints?(file: string, lines: { start: number; end: number }, workspaceRoot: string, signal?: AbortSignal): Promise<InlayHintInfo[]>;
  documentSymbols(file: string, workspaceRoot: string, signal?: AbortSignal, deadline?: Deadline): Promise<Answer<ProviderSymbol[]>>;
  workspaceSymbols(query: string, workspaceRoot: string, signal?: AbortSignal, deadline?: Deadline): Promise<Answer<ProviderSymbol[]>>;
  callHierarchy?(at: SourcePosition, direction: CallDirection, workspaceRoot: string, signal?: AbortSignal): Promise<{ item: ProviderSymbol; calls: CallHierarchyCall[] }[]>;
  /** Pull (open documents) and push (everything the servers reported) diagnostics, merged; `file` undefined = the whole workspace. */
  diagnostics?(file: string | undefined, workspaceRoot: string, signal?: AbortSignal): Promise<{ file: string; diagnostics: DiagnosticInfo[] }[]>;
  rename?(at: SourcePosition, newName: string, workspaceRoot: string, signal?: AbortSignal): Promise<EditPlan>;
  format?(file: string, options: FormatOptions, workspaceRoot: string, signal?: AbortSignal): Promise<EditPlan>;
  codeActions?(range: SourceRange, workspaceRoot: string, signal?: AbortSignal): Promise<CodeActionInfo[]>;
  /** Applies a plan this interface produced (rename, format). Refuses edits outside the workspace. */
  applyEdits?(plan: EditPlan, workspaceRoot: string): Promise<ApplyOutcome>;
  /**
   * Runs the `index`-th action `codeActions(range)` returns now (its edit, then its command). An action with a
   * command runs only when `allowedCommand` names that command (see requireCommandConsent); nothing changes otherwise.
   */
  applyCodeAction?(range: SourceRange, index: number, workspaceRoot: string, signal?: AbortSignal, allowedCommand?: string): Promise<ApplyOutcome & { title: string }>;
  /** Latency, timeouts and errors per provider, for server_logs. */
  health?(): ProviderHealth[];
}

/**
 * A code action's command can do anything an extension can (run a task, write files, open a terminal), and its
 * arguments are not shown: the agent must name the command it saw in the listing, as it names the action's index,
 * before it runs. Called before any edit is applied, so a refusal changes nothing.
 */
export function requireCommandConsent(title: string, command: string | undefined, allowedCommand: string | undefined): void {
  if (command === undefined || command === allowedCommand) return;
  throw invalidArgument(
    allowedCommand === undefined
      ? `Code action "${title}" runs the command \`${command}\` after its edits. Nothing has changed. To run it, call again with apply and run_command: "${command}".`
      : `Code action "${title}" runs the command \`${command}\`, not \`${quoteCommand(allowedCommand)}\` (the actions may have changed since they were listed). Nothing has changed. List them again without apply.`,
  );
}

function quoteCommand(command: string): string {
  return command.length > 100 ? `${command.slice(0, 100)}…` : command;
}
