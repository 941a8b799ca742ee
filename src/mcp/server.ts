import * as path from 'node:path';
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createToolContext } from '../tools/context';
import type { ToolContext, ToolDefinition } from '../tools/tool';
import { errorResult, okResult } from './results';
import { isSightlineError, SightlineError } from '../common/errors';

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
      { title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: { title: tool.title, ...tool.annotations } },
      async (args: Record<string, unknown>, extra) => {
        const ctx = createToolContext(options.context, tool.name, extra.signal);
        try {
          const value = await tool.handler(args as never, ctx);
          const engine = ctx.workspaces.pick((args.workspace ?? args.repository) as string | undefined, args.file as string | undefined);
          return okResult({ ...value, freshness: engine.freshness() });
        } catch (e) {
          return errorResult(withFolderHint(e, ctx, args), ctx.logger, tool.name);
        }
      },
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

/**
 * With several folders open, a tool called without `workspace` looks only in the first one: a "not found"
 * there must not read as "not in the workspace". Say where it looked and how to look elsewhere.
 */
function withFolderHint(e: unknown, ctx: ToolContext, args: Record<string, unknown>): unknown {
  const engines = ctx.workspaces.engines;
  if (!isSightlineError(e) || e.kind !== 'notFound' || engines.length < 2 || args.workspace || args.repository) return e;
  if (typeof args.file === 'string' && path.isAbsolute(args.file)) return e;
  const [first, ...others] = ctx.workspaces.names;
  return new SightlineError(e.kind, `${e.message} (Looked in the first workspace folder, ${first}; also open: ${others.join(', ')} — pass workspace to look there.)`, e.data);
}
