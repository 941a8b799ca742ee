import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RingLogger } from '../common/log';
import type { Workspaces } from '../engine/workspaces';
import { indexOnlyFeatures } from '../engine/language-features';
import { readSettings } from '../vscode/settings';
import { computeBlastRadius } from './compute';
import { blastRadiusHtml, newNonce } from './html';
import type { BlastRadiusRequest, HostMessage } from './protocol';
import { resolveOpenRequest } from './targets';
import { parseWebviewMessage } from './webview-messages';

export const VIEW_TYPE = 'sightline.blastRadius';

export interface PanelServices {
  extensionUri: vscode.Uri;
  /** The open folders' engines, or undefined while the extension is still starting them. */
  getWorkspaces(): Workspaces | undefined;
  logger: RingLogger;
}

/** What to compute: the tool's arguments, plus the absolute root of the folder to ask. */
export interface PanelRequest {
  target: string;
  depth: number;
  root?: string;
}

const NOT_STARTED = 'Sightline has no index yet: it is still starting, or it could not start. Try again in a moment; the Sightline log (Sightline: Show Log) says which.';

/**
 * The one Blast Radius panel. A second "Show Blast Radius" reuses and re-targets it. The webview gets data
 * only by postMessage; what it posts back is validated here like untrusted input.
 */
export class BlastRadiusPanel {
  private static current: BlastRadiusPanel | undefined;

  private readonly disposables: vscode.Disposable[] = [];
  private request: PanelRequest;
  /** The last message posted, re-sent when the webview (re)loads and asks with `ready`. */
  private last: HostMessage | undefined;
  /** Root of the folder that produced the shown result: `open` requests are checked against it. */
  private resultRoot: string | undefined;
  /** Counts runs so a slow earlier answer never overwrites a newer one. */
  private generation = 0;
  private disposed = false;

  /** Shows the panel (creating it once) and computes `request`; resolves to what the panel shows. */
  static async show(services: PanelServices, request: PanelRequest): Promise<HostMessage> {
    const sourceColumn = vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.One;
    if (BlastRadiusPanel.current) {
      BlastRadiusPanel.current.panel.reveal(vscode.ViewColumn.Beside, true);
      BlastRadiusPanel.current.sourceColumn = sourceColumn;
    } else {
      const mediaRoot = vscode.Uri.joinPath(services.extensionUri, 'dist', 'media');
      const panel = vscode.window.createWebviewPanel(VIEW_TYPE, 'Blast Radius', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
        enableScripts: true,
        localResourceRoots: [mediaRoot],
      });
      BlastRadiusPanel.current = new BlastRadiusPanel(panel, services, mediaRoot, sourceColumn, request);
    }
    return BlastRadiusPanel.current.run(request);
  }

  /** The panel on screen, if any (tests and the command use it to re-run). */
  static get instance(): BlastRadiusPanel | undefined {
    return BlastRadiusPanel.current;
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly services: PanelServices,
    mediaRoot: vscode.Uri,
    private sourceColumn: vscode.ViewColumn,
    request: PanelRequest,
  ) {
    this.request = request;
    const webview = panel.webview;
    webview.html = blastRadiusHtml(
      {
        cspSource: webview.cspSource,
        scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'blast-radius.js')).toString(),
        styleUri: webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'blast-radius.css')).toString(),
      },
      newNonce(),
    );
    this.disposables.push(
      webview.onDidReceiveMessage((raw: unknown) => void this.onMessage(raw)),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  get lastMessage(): HostMessage | undefined {
    return this.last;
  }

  /** Computes the blast radius with the same handler agents call and posts each step to the webview. */
  async run(request: PanelRequest): Promise<HostMessage> {
    this.request = request;
    const generation = ++this.generation;
    const workspaces = this.services.getWorkspaces();
    if (!workspaces || workspaces.engines.length === 0) {
      return this.post({ type: 'error', error: { kind: 'notReady', message: workspaces ? 'No workspace folder is open. Open a folder to see a blast radius.' : NOT_STARTED } });
    }
    const engine = workspaces.engines.find((e) => e.root === request.root) ?? workspaces.engines[0];
    const shown: BlastRadiusRequest = { target: request.target, depth: request.depth, workspace: path.basename(engine.root) };
    this.panel.title = `Blast Radius: ${request.target}`;
    this.post({ type: 'loading', request: shown, indexing: engine.status !== 'ready' });
    // The budget agents get by default (`sightline.maxTokens`), so a cut answer here is cut for them too.
    const maxTokens = readSettings().maxTokens;
    const outcome = await computeBlastRadius({ workspaces, features: indexOnlyFeatures, logger: this.services.logger }, { target: request.target, depth: request.depth, maxTokens, workspace: engine.root });
    // A newer run started while this one computed: its answer wins.
    if (generation !== this.generation || this.disposed) return this.last ?? { type: 'error', error: { kind: 'cancelled', message: 'Superseded by a newer run.' } };
    if (!outcome.ok) return this.post({ type: 'error', request: shown, error: outcome.error });
    this.resultRoot = outcome.engine.root;
    return this.post({ type: 'result', request: shown, result: outcome.result });
  }

  private post(message: HostMessage): HostMessage {
    this.last = message;
    if (!this.disposed) void this.panel.webview.postMessage(message);
    return message;
  }

  private async onMessage(raw: unknown): Promise<void> {
    const message = parseWebviewMessage(raw);
    if (!message) {
      this.services.logger.log('warn', `Blast Radius panel: ignored an invalid message from the webview: ${JSON.stringify(raw)?.slice(0, 200)}`);
      return;
    }
    switch (message.type) {
      case 'ready':
        if (this.last) void this.panel.webview.postMessage(this.last);
        return;
      case 'rerun':
        await this.run({ ...this.request, depth: message.depth ?? this.request.depth });
        return;
      case 'open':
        await this.open(message.file, message.line);
        return;
    }
  }

  private async open(file: string, line: number): Promise<void> {
    if (!this.resultRoot) return;
    const resolved = resolveOpenRequest(this.resultRoot, file);
    if ('error' in resolved) {
      this.services.logger.log('warn', `Blast Radius panel: refused to open ${file}: ${resolved.error.message}`);
      void vscode.window.showWarningMessage(`Sightline will not open ${file}: ${resolved.error.message}`);
      return;
    }
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(resolved.abs));
    const position = new vscode.Position(Math.min(line, document.lineCount) - 1, 0);
    await vscode.window.showTextDocument(document, { viewColumn: this.sourceColumn, selection: new vscode.Range(position, position), preview: true });
  }

  /** Safe to call twice: VS Code fires onDidDispose after panel.dispose() too. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (BlastRadiusPanel.current === this) BlastRadiusPanel.current = undefined;
    this.panel.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
