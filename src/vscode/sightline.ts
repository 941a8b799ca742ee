import * as vscode from 'vscode';
import { DisposableStore } from '../common/disposable';
import type { RingLogger } from '../common/log';
import type { Workspaces } from '../engine/workspaces';
import type { LoopbackEndpoint } from '../mcp/http';
import { SERVER_NAME } from '../mcp/server';
import { FolderEngines } from './folders';
import { VsCodeLanguageFeatures } from './language-features';
import { McpHost } from './mcp-host';
import { ProviderCalls } from './provider-calls';
import { affectsIndex, affectsTools, readSettings, SECTION, type Settings } from './settings';
import { IndexStatusItem } from './status';
import { IndexSync } from './sync';

/** What activate() returns: how tests (and other extensions) reach the running instance. */
export interface SightlineApi {
  readonly version: string;
  whenIndexed(): Promise<void>;
  endpoint(): LoopbackEndpoint;
  mcpVersion(): string;
  offeredTools(): string[];
  statusText(): string;
  workspaces(): Workspaces;
  mcpStats(): { sessions: number; openRequests: number };
}

/**
 * The extension's one context object (composition root #2): it builds the services and owns every
 * disposable, so deactivation, a failed start and reloads all release the same way.
 */
export class SightlineExtension implements vscode.Disposable {
  private readonly store = new DisposableStore();
  private settings: Settings = readSettings();
  readonly folders: FolderEngines;
  private readonly mcp: McpHost;
  private readonly status: IndexStatusItem;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly logger: RingLogger,
  ) {
    this.folders = this.store.add(new FolderEngines(context.storageUri, logger));
    this.status = this.store.add(new IndexStatusItem());
    this.store.add(this.folders.onDidChange((s) => this.status.show(s)));
    const calls = new ProviderCalls(() => this.settings.providerTimeoutMs, logger);
    const folders = this.folders;
    const toolContext = {
      // A getter: folders are rebuilt when they or the index settings change, and tools must see the new ones.
      get workspaces() {
        return folders.workspaces;
      },
      features: new VsCodeLanguageFeatures(calls),
      logger,
    };
    this.mcp = this.store.add(new McpHost(this.version, toolContext, logger, this.settings.toolGroups, this.settings.maxTokens));
  }

  get version(): string {
    return String(this.context.extension.packageJSON.version);
  }

  async start(): Promise<void> {
    const endpoint = await this.mcp.start();
    this.store.add(this.mcp.register());
    this.folders.rebuild(this.settings);
    this.store.add(new IndexSync(this.folders));
    this.store.add(vscode.workspace.onDidChangeWorkspaceFolders(() => this.folders.rebuild(this.settings)));
    this.store.add(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(SECTION)) return;
        this.settings = readSettings();
        if (affectsIndex(e)) this.folders.rebuild(this.settings);
        if (affectsTools(e) || e.affectsConfiguration(`${SECTION}.maxTokens`)) this.mcp.update(this.settings.toolGroups, this.settings.maxTokens);
      }),
    );
    this.logger.log('info', `Sightline ${this.version} started; MCP server ${endpoint.url}, version ${this.mcp.version}, ${this.mcp.offeredTools.length} tools`);
  }

  /** For agents outside VS Code that speak streamable HTTP: this window's address and token. */
  mcpConfiguration(): { mcpServers: Record<string, { type: 'http'; url: string; headers: Record<string, string> }> } {
    const { url, token } = this.mcp.endpoint();
    return { mcpServers: { [SERVER_NAME]: { type: 'http', url, headers: { Authorization: `Bearer ${token}` } } } };
  }

  api(): SightlineApi {
    return {
      version: this.version,
      whenIndexed: () => this.folders.whenIndexed(),
      endpoint: () => this.mcp.endpoint(),
      mcpVersion: () => this.mcp.version,
      offeredTools: () => this.mcp.offeredTools,
      statusText: () => this.status.text,
      workspaces: () => this.folders.workspaces,
      mcpStats: () => this.mcp.stats(),
    };
  }

  dispose(): void {
    this.store.dispose();
  }
}
