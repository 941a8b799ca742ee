import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RingLogger } from '../common/log';
import type { Workspaces } from '../engine/workspaces';
import { IndexLanguageFeatures } from '../engine/index-features';
import { computeBlastRadius } from './compute';
import { blastRadiusHtml, newNonce } from './html';
import { IndexFollower } from './index-follower';
import type { BlastRadiusRequest, HostMessage } from './protocol';
import { resolveOpenRequest } from './targets';
import { parseSavedRequest, parseWebviewMessage } from './webview-messages';

export const VIEW_TYPE = 'sightline.blastRadius';

export interface PanelServices {
  extensionUri: vscode.Uri;
  /** The open folders' engines, or undefined while the extension is still starting them. */
  getWorkspaces(): Workspaces | undefined;
  /** Settles once the extension has started and indexed its folders, or failed to start. */
  whenIndexed(): Promise<void>;
  /** The budget agents get by default (setting `sightline.maxTokens`), so a cut answer here is cut for them too. */
  maxTokens(): number;
  logger: RingLogger;
}

/** What to compute: the tool's arguments, plus the absolute root of the folder to ask. */
export interface PanelRequest {
  target: string;
  depth: number;
  root?: string;
}

/** Scripts on, and local files from the media folder only; a restored panel needs them set again. */
function webviewOptions(mediaRoot: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [mediaRoot] };
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
  /** Recomputes, without a loading flash, when the index of the folder shown changes. */
  private readonly follower = new IndexFollower(() => void this.run(this.request, { quiet: true }));

  /** Shows the panel (creating it once) and computes `request`; resolves to what the panel shows. */
  static async show(services: PanelServices, request: PanelRequest): Promise<HostMessage> {
    const sourceColumn = vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.One;
    if (BlastRadiusPanel.current) {
      BlastRadiusPanel.current.panel.reveal(vscode.ViewColumn.Beside, true);
      BlastRadiusPanel.current.sourceColumn = sourceColumn;
    } else {
      const mediaRoot = vscode.Uri.joinPath(services.extensionUri, 'dist', 'media');
      const panel = vscode.window.createWebviewPanel(VIEW_TYPE, 'Blast Radius', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, webviewOptions(mediaRoot));
      BlastRadiusPanel.current = new BlastRadiusPanel(panel, services, mediaRoot, sourceColumn, request);
    }
    return BlastRadiusPanel.current.run(request);
  }

  /**
   * Takes back a panel VS Code restored after a window reload (its serializer calls this). The webview redraws
   * its saved answer at once; this recomputes it against the current index once the folders are indexed, so
   * what stays on screen is never an answer from before the reload. A state without a request is closed.
   */
  static async restore(services: PanelServices, panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const saved = parseSavedRequest(state);
    // One panel at a time: a panel opened by the command before this restore wins.
    if (!saved || BlastRadiusPanel.current) {
      panel.dispose();
      return;
    }
    const mediaRoot = vscode.Uri.joinPath(services.extensionUri, 'dist', 'media');
    panel.webview.options = webviewOptions(mediaRoot);
    const sourceColumn = vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.One;
    const restored = new BlastRadiusPanel(panel, services, mediaRoot, sourceColumn, { target: saved.target, depth: saved.depth });
    BlastRadiusPanel.current = restored;
    await services.whenIndexed();
    if (restored.disposed || restored.generation > 0) return;
    const root = services.getWorkspaces()?.engines.find((e) => path.basename(e.root) === saved.workspace)?.root;
    await restored.run({ target: saved.target, depth: saved.depth, root });
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

  /**
   * Computes the blast radius with the same handler agents call and posts each step to the webview;
   * `quiet` (a refresh after the index changed) keeps the current answer on screen until the new one is there.
   */
  async run(request: PanelRequest, { quiet = false } = {}): Promise<HostMessage> {
    this.request = request;
    const generation = ++this.generation;
    const workspaces = this.services.getWorkspaces();
    if (!workspaces || workspaces.engines.length === 0) {
      return this.post({ type: 'error', error: { kind: 'notReady', message: workspaces ? 'No workspace folder is open. Open a folder to see a blast radius.' : NOT_STARTED } });
    }
    const engine = workspaces.engines.find((e) => e.root === request.root) ?? workspaces.engines[0];
    const shown: BlastRadiusRequest = { target: request.target, depth: request.depth, workspace: path.basename(engine.root) };
    this.panel.title = `Blast Radius: ${request.target}`;
    this.follower.follow(engine);
    if (!quiet) this.post({ type: 'loading', request: shown, indexing: engine.status !== 'ready' });
    const maxTokens = this.services.maxTokens();
    const outcome = await computeBlastRadius({ workspaces, features: new IndexLanguageFeatures(workspaces), logger: this.services.logger }, { target: request.target, depth: request.depth, maxTokens, workspace: engine.root });
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
    this.follower.dispose();
    this.panel.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
