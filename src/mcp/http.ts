import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Disposable } from '../common/disposable';
import { errorMessage } from '../common/errors';
import { nullLogger, type Logger } from '../common/log';

/** How a LoopbackMcpHttpServer serves: its MCP servers, and its limits. */
export interface LoopbackHttpOptions {
  /** Builds one MCP server per session (the same factory the CLI uses over stdio). */
  createServer: () => McpServer;
  logger?: Logger;
  /** Defaults to 32 random bytes, hex. */
  token?: string;
  /** Largest accepted request body; larger ones get 413. */
  maxBodyBytes?: number;
  /** A session with no request for this long, and no stream open, is closed. */
  sessionIdleMs?: number;
  /** Live sessions at most; one more `initialize` gets 503 (after idle ones are closed to make room). */
  maxSessions?: number;
  /** Open TCP connections at most; a request on one more gets 503 and the connection is closed. */
  maxConnections?: number;
}

export const MCP_PATH = '/mcp';
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
/** A window serves VS Code and a few bridged agents: far more than that is a runaway client or an attack. */
export const DEFAULT_MAX_SESSIONS = 32;
export const DEFAULT_MAX_CONNECTIONS = 64;

interface Session {
  server: McpServer;
  transport: StreamableHTTPServerTransport;
  lastSeen: number;
  openRequests: number;
}

export interface LoopbackEndpoint {
  port: number;
  url: string;
  token: string;
}

/**
 * The in-editor MCP endpoint: streamable HTTP on 127.0.0.1 with an OS-assigned port. It is reachable by
 * every local process and every web page the user opens, so each request must carry the per-window bearer
 * token, a Host naming exactly this address and port (DNS rebinding), and no Origin but its own (browsers).
 * Sessions are stateful: VS Code's client opens a standalone GET stream after `initialize`, which is how
 * `notifications/tools/list_changed` reaches it. Sessions whose client vanished without DELETE expire.
 */
export class LoopbackMcpHttpServer implements Disposable {
  readonly token: string;
  private readonly http: http.Server;
  private readonly sessions = new Map<string, Session>();
  private readonly logger: Logger;
  private readonly maxBodyBytes: number;
  private readonly idleMs: number;
  private readonly maxSessions: number;
  private readonly maxConnections: number;
  private connections = 0;
  private sweeper: NodeJS.Timeout | undefined;
  private port: number | undefined;
  private disposed = false;

