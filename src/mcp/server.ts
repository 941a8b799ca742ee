import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolContext, ToolDefinition } from '../tools/shared/tool';
import { invokeTool } from '../tools/shared/invoke';
import { toCallToolResult } from './results';
import { listedAnnotations, listedInputSchema, withoutSchemaLine } from './tool-list';

export const SERVER_NAME = 'sightline';

export interface ServerOptions {
  version: string;
  tools: readonly ToolDefinition[];
  context: Omit<ToolContext, 'signal' | 'deadline'>;
}

/**
 * What every tool shares is said here once, not in each tool's schema: clients put these instructions in the
 * agent's context beside the tool list (see bench/tool-list.ts for what the list costs).
 */
const INSTRUCTIONS =
  'Sightline answers questions about this workspace\'s code: who calls what (find_callers, find_callees, blast_radius), structure ' +
  '(repo_summary, dependency_graph, structural_search), navigation (go_to_definition, find_references, hover), and retrieval over code and ' +
  'markdown docs (list_repositories, route, outline, retrieve, search_symbols, then read_node, read_chunk, wiki_page, read_file_range). ' +
  'Conventions of every tool: a position is `file` (workspace-relative or absolute) + `line` + `character`, 1-based, characters in Unicode code points; ' +
  'where a tool takes a position it also takes `symbol` instead: a name (nested functions and object-literal methods too), `Class.method`, a symbol_id (`src/a.ts#Class.method`) returned by any tool, or `path:line` (`src/a.ts:120`, the symbol enclosing that line). ' +
  'An ambiguous name returns the candidates. `max_tokens` is the answer\'s token budget: a cut answer says `truncated: true` and, in `hint`, how to get the rest. ' +
  '`workspace` (or `repository`) picks a folder when several are open; default the first. `min_confidence` (default 0.5) drops call edges ' +
  'guessed from names only; 0 keeps them. `dispatch` (default true): calls of a base, interface or trait method also reach its overrides; false leaves those edges out. Every answer carries `freshness` (when the index was updated, files changed since).';

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
        // No title: clients show the name, and the list is in every agent's context (bench/tool-list.ts).
        description: tool.description,
        inputSchema: listedInputSchema(tool.inputSchema),
        // The tool's listed result schema (outputs.ts: the keys every answer has, their top-level types, nested parts
        // open), without the `$schema` line: clients check answers against it, so it must say what is certain.
        outputSchema: withoutSchemaLine(tool.outputSchema),
        annotations: listedAnnotations(tool.annotations),
      },
      async (args: Record<string, unknown>, extra) => toCallToolResult(await invokeTool(tool, args, { ...options.context, signal: extra.signal })),
    );
    // The SDK lists `execution: { taskSupport: 'forbidden' }` on every tool; an absent `execution` means the same.
    handle.execution = undefined;
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
