import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { invalidArgument } from '../common/errors';
import { leavesBase, resolveInWorkspace, toPosix } from '../common/paths';
import type { SourcePosition, SourceRange } from '../engine/language-features';

/**
 * Converts between the tools' positions (1-based lines, 1-based characters counted in Unicode code points,
 * workspace-relative paths) and VS Code's (0-based, UTF-16 code units, URIs). One instance per tool call:
 * it caches the line texts it needed, so a result with many ranges in one file reads that file once.
 */
export class PositionMapper {
  private readonly lines = new Map<string, string[] | undefined>();

  constructor(readonly root: string) {}

  /** The URI of a workspace path; refuses anything outside the workspace. */
  uri(file: string): vscode.Uri {
    return vscode.Uri.file(resolveInWorkspace(this.root, file).abs);
  }

  /** Workspace-relative '/' path, or the absolute path of a file outside the workspace (a library). */
  rel(uri: vscode.Uri): string {
    if (uri.scheme !== 'file') return uri.toString();
    const relative = path.relative(this.root, uri.fsPath);
    return leavesBase(relative) ? uri.fsPath : toPosix(relative);
  }

  isInside(uri: vscode.Uri): boolean {
    return uri.scheme === 'file' && !path.isAbsolute(this.rel(uri));
  }

  /** Opens the document (language servers answer for open documents) and converts the position. */
  async open(at: SourcePosition): Promise<{ document: vscode.TextDocument; position: vscode.Position }> {
    const document = await vscode.workspace.openTextDocument(this.uri(at.file));
    if (at.line > document.lineCount) throw invalidArgument(`line ${at.line} is past the end of ${at.file}, which has ${document.lineCount} lines.`);
    const text = document.lineAt(at.line - 1).text;
    return { document, position: new vscode.Position(at.line - 1, codePointsToUtf16(text, at.character)) };
  }

  toVsRange(document: vscode.TextDocument, range: SourceRange): vscode.Range {
    const line = (n: number) => (n - 1 < document.lineCount ? document.lineAt(n - 1).text : '');
    return new vscode.Range(
      range.start.line - 1,
      codePointsToUtf16(line(range.start.line), range.start.character),
      range.end.line - 1,
      codePointsToUtf16(line(range.end.line), range.end.character),
    );
  }

  range(uri: vscode.Uri, range: vscode.Range): SourceRange {
    return {
      file: this.rel(uri),
      start: this.point(uri, range.start),
      end: this.point(uri, range.end),
    };
  }

  point(uri: vscode.Uri, p: vscode.Position): { line: number; character: number } {
    const text = this.lineText(uri, p.line);
    return { line: p.line + 1, character: text === undefined ? p.character + 1 : utf16ToCodePoints(text, p.character) };
  }

  /**
   * The text of one line: from an open editor (what the language server saw), else from disk for files
   * inside the workspace. Files outside it are never read; their characters stay UTF-16 based.
   */
  private lineText(uri: vscode.Uri, line: number): string | undefined {
    const key = uri.toString();
    if (!this.lines.has(key)) {
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
      let lines: string[] | undefined;
      if (open) lines = open.getText().split(/\r?\n/);
      else if (this.isInside(uri)) {
        try {
          lines = fs.readFileSync(uri.fsPath, 'utf8').split(/\r?\n/);
        } catch {
          lines = undefined;
        }
      }
      this.lines.set(key, lines);
    }
    return this.lines.get(key)?.[line];
  }
}

/** 1-based code-point character → 0-based UTF-16 offset, clamped to the line. */
export function codePointsToUtf16(text: string, character: number): number {
  return [...text].slice(0, Math.max(0, character - 1)).join('').length;
}

/** 0-based UTF-16 offset → 1-based code-point character. */
export function utf16ToCodePoints(text: string, offset: number): number {
  return [...text.slice(0, offset)].length + 1;
}
