/**
 * Every message exchanged between the Blast Radius panel's host (src/panel, extension host) and its webview
 * (media/, browser). Types only, plus constants: the webview bundle imports this file, so it must not import
 * anything that needs Node or `vscode` (type-only imports are erased and bring in no code).
 *
 * The result types are derived from the `blast_radius` tool's output schema (src/tools/shared/blast-radius-schema.ts):
 * the panel renders the very object an agent gets, so a field added to the tool shows up here first.
 */
import type { z } from 'zod';
import type { freshnessSchema } from '../engine/freshness';
import type { blastRadiusOutput } from '../tools/shared/blast-radius-schema';
import type { ToolResult } from '../tools/shared/result-types';

/** The `blast_radius` tool result, plus the freshness every answer carries: the very object an agent gets. */
export type BlastRadiusResult = ToolResult<typeof blastRadiusOutput>;

export type BlastTarget = BlastRadiusResult['target'];

/** The one Symbol shape every tool returns. */
export type SymbolInfo = Extract<BlastTarget, { kind: 'symbol' }>['symbol'];

/** A symbol the change can reach, with how the call edge was resolved (`import`, `member`, `scope`, `name`, …). */
export type AffectedSymbol = BlastRadiusResult['symbols'][number];

export type CallSite = AffectedSymbol['call_sites'][number];

export type Freshness = z.infer<typeof freshnessSchema>;

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
