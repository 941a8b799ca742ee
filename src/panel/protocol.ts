/**
 * Every message exchanged between the Blast Radius panel's host (src/panel, extension host) and its webview
 * (media/, browser). Types only, plus constants: the webview bundle imports this file, so it must not import
 * anything that needs Node or `vscode` (type-only imports are erased and bring in no code).
 *
 * The result types mirror what the `blast_radius` tool returns to an agent: the panel renders the very
 * object an agent gets, so a field added to the tool shows up here first.
 */
import type { SymbolJson } from '../tools/shared/symbols';

/** The one Symbol shape every tool returns (type-only import: nothing of the core reaches the webview bundle). */
export type SymbolInfo = SymbolJson;

export interface CallSite {
  file: string;
  line: number;
}

export interface AffectedSymbol extends SymbolInfo {
  depth: number;
  /** How the call edge was resolved (`import`, `member`, `scope`, `name`, …). */
  resolution: string;
  confidence: number;
  call_sites: CallSite[];
  more_call_sites?: number;
}

export type BlastTarget =
  | { kind: 'symbol'; symbol: SymbolInfo }
  | { kind: 'file'; file: string }
  | { kind: 'changes'; files: { file: string; status: string }[] };

export interface Freshness {
  indexed_at: string | null;
  stale_files: string[];
  stale_count: number;
}

/** The `blast_radius` tool result, plus the freshness the MCP server adds to every answer. */
export interface BlastRadiusResult {
  target: BlastTarget;
  changed_symbols: string[];
  symbols: AffectedSymbol[];
  files: string[];
  tests: string[];
  total_symbols: number;
  total_files: number;
  truncated: boolean;
  hint?: string;
  freshness?: Freshness;
}

/** What the panel asked the tool: exactly the arguments an agent would pass. */
export interface BlastRadiusRequest {
  target: string;
  depth: number;
  /** The workspace folder's name, shown so a multi-root user knows which index answered. */
  workspace: string;
}

/** An error as the agent would read it: the error kind and the one sentence the tool wrote. */
export interface PanelError {
  kind: string;
  message: string;
}

// ---- host → webview ----

export type HostMessage =
  | { type: 'loading'; request: BlastRadiusRequest; indexing: boolean }
  | { type: 'result'; request: BlastRadiusRequest; result: BlastRadiusResult }
  | { type: 'error'; request?: BlastRadiusRequest; error: PanelError };

// ---- webview → host (validated host-side in webview-messages.ts: the webview is untrusted) ----

export type WebviewMessage =
  /** The script has loaded and listens; the host answers with the current state. */
  | { type: 'ready' }
  /** Open a workspace file at a 1-based line. */
  | { type: 'open'; file: string; line: number }
  /** Compute again, optionally at another depth. */
  | { type: 'rerun'; depth?: number };

export const MIN_DEPTH = 1;
export const MAX_DEPTH = 10;
export const DEFAULT_DEPTH = 3;

/** What the webview keeps with setState, so a panel that was hidden and shown again redraws at once. */
export interface WebviewState {
  last?: HostMessage;
}
