import * as vscode from 'vscode';
import type { IndexSummary } from './folders';

/** Status bar: indexing… / N symbols / error; a click opens the log. */
export class IndexStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('sightline.status', vscode.StatusBarAlignment.Left, 0);

  constructor() {
    this.item.name = 'Sightline';
    this.item.command = 'sightline.showLog';
    this.show({ state: 'indexing', symbols: 0, folders: 0 });
    this.item.show();
  }

  show(s: IndexSummary): void {
    switch (s.state) {
      case 'indexing':
        this.item.text = '$(sync~spin) Sightline: indexing…';
        this.item.tooltip = 'Sightline is indexing the workspace. Click to show the log.';
        this.item.backgroundColor = undefined;
        break;
      case 'ready':
        this.item.text = `$(references) Sightline: ${s.symbols.toLocaleString('en-US')} symbols`;
        this.item.tooltip = `${s.symbols} symbols in ${s.folders} folder${s.folders === 1 ? '' : 's'}. Click to show the log.`;
        this.item.backgroundColor = undefined;
        break;
      case 'error':
        this.item.text = '$(error) Sightline: index failed';
        this.item.tooltip = `${s.error ?? 'Indexing failed'}. Click to show the log.`;
        this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
        break;
      case 'empty':
        this.item.text = '$(references) Sightline: no folder';
        this.item.tooltip = 'Open a folder to index it. Click to show the log.';
        this.item.backgroundColor = undefined;
        break;
    }
  }

  get text(): string {
    return this.item.text;
  }

  dispose(): void {
    this.item.dispose();
  }
}
