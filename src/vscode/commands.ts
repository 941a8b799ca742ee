import * as vscode from 'vscode';
import { notReady } from '../common/errors';
import type { SightlineExtension } from './sightline';

export const COMMANDS = {
  reindex: 'sightline.reindex',
  showLog: 'sightline.showLog',
  copyMcpConfiguration: 'sightline.copyMcpConfiguration',
} as const;

/**
 * Registered in every state: when start-up failed, a command says so (with the log one click away)
 * instead of vanishing.
 */
export function registerCommands(channel: vscode.LogOutputChannel, extension: () => SightlineExtension | undefined): vscode.Disposable[] {
  const ready = (): SightlineExtension => {
    const ext = extension();
    if (!ext) {
      void vscode.window.showErrorMessage('Sightline is not running: it failed to start.', 'Show Log').then((c) => c && channel.show());
      throw notReady('Sightline failed to start; see the Sightline log.');
    }
    return ext;
  };
  return [
    vscode.commands.registerCommand(COMMANDS.showLog, () => channel.show()),
    vscode.commands.registerCommand(COMMANDS.reindex, async () => {
      const ext = ready();
      await ext.folders.indexAll('Reindexing');
      const s = ext.folders.summary();
      if (s.state === 'error') void vscode.window.showErrorMessage(`Sightline: indexing failed (${s.error}).`, 'Show Log').then((c) => c && channel.show());
      else void vscode.window.setStatusBarMessage(`Sightline: ${s.symbols} symbols indexed`, 5000);
      return s;
    }),
    vscode.commands.registerCommand(COMMANDS.copyMcpConfiguration, async () => {
      const config = ready().mcpConfiguration();
      await vscode.env.clipboard.writeText(JSON.stringify(config, null, 2));
      void vscode.window.showInformationMessage(
        'Sightline: MCP configuration copied. "sightline" bridges over stdio to the VS Code window that has the agent\'s folder open; "sightline-http" reaches this window directly until it restarts.',
      );
      return config;
    }),
  ];
}
