import * as vscode from 'vscode';
import { errorMessage } from '../common/errors';
import { createChannelLogger } from './log';

export interface SightlineApi {
  readonly version: string;
}

export async function activate(context: vscode.ExtensionContext): Promise<SightlineApi> {
  const channel = vscode.window.createOutputChannel('Sightline', { log: true });
  context.subscriptions.push(channel);
  const logger = createChannelLogger(channel);
  context.subscriptions.push(vscode.commands.registerCommand('sightline.showLog', () => channel.show()));
  try {
    const version = String(context.extension.packageJSON.version);
    logger.log('info', `Sightline ${version} activated`);
    return { version };
  } catch (e) {
    logger.log('error', `activation failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    void vscode.window.showErrorMessage(`Sightline could not start: ${errorMessage(e)}`, 'Show Log').then((choice) => choice && channel.show());
    throw e;
  }
}

export function deactivate(): void {
  // Everything is owned by context.subscriptions.
}
