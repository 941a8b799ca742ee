import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Logger } from '../common/log';
import { errorMessage } from '../common/errors';
import type { WindowLock } from '../mcp/lockfile';

/**
 * Relays MCP messages between an agent on stdio and a VS Code window's loopback HTTP endpoint, unchanged:
 * the agent gets the window's tools, language servers included. Resolves when either side closes.
 */
export async function runBridge(lock: WindowLock, logger: Logger): Promise<void> {
  const url = new URL(`http://127.0.0.1:${lock.port}/mcp`);
  const http = new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${lock.token}` } } });
  const stdio = new StdioServerTransport();
  let closing = false;
  const done = new Promise<void>((resolve) => {
    const close = (why: string) => {
      if (closing) return;
      closing = true;
      logger.log('info', `Bridge closing: ${why}.`);
      void http.close().catch(() => undefined);
      void stdio.close().catch(() => undefined);
      resolve();
    };
    http.onclose = () => close('the VS Code window closed the connection');
    stdio.onclose = () => close('the agent closed stdin');
    http.onerror = (e) => logger.log('warn', `Bridge HTTP error: ${errorMessage(e)}`);
    stdio.onerror = (e) => logger.log('warn', `Bridge stdio error: ${errorMessage(e)}`);
  });
  stdio.onmessage = (message) => {
    http.send(message).catch((e) => {
      logger.log('error', `Could not reach the VS Code window on port ${lock.port}: ${errorMessage(e)}`);
      // Answer a request the window never saw, so the agent is not left waiting.
      if ('id' in message && 'method' in message) {
        void stdio.send({ jsonrpc: '2.0', id: message.id, error: { code: -32000, message: `Sightline bridge: the VS Code window on port ${lock.port} did not answer (${errorMessage(e)}). Is it still open?` } });
      }
    });
  };
  http.onmessage = (message) => {
    void stdio.send(message).catch((e) => logger.log('warn', `Could not write to the agent: ${errorMessage(e)}`));
  };
  await http.start();
  await stdio.start();
  logger.log('info', `Bridging stdio to the VS Code window (pid ${lock.pid}) serving ${lock.folders.join(', ')} on port ${lock.port}.`);
  await done;
}
