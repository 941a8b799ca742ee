import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolOutcome } from '../tools/shared/invoke';

/**
 * A tool outcome as an MCP result. Success: compact JSON text plus the same object as structuredContent.
 * Error (already mapped by invokeTool): `isError` with one text block, `Error (<kind>): <sentence>`, and no
 * structuredContent — every tool declares an outputSchema, and the SDK's client validates any
 * structuredContent against it, errors included, so an error object there would fail as a protocol error.
 */
export function toCallToolResult(outcome: ToolOutcome<Record<string, unknown>>): CallToolResult {
  if (outcome.ok) return { content: [{ type: 'text', text: JSON.stringify(outcome.value) }], structuredContent: outcome.value };
  return { isError: true, content: [{ type: 'text', text: `Error (${outcome.error.kind}): ${outcome.error.message}` }] };
}
