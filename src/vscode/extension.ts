import * as vscode from 'vscode';
import { errorMessage } from '../common/errors';
import { registerBlastRadiusPanel } from '../panel';
import { readSettings } from './settings';
import { registerCommands } from './commands';
import { createChannelLogger } from './log-channel';
import { SightlineExtension, type SightlineApi } from './sightline';

export type { SightlineApi };

/**
 * Builds the one SightlineExtension that owns everything. VS Code does not tell the user when activation
 * fails, so a failure shows one message with "Show Log"; commands stay registered and say why they can't run.
 */
export async function activate(context: vscode.ExtensionContext): Promise<SightlineApi | undefined> {
  const channel = vscode.window.createOutputChannel('Sightline', { log: true });
  context.subscriptions.push(channel);
  const logger = createChannelLogger(channel);
  let extension: SightlineExtension | undefined;
  let settled!: () => void;
  // A Blast Radius panel restored after a reload waits for this before it recomputes.
  const started = new Promise<void>((resolve) => (settled = resolve));
  context.subscriptions.push(...registerCommands(channel, () => extension));
  registerBlastRadiusPanel(context, { getWorkspaces: () => extension?.folders.workspaces, whenIndexed: () => started.then(() => extension?.folders.whenIndexed()), maxTokens: () => readSettings().maxTokens }, logger);
  try {
    const created = new SightlineExtension(context, logger);
    context.subscriptions.push(created);
    await created.start();
    extension = created;
    return created.api();
  } catch (e) {
    logger.log('error', `Sightline failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    void vscode.window.showErrorMessage(`Sightline failed to start: ${errorMessage(e)}`, 'Show Log').then((choice) => choice && channel.show());
    return undefined;
  } finally {
    settled();
  }
}

export function deactivate(): void {
  // Everything is owned by context.subscriptions.
}
