import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { REPO_ROOT } from './helpers';

/**
 * Shared by the hostile-input tests: workspaces shaped to hurt (each reproduces a probe from issue 10), a real
 * `sightline serve --stdio` in a child process (a hang there cannot freeze the test), and a bounded wait.
 */

/** A hang is a failure: generous, so a slow shared machine never trips it; it is no speed assertion. */
export const HANG_BOUND_MS = 60_000;

export async function bounded<T>(what: string, work: Promise<T>, ms = HANG_BOUND_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms: it hangs`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const NESTED_FUNCTIONS = 8000;
export const CHAIN_LINES = 20_000;
export const BIG_FILE_LINES = 600_000;

/** Writes the hostile workspace; returns its root. Every file here broke a release of Sightline (issue 10). */
export function hostileWorkspace(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-hostile-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  write('src/app.ts', [
    "import { helper } from './util';",
    'export function main(): number {',
    '  return helper() + new Odd().total();',
    '}',
    'export class Odd {',
    "  '(a+)+b'(): number { return 1; }",
    "  '(x'(): number { return 2; }",
    "  total(): number { return this['(a+)+b']() + this['(x'](); }",
    '}',
    '',
  ].join('\n'));
  write('src/util.ts', 'export function helper(): number {\n  return 41;\n}\n');
  // Names that are regex syntax, next to text that makes `(a+)+b` backtrack exponentially.
  write('docs/odd.md', `# Odd names\n\nCall '(a+)+b' and '(x' on Odd. 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\n`);
  // 8,000 nested functions (167 KB): each body spans most of the file.
  const nested = Array.from({ length: NESTED_FUNCTIONS }, (_, i) => `function n${i}() {`).join('\n');
  write('src/nested.ts', `${nested}\n${'}\n'.repeat(NESTED_FUNCTIONS)}`);
  // One method chain of 20,000 calls, each nested in the next.
  write('src/chain.ts', `export function chained(a: any) {\n  return a\n${'    .b()\n'.repeat(CHAIN_LINES)};\n}\n`);
  // A 40,000-character .gitignore line beside a rule that must still apply.
  write('.gitignore', `${'a'.repeat(40_000)}\nignored/\n`);
  write('ignored/skip.ts', 'export function mustNotBeIndexed() {}\n');
  // A file far over the whole-read limit, read by line range.
  const line = (i: number) => `line ${i} ${'x'.repeat(60)}\n`;
  const fd = fs.openSync(path.join(root, 'big.txt'), 'w');
  for (let i = 1; i <= BIG_FILE_LINES; i += 10_000) fs.writeSync(fd, Array.from({ length: 10_000 }, (_, k) => line(i + k)).join(''));
  fs.closeSync(fd);
  // Wide lines: a read_file_range answer of ~160 KB, past a pipe's 64 KiB buffer.
  write('wide.txt', Array.from({ length: 1000 }, (_, i) => `${String(i + 1).padStart(4, '0')} ${'w'.repeat(150)}\n`).join(''));
  // A named pipe with a source file's name: reading it must be refused, never waited on.
  const fifo = spawnSync('mkfifo', [path.join(root, 'src', 'pipe.ts')]);
  if (fifo.status !== 0) throw new Error(`mkfifo failed: ${fifo.stderr}`);
  return root;
}

export interface StdioServer {
  client: Client;
  stderr: () => string;
  alive: () => boolean;
  close: () => Promise<void>;
}

/** The built CLI serving MCP over stdio for `root`, with a real SDK client (npm test builds dist/ first). */
export async function startStdioServer(root: string): Promise<StdioServer> {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(REPO_ROOT, 'dist', 'cli.js'), 'serve', '--stdio', '--root', root],
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d) => (stderr += String(d)));
  const client = new Client({ name: 'sightline-hostile-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    alive: () => transport.pid !== null && isRunning(transport.pid),
    close: () => client.close(),
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Calls a tool with no client-side timeout of its own (the caller bounds the wait); returns text and error flag. */
export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string; value: any }> {
  const result = (await client.callTool({ name, arguments: args }, undefined, { timeout: HANG_BOUND_MS * 4 })) as { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: unknown };
  const text = result.content.map((c) => c.text).join('\n');
  return { isError: result.isError === true, text, value: result.structuredContent ?? safeJson(text) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
