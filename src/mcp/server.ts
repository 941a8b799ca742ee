import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolContext, ToolDefinition } from '../tools/shared/tool';
import { invokeTool } from '../tools/shared/invoke';
import { toCallToolResult } from './results';

export const SERVER_NAME = 'sightline';

export interface ServerOptions {
  version: string;
  tools: readonly ToolDefinition[];
  context: Omit<ToolContext, 'signal' | 'deadline'>;
}

const INSTRUCTIONS =
  'Sightline answers questions about this workspace\'s code: who calls what (find_callers, find_callees, blast_radius), structure ' +
  '(repo_summary, dependency_graph, structural_search), navigation (go_to_definition, find_references), and retrieval over code and ' +
  'markdown docs (list_repositories, route, outline, retrieve, search_symbols, then read_node, read_chunk, wiki_page, read_file_range). Positions are 1-based. ' +
  'Symbols can be named by name, `Class.method`, or a symbol_id returned by any tool. Every answer carries `freshness`.';

/**
 * Builds an MCP server with the given tools. Transport-agnostic: the CLI connects it to stdio, the extension
 * to loopback HTTP (one server per session).
 */
export function createMcpServer(options: ServerOptions): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: options.version }, { instructions: INSTRUCTIONS });
  const handles = new Map<string, RegisteredTool>();
  registered.set(server, handles);
  for (const tool of options.tools) {
    const handle = server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: { title: tool.title, ...tool.annotations },
      },
      async (args: Record<string, unknown>, extra) => toCallToolResult(await invokeTool(tool, args, { ...options.context, signal: extra.signal })),
    );
    handles.set(tool.name, handle);
  }
  return server;
}

const registered = new WeakMap<McpServer, Map<string, RegisteredTool>>();

/**
 * Offers exactly the named tools on a live server (the others stay registered, disabled). The SDK sends
 * `notifications/tools/list_changed` to the client, so a settings change reaches sessions already open.
 */
export function setEnabledTools(server: McpServer, names: ReadonlySet<string>): void {
  for (const [name, handle] of registered.get(server) ?? []) {
    if (names.has(name) && !handle.enabled) handle.enable();
    else if (!names.has(name) && handle.enabled) handle.disable();
  }
}
