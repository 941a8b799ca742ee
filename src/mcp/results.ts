import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { asSightlineError, errorMessage } from '../common/errors';
import type { Logger } from '../common/log';

/** A successful tool result: compact JSON text plus the same object as structuredContent. */
export function okResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/**
 * The one place errors become tool results. A SightlineError's message is written for the agent and passes
 * through; anything else is an internal error: logged with its stack, and the agent gets one honest sentence.
 * The structured form reads as an error on its own, because VS Code shows only structuredContent to the model.
 */
export function errorResult(e: unknown, logger: Logger, tool: string): CallToolResult {
  let kind: string;
  let message: string;
  let data: Record<string, unknown> | undefined;
  const known = asSightlineError(e);
  if (known) {
    kind = known.kind;
    message = known.message;
    data = known.data;
  } else {
    kind = 'internal';
    message = `${tool} failed inside Sightline: ${errorMessage(e)}. This is a bug; the details are in server_logs.`;
    logger.log('error', `${tool} threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
  const error = { kind, message, ...(data ?? {}) };
  return { isError: true, content: [{ type: 'text', text: `Error (${kind}): ${message}` }], structuredContent: { error } };
}
