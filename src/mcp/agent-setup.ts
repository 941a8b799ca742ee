/**
 * One-step setup of Sightline for the agents people run beside VS Code. Pure functions: the extension's
 * **Copy MCP Configuration** quick pick (src/vscode) shows them, the README documents them, tests pin them.
 * Every agent gets the same stdio command — `node <dist/cli.js> bridge --root <folder>` — which reaches the VS Code
 * window that has the folder open (its language servers included) and serves headless from the index otherwise.
 */
import { SERVER_NAME } from './server';

export type AgentId = 'claude-code' | 'cursor' | 'copilot-cli' | 'claude-desktop' | 'generic';

/** What starts the bridge: the Node binary, the bundled CLI, the folder the agent works in. */
export interface BridgeCommand {
  node: string;
  cli: string;
  root?: string;
}

/** The window's own HTTP endpoint, for clients that speak streamable HTTP (valid until the window restarts). */
export interface HttpEndpoint {
  url: string;
  token: string;
}

export interface AgentSetup {
  id: AgentId;
  /** Quick pick label. */
  label: string;
  /** Where the text goes, in one line. */
  where: string;
  /** What to copy: a shell command or a JSON file's content. */
  text: string;
}

function bridgeArgs(cmd: BridgeCommand): string[] {
  return [cmd.cli, 'bridge', ...(cmd.root ? ['--root', cmd.root] : [])];
}

/** POSIX shell quoting: a word with anything beyond safe characters goes in single quotes. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The stdio server entry most clients take (Cursor, Claude Desktop, and the generic form). */
export function stdioServer(cmd: BridgeCommand): { command: string; args: string[] } {
  return { command: cmd.node, args: bridgeArgs(cmd) };
}

export function agentSetup(id: AgentId, cmd: BridgeCommand, http?: HttpEndpoint): AgentSetup {
  switch (id) {
    case 'claude-code':
      return {
        id,
        label: 'Claude Code',
        where: 'Run in a terminal, in the project folder (adds the server for this project).',
        text: `claude mcp add ${SERVER_NAME} -- ${[cmd.node, ...bridgeArgs(cmd)].map(shellQuote).join(' ')}\n`,
      };
    case 'cursor':
      return { id, label: 'Cursor', where: 'Save as .cursor/mcp.json in the project (or ~/.cursor/mcp.json for every project).', text: json({ mcpServers: { [SERVER_NAME]: stdioServer(cmd) } }) };
    case 'copilot-cli':
      return {
        id,
        label: 'GitHub Copilot CLI',
        where: 'Merge into ~/.copilot/mcp-config.json (or pass the file with copilot --additional-mcp-config).',
        text: json({ mcpServers: { [SERVER_NAME]: { type: 'local', ...stdioServer(cmd), tools: ['*'] } } }),
      };
    case 'claude-desktop':
      return {
        id,
        label: 'Claude Desktop',
        where: 'Merge into claude_desktop_config.json (Settings → Developer → Edit Config), then restart Claude Desktop.',
        text: json({ mcpServers: { [SERVER_NAME]: stdioServer(cmd) } }),
      };
    case 'generic':
      return {
        id,
        label: 'Other MCP client (JSON)',
        where: `"${SERVER_NAME}" is the stdio bridge; "${SERVER_NAME}-http" reaches this VS Code window directly until it restarts.`,
        text: json({
          mcpServers: {
            [SERVER_NAME]: { type: 'stdio', ...stdioServer(cmd) },
            ...(http ? { [`${SERVER_NAME}-http`]: { type: 'http', url: http.url, headers: { Authorization: `Bearer ${http.token}` } } } : {}),
          },
        }),
      };
  }
}

export const AGENT_IDS: readonly AgentId[] = ['claude-code', 'cursor', 'copilot-cli', 'claude-desktop', 'generic'];

export function agentSetups(cmd: BridgeCommand, http?: HttpEndpoint): AgentSetup[] {
  return AGENT_IDS.map((id) => agentSetup(id, cmd, http));
}
