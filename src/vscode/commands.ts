import * as vscode from 'vscode';
import { notReady } from '../common/errors';
import { AGENT_IDS } from '../mcp/agent-setup';
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
    // With an agent id (tests, the walkthrough) it copies that agent's setup; without, it asks which agent.
    vscode.commands.registerCommand(COMMANDS.copyMcpConfiguration, async (agent?: unknown) => {
      const ext = ready();
      let id = AGENT_IDS.find((a) => a === agent);
      if (!id) {
        const items = AGENT_IDS.map((a) => {
          const setup = ext.agentSetup(a);
          return { label: setup.label, detail: setup.where, id: a };
        });
        id = (await vscode.window.showQuickPick(items, { title: 'Sightline: connect an agent', placeHolder: 'Which agent should use Sightline? Its setup goes to the clipboard.' }))?.id;
        if (!id) return undefined;
      }
      const setup = ext.agentSetup(id);
      await vscode.env.clipboard.writeText(setup.text);
      void vscode.window.showInformationMessage(`Sightline: ${setup.label} setup copied. ${setup.where}`);
      return setup;
    }),
  ];
}
