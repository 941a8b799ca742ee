import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

/**
 * A minimal Language Server Protocol client over stdio, enough to ask a language server (pyright) for its call
 * hierarchy: JSON-RPC messages framed by `Content-Length` headers, requests matched to responses by id, and
 * the few server-to-client requests a server waits on (configuration, capability registration, progress)
 * answered so it never stalls. Bench-only: a dependency on vscode-jsonrpc would add lockfile churn to the
 * extension for one benchmark.
 */

type Json = any;

export class LspClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: Json) => void; reject: (e: Error) => void; method: string }>();
  private exited: Error | undefined;
  private readonly logWaiters: { pattern: RegExp; resolve: () => void }[] = [];

  constructor(
    command: string,
    args: string[],
    /** Answers `workspace/configuration` items (section → settings object). */
    private readonly settings: (section: string | undefined) => Json,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.child = spawn(command, args, { stdio: 'pipe' });
    this.child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => this.log(chunk.toString('utf8').trimEnd()));
    this.child.on('exit', (code, signal) => {
      this.exited = new Error(`language server exited (${code ?? signal})`);
      for (const p of this.pending.values()) p.reject(this.exited);
      this.pending.clear();
    });
  }

  request(method: string, params: Json): Promise<Json> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: Json): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  async dispose(): Promise<void> {
    if (this.exited) return;
    try {
      await Promise.race([this.request('shutdown', null), new Promise((r) => setTimeout(r, 5000))]);
      this.notify('exit', null);
    } finally {
      setTimeout(() => this.exited || this.child.kill(), 2000).unref();
    }
  }

  /** Resolves when the server logs a line matching `pattern` (pyright logs "Found N source files" once it knows the workspace). */
  waitForLog(pattern: RegExp): Promise<void> {
    return new Promise((resolve) => this.logWaiters.push({ pattern, resolve }));
  }

  private serverLog(line: string): void {
    this.log(line);
    for (const w of [...this.logWaiters]) {
      if (!w.pattern.test(line)) continue;
      this.logWaiters.splice(this.logWaiters.indexOf(w), 1);
      w.resolve();
    }
  }

  private send(message: Json): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  /** Splits the byte stream into messages: a chunk may hold part of one message or several. */
  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: *(\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString('ascii'))?.[1]);
      if (!Number.isFinite(length)) throw new Error('language server sent a message without Content-Length');
      const start = headerEnd + 4;
      if (this.buffer.length < start + length) return;
      const message = JSON.parse(this.buffer.subarray(start, start + length).toString('utf8')) as Json;
      this.buffer = this.buffer.subarray(start + length);
      this.dispatch(message);
    }
  }

  private dispatch(message: Json): void {
    if (message.id !== undefined && message.method === undefined) {
      const p = this.pending.get(message.id);
      if (!p) return;
      this.pending.delete(message.id);
      if (message.error) p.reject(new Error(`${p.method}: ${message.error.message}`));
      else p.resolve(message.result);
      return;
    }
    if (message.id === undefined) {
      // Notifications: the server's log goes to ours; diagnostics and progress are not needed.
      if (message.method === 'window/logMessage') this.serverLog(String(message.params?.message ?? ''));
      return;
    }
    const result = message.method === 'workspace/configuration' ? (message.params.items as { section?: string }[]).map((i) => this.settings(i.section)) : null;
    this.send({ jsonrpc: '2.0', id: message.id, result });
  }
}
