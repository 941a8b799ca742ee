import * as vscode from 'vscode';
import type { Logger } from '../common/log';
import { LoopbackMcpHttpServer, type LoopbackEndpoint } from '../mcp/http';
import { createMcpServer, setEnabledTools } from '../mcp/server';
import { toolListHash, withDefaultMaxTokens } from '../mcp/tool-list';
import { ALL_TOOLS } from '../tools/registry';
import type { ToolContext, ToolDefinition, ToolGroup } from '../tools/shared/tool';

export const MCP_PROVIDER_ID = 'sightline.mcp';
export const MCP_LABEL = 'Sightline';

/**
 * The window's MCP server: loopback HTTP, one McpServer per session built by the CLI's factory, announced
 * to VS Code through the MCP server definition provider. Its `version` is the extension version plus a
 * hash of the offered tools, so VS Code refetches its tool cache when the settings change the list.
 */
export class McpHost implements vscode.Disposable {
  private readonly http: LoopbackMcpHttpServer;
  private readonly changed = new vscode.EventEmitter<void>();
  private tools: ToolDefinition[] = [];
  private enabled = new Set<string>();

  constructor(
    private readonly extensionVersion: string,
    private readonly context: Omit<ToolContext, 'signal'>,
    private readonly logger: Logger,
    groups: readonly ToolGroup[],
    maxTokens: number,
  ) {
    this.configure(groups, maxTokens);
    // Every tool is registered on every session and only the enabled ones are offered, so a change of
    // groups reaches live sessions as tools/list_changed. A new max_tokens default reaches new sessions.
    this.http = new LoopbackMcpHttpServer({
      logger,
      createServer: () => {
        const server = createMcpServer({ version: this.version, tools: this.tools, context: this.context });
        setEnabledTools(server, this.enabled);
        return server;
      },
    });
  }

  get version(): string {
    return `${this.extensionVersion}+${toolListHash(this.tools.filter((t) => this.enabled.has(t.name)))}`;
  }

  get offeredTools(): string[] {
    return this.tools.filter((t) => this.enabled.has(t.name)).map((t) => t.name);
  }

  start(): Promise<LoopbackEndpoint> {
    return this.http.start();
  }

  endpoint(): LoopbackEndpoint {
    return this.http.endpoint();
  }

  stats() {
    return this.http.stats();
  }

  /** Registers the definition provider; VS Code lists the server and starts it when a tool is needed. */
  register(): vscode.Disposable {
    return vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: this.changed.event,
      provideMcpServerDefinitions: () => {
        const { url, token } = this.http.endpoint();
        return [new vscode.McpHttpServerDefinition(MCP_LABEL, vscode.Uri.parse(url), { Authorization: `Bearer ${token}` }, this.version)];
      },
      resolveMcpServerDefinition: (definition) => definition,
    });
  }

  /** Applies `sightline.tools` / `sightline.maxTokens`; tells VS Code and live sessions when the list changed. */
  update(groups: readonly ToolGroup[], maxTokens: number): void {
    const before = this.version;
    this.configure(groups, maxTokens);
    if (this.version === before) return;
    for (const server of this.http.liveServers()) setEnabledTools(server, this.enabled);
    this.logger.log('info', `Offered tools changed (${this.enabled.size}): ${this.offeredTools.join(', ')}`);
    this.changed.fire();
  }

  private configure(groups: readonly ToolGroup[], maxTokens: number): void {
    this.tools = withDefaultMaxTokens(ALL_TOOLS, maxTokens);
    this.enabled = new Set(this.tools.filter((t) => groups.includes(t.group)).map((t) => t.name));
  }

  dispose(): void {
    this.http.dispose();
    this.changed.dispose();
  }
}
