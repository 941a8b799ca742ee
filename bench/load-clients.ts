import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/**
 * The agents of `npm run bench:load`: MCP SDK clients over loopback HTTP, each with its own session. Real agents
 * are processes of their own, so by default the bench runs them in a child process (`fork` of this file) and the
 * server's process does only the server's work; `--inline-clients` keeps them on the server's event loop.
 */

/** Each phase stops issuing calls after this long. */
export const PHASE_BUDGET_MS = 120_000;

export type Mix = { tool: string; args: Record<string, unknown> }[];

export interface Outcome {
  ms: number[];
  errors: string[];
  /** Latencies by tool, for the breakdown table. */
  byTool: Map<string, number[]>;
  wallMs: number;
}

/** What a phase asks of the clients: the mix, calls per client, and whether only the first client calls. */
export interface PhaseRequest {
  mix: Mix;
  callsPerClient: number;
  onlyFirst?: boolean;
}

export class LoadClients {
  private clients: Client[] = [];

  async connect(url: string, token: string, count: number): Promise<void> {
    this.clients = await Promise.all(
      Array.from({ length: count }, async () => {
        const client = new Client({ name: 'sightline-load', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
        return client;
      }),
    );
  }

  /** Every client runs the mix from a different starting point, so all tools are in flight at once. */
  async phase({ mix, callsPerClient, onlyFirst }: PhaseRequest): Promise<Outcome> {
    const out: Outcome = { ms: [], errors: [], byTool: new Map(), wallMs: 0 };
    const t0 = performance.now();
    await Promise.all(
      (onlyFirst ? this.clients.slice(0, 1) : this.clients).map(async (client, c) => {
        for (let i = 0; i < callsPerClient && performance.now() - t0 < PHASE_BUDGET_MS; i++) {
          const { tool, args } = mix[(c + i) % mix.length];
          await timedCall(client, tool, args, out);
        }
      }),
    );
    out.wallMs = performance.now() - t0;
    return out;
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close()));
  }
}

async function timedCall(client: Client, tool: string, args: Record<string, unknown>, out: Outcome): Promise<void> {
  const t0 = performance.now();
  try {
    const r = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: PHASE_BUDGET_MS * 2 });
    if (r.isError) out.errors.push(`${tool}: ${JSON.stringify(r.content).slice(0, 200)}`);
  } catch (e) {
    out.errors.push(`${tool}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const ms = performance.now() - t0;
  out.ms.push(ms);
  out.byTool.set(tool, [...(out.byTool.get(tool) ?? []), ms]);
}

/** Messages from the bench to a forked clients process; each is answered with `{ id, result }` or `{ id, error }`. */
type Request = { id: number } & ({ op: 'connect'; url: string; token: string; count: number } | ({ op: 'phase' } & PhaseRequest) | { op: 'close' });

// Forked by bench/load.ts: the clients live here and answer the bench's requests over IPC.
if (require.main === module && process.send) {
  const clients = new LoadClients();
  process.on('message', (m: Request) => {
    const work = m.op === 'connect' ? clients.connect(m.url, m.token, m.count) : m.op === 'phase' ? clients.phase(m) : clients.close();
    work.then(
      (result) => process.send!({ id: m.id, result: result && 'byTool' in result ? { ...result, byTool: [...result.byTool] } : undefined }),
      (e: unknown) => process.send!({ id: m.id, error: e instanceof Error ? e.message : String(e) }),
    );
  });
}
