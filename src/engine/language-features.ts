/**
 * What a language server can answer, in the core's own terms (1-based lines and characters in code points,
 * workspace-relative '/' paths). VS Code backs it with its providers (src/vscode); the CLI has none, and the
 * tools fall back to the index or say plainly that the answer needs VS Code.
 */
export interface SourcePosition {
  /** Workspace-relative path. */
  file: string;
  line: number;
  character: number;
}

export interface SourceRange {
  file: string;
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export interface LanguageFeatures {
  /** `vscode` when language servers answer; `index` when only Sightline's own index does. */
  readonly source: 'vscode' | 'index';
  definition?(at: SourcePosition, workspaceRoot: string, signal?: AbortSignal): Promise<SourceRange[]>;
  references?(at: SourcePosition, workspaceRoot: string, signal?: AbortSignal): Promise<SourceRange[]>;
}

export const indexOnlyFeatures: LanguageFeatures = { source: 'index' };