  constructor(private readonly options: LoopbackHttpOptions) {
    this.token = options.token ?? randomBytes(32).toString('hex');
    this.logger = options.logger ?? nullLogger;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
    this.http = http.createServer((req, res) => {
      this.handle(req, res).catch((e) => {
        this.logger.log('error', `MCP HTTP request failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        if (!res.headersSent) reply(res, 500, 'Internal error; see the Sightline log.');
        else res.end();
      });
    });
    this.http.on('connection', (socket) => {
      this.connections++;
      socket.once('close', () => this.connections--);
    });
  }

  async start(): Promise<LoopbackEndpoint> {
    if (this.disposed) throw new Error('LoopbackMcpHttpServer.start: the server was disposed.');
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(0, '127.0.0.1', () => {
        this.http.off('error', reject);
        resolve();
      });
    });
    this.port = (this.http.address() as AddressInfo).port;
    const every = Math.max(10, Math.min(this.idleMs / 2, 60_000));
    this.sweeper = setInterval(() => this.expireIdle(), every);
    this.sweeper.unref();
    this.logger.log('info', `MCP server listening on ${this.endpoint().url}`);
    return this.endpoint();
  }

  endpoint(): LoopbackEndpoint {
    if (this.port === undefined) throw new Error('LoopbackMcpHttpServer.endpoint: call start() first.');
    return { port: this.port, url: `http://127.0.0.1:${this.port}${MCP_PATH}`, token: this.token };
  }

  /** The MCP servers of the live sessions, e.g. to change their tool lists when settings change. */
  liveServers(): McpServer[] {
    return [...this.sessions.values()].map((s) => s.server);
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Live sessions, requests in flight (an open SSE stream counts) and open connections: health for `server_logs`. */
  stats(): { sessions: number; openRequests: number; connections: number } {
    let openRequests = 0;
    for (const s of this.sessions.values()) openRequests += s.openRequests;
    return { sessions: this.sessions.size, openRequests, connections: this.connections };
  }

  /** Closes sessions that saw no request for `sessionIdleMs` and have no stream open. */
  expireIdle(now = Date.now()): number {
    let closed = 0;
    for (const [id, session] of this.sessions) {
      if (session.openRequests === 0 && now - session.lastSeen >= this.idleMs) {
        this.logger.log('debug', `MCP session ${id} idle since ${new Date(session.lastSeen).toISOString()}; closing it`);
        this.closeSession(id);
        closed++;
      }
    }
    return closed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearInterval(this.sweeper);
    for (const id of [...this.sessions.keys()]) this.closeSession(id);
    this.http.close();
    this.http.closeAllConnections();
  }

  private closeSession(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    session.transport.close().catch(() => undefined);
    session.server.close().catch(() => undefined);
  }

  /** 403/401 or undefined when the request may proceed. Host and Origin first: they need no secret. */
  private refusal(req: http.IncomingMessage): { status: number; message: string } | undefined {
    const own = `127.0.0.1:${this.port}`;
    if (req.headers.host !== own) return { status: 403, message: `Host must be ${own}.` };
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://${own}`) return { status: 403, message: 'Cross-origin requests are refused.' };
    const auth = req.headers.authorization ?? '';
    const match = /^Bearer (.+)$/.exec(auth);
    if (!match || !sameSecret(match[1], this.token)) return { status: 401, message: 'A valid bearer token is required.' };
    return undefined;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (this.connections > this.maxConnections) {
      this.logger.log('warn', `MCP request refused (503): ${this.connections} connections open, at most ${this.maxConnections}.`);
      return reply(res, 503, `Too many connections to this Sightline window (at most ${this.maxConnections}). Close idle MCP clients and retry.`, { 'retry-after': '5', connection: 'close' });
    }
    const refused = this.refusal(req);
    if (refused) {
      this.logger.log('warn', `MCP request refused (${refused.status}): ${req.method} ${req.url} host=${req.headers.host ?? ''} origin=${req.headers.origin ?? ''}`);
      return reply(res, refused.status, refused.message, refused.status === 401 ? { 'www-authenticate': 'Bearer' } : {});
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (url.pathname !== MCP_PATH) return reply(res, 404, `Not found; the MCP endpoint is ${MCP_PATH}.`);
    if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'DELETE') return reply(res, 405, 'Method not allowed.', { allow: 'GET, POST, DELETE' });

    let body: unknown;
    if (req.method === 'POST') {
      const read = await readJsonBody(req, this.maxBodyBytes);
      if ('error' in read) return reply(res, read.status, read.error);
      body = read.body;
    }

    const sessionId = header(req, 'mcp-session-id');
    let session = sessionId ? this.sessions.get(sessionId) : undefined;
    if (sessionId && !session) return jsonRpcError(res, 404, -32001, 'Session not found; initialize a new session.');
    if (!session) {
      if (req.method !== 'POST' || !isInitializeBody(body)) {
        return jsonRpcError(res, 400, -32000, 'No session: send initialize first, then pass its mcp-session-id header.');
      }
      if (this.sessions.size >= this.maxSessions) this.expireIdle();
      if (this.sessions.size >= this.maxSessions) {
        this.logger.log('warn', `MCP initialize refused (503): ${this.sessions.size} sessions live, at most ${this.maxSessions}.`);
        res.setHeader('retry-after', '30');
        return jsonRpcError(res, 503, -32000, `Too many MCP sessions on this Sightline window (at most ${this.maxSessions}). Close unused MCP clients (or send DELETE for their sessions) and retry.`);
      }
      session = await this.openSession();
    }
    const current = session;
    current.openRequests++;
    current.lastSeen = Date.now();
    res.once('close', () => {
      current.openRequests--;
      current.lastSeen = Date.now();
    });
    await current.transport.handleRequest(req, res, body);
  }

  private async openSession(): Promise<Session> {
    const server = this.options.createServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        this.sessions.set(id, session);
        this.logger.log('debug', `MCP session ${id} opened (${this.sessions.size} live)`);
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id);
        this.logger.log('debug', `MCP session ${id} closed by the client`);
      },
    });
    // The callbacks above run once the client initializes, after this line: `session` exists by then.
    const session: Session = { server, transport, lastSeen: Date.now(), openRequests: 0 };
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    transport.onerror = (e) => this.logger.log('warn', `MCP transport error: ${errorMessage(e)}`);
    await server.connect(transport);
    return session;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function isInitializeBody(body: unknown): boolean {
  return Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);
}

function reply(res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(message);
}

function jsonRpcError(res: http.ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

function readJsonBody(req: http.IncomingMessage, limit: number): Promise<{ body: unknown } | { status: number; error: string }> {
  const tooLarge = { status: 413, error: `Request body exceeds ${limit} bytes.` };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve(tooLarge);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = false;
    req.on('data', (chunk: Buffer) => {
      if (overflow) return;
      size += chunk.length;
      if (size > limit) {
        // Answer now and discard the rest; the socket stays usable for the 413.
        overflow = true;
        chunks.length = 0;
        resolve(tooLarge);
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => {
      if (overflow) return;
      try {
        resolve({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      } catch {
        resolve({ status: 400, error: 'The request body is not valid JSON.' });
      }
    });
  });
}
