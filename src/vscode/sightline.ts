import * as path from 'node:path';
import * as vscode from 'vscode';
import { DisposableStore } from '../common/disposable';
import { errorMessage } from '../common/errors';
import type { RingLogger } from '../common/log';
import { ProviderCalls } from '../engine/provider-calls';
import type { Workspaces } from '../engine/workspaces';
import type { LoopbackEndpoint } from '../mcp/http';
import { writeLock } from '../mcp/lockfile';
import { type AgentId, type AgentSetup, agentSetup } from '../mcp/agent-setup';
import { FolderEngines } from './folders';
import { VsCodeLanguageFeatures } from './provider-features';
import { IndexLanguageFeatures } from '../engine/index-features';
import { McpHost } from './mcp-host';
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
  lockFile(): string | undefined;
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
  private lock: { file: string; dispose(): void } | undefined;

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
      features: new VsCodeLanguageFeatures(calls, new IndexLanguageFeatures(() => folders.workspaces)),
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
    this.writeLock();
    this.store.add({ dispose: () => this.lock?.dispose() });
    this.store.add(new IndexSync(this.folders));
    this.store.add(
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        this.folders.rebuild(this.settings);
        this.writeLock();
      }),
    );
    this.store.add(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(SECTION)) return;
        this.settings = readSettings();
        if (affectsIndex(e)) this.folders.rebuild(this.settings);
        if (affectsTools(e) || e.affectsConfiguration(`${SECTION}.maxTokens`)) this.mcp.update(this.settings.toolGroups, this.settings.maxTokens);
      }),
    );
    // Trusting the workspace turns the edit group on (if the setting has it) without a reload.
    this.store.add(
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        this.settings = readSettings();
        this.mcp.update(this.settings.toolGroups, this.settings.maxTokens);
      }),
    );
    this.logger.log('info', `Sightline ${this.version} started; MCP server ${endpoint.url}, version ${this.mcp.version}, ${this.mcp.offeredTools.length} tools`);
  }

  /**
   * Announces this window to `sightline bridge` (port, token, folders; a 0600 file in a 0700 folder), so an
   * agent started in one of its folders reaches this window's language servers.
   */
  private writeLock(): void {
    this.lock?.dispose();
    this.lock = undefined;
    const { port, token } = this.mcp.endpoint();
    const folders = this.folders.workspaces.engines.map((e) => e.root);
    if (folders.length === 0) return;
    try {
      this.lock = writeLock({ pid: process.pid, port, token, folders, version: this.version });
      this.logger.log('debug', `Lock file ${this.lock.file} announces this window to sightline bridge`);
    } catch (e) {
      this.logger.log('warn', `Could not write the lock file for sightline bridge (${errorMessage(e)}); agents outside VS Code can still use the copied HTTP configuration.`);
    }
  }

  get lockFile(): string | undefined {
    return this.lock?.file;
  }

  /**
   * For agents outside VS Code: each runs the bundled CLI as a stdio bridge to whichever window has the agent's
   * folder open (it survives window restarts); the generic form adds this window's HTTP address and token.
   */
  agentSetup(id: AgentId): AgentSetup {
    const { url, token } = this.mcp.endpoint();
    const cli = path.join(this.context.extensionPath, 'dist', 'cli.js');
    const root = this.folders.workspaces.engines[0]?.root;
    return agentSetup(id, { node: 'node', cli, root }, { url, token });
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
      lockFile: () => this.lockFile,
    };
  }

  dispose(): void {
    this.store.dispose();
  }
}
