import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as vscode from 'vscode';
import type { SightlineApi } from '../../../src/vscode/extension';
import { type Continuation, continuationFile, type TestResults, writeAtomically } from './results';

/** Shared by the integration tests: the running extension, a real MCP client, bounded polls. */

export const EXTENSION_ID = 'sightline.sightline';

export function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the driver opens a fixture folder');
  return folder.uri.fsPath;
}

export function fixturePath(rel: string): string {
  return path.join(workspaceRoot(), rel);
}

export async function sightline(): Promise<SightlineApi> {
  const ext = vscode.extensions.getExtension<SightlineApi | undefined>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is loaded as the extension under development`);
  const api = await ext.activate();
  assert.ok(api, 'Sightline started (activate returned its API)');
  return api;
}

/** Polls until `probe` returns a value `accept` takes; fails with the last value seen. Bounded, never a speed assertion. */
export async function poll<T>(what: string, probe: () => Promise<T> | T, accept: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (accept(value)) return value;
      last = value;
    } catch (e) {
      last = e instanceof Error ? e.message : e;
    }
    if (Date.now() > end) assert.fail(`gave up waiting for ${what}; last seen: ${JSON.stringify(last)?.slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

let client: Promise<Client> | undefined;

/** A real MCP SDK client over HTTP with this window's token: the same path any agent takes. */
export function mcpClient(): Promise<Client> {
  client ??= (async () => {
    const { url, token } = (await sightline()).endpoint();
    const c = new Client({ name: 'sightline-integration-tests', version: '0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    return c;
  })();
  return client;
}

export class ToolError extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(`${kind}: ${message}`);
  }
}

/** Calls a tool through MCP; a tool error throws ToolError with its kind. */
export async function callTool<T = Record<string, any>>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = await (await mcpClient()).callTool({ name, arguments: args });
  const structured = result.structuredContent as Record<string, any> | undefined;
  if (result.isError) {
    // A tool error is one text block, `Error (<kind>): <message>`; anything else is a protocol error.
    const text = (result.content as { type: string; text?: string }[])[0]?.text ?? '';
    const error = /^Error \((\w+)\): ([\s\S]*)$/.exec(text);
    if (error) throw new ToolError(error[1], error[2]);
    throw new ToolError('protocol', JSON.stringify(result.content));
  }
  assert.ok(structured, `${name} returned structuredContent`);
  return structured as T;
}

/** The built-in TypeScript server needs a warm-up: hover until it answers (bounded). */
export async function typeScriptReady(): Promise<void> {
  await poll(
    'the TypeScript server to answer hover',
    () => callTool('hover', { file: 'src/main.ts', line: 4, character: 10 }),
    (r) => JSON.stringify(r.contents).includes('add('),
    120_000,
  );
}

/**
 * Asks the driver for a screenshot of the workbench once `selector` (a Playwright selector) has rendered, and
 * waits (bounded) until it is written to `<SIGHTLINE_SCREENSHOTS>/<name>.png`. Returns its path.
 */
export async function screenshot(name: string, selector: string): Promise<string> {
  const dir = process.env.SIGHTLINE_SCREENSHOTS;
  assert.ok(dir, 'SIGHTLINE_SCREENSHOTS is set: run the integration tests through test/integration/driver.mjs');
  const file = path.join(dir, `${name}.png`);
  fs.rmSync(file, { force: true });
  console.log(`[sightline-driver] screenshot ${name} ${selector}`);
  await poll(`the driver to write ${file}`, () => fs.existsSync(file), (ok) => ok, 30_000);
  return file;
}

/** Asks the driver for a real click (or right-click, to open a context menu) on `selector`, in whichever frame shows it. */
export function driverClick(name: string, selector: string, button: 'left' | 'right' = 'left'): void {
  console.log(`[sightline-driver] ${button === 'right' ? 'rightclick' : 'click'} ${name} ${selector}`);
}

/** The open Blast Radius panel tabs (VS Code prefixes webview view types, so match by inclusion). */
export function blastRadiusTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('sightline.blastRadius'));
}

/**
 * Reloads the window, the way a user does, and has the new extension host run only the tests matching `grep`.
 * The calling test's part ends with the reload, so it is counted as passed here; this never returns.
 */
export async function reloadWindowThenRun(grep: string): Promise<never> {
  const resultsFile = process.env.SIGHTLINE_TEST_RESULTS;
  assert.ok(resultsFile, 'SIGHTLINE_TEST_RESULTS is set: run the integration tests through test/integration/driver.mjs');
  const sofar = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as TestResults;
  const continuation: Continuation = { results: { ...sofar, tests: sofar.tests + 1, passes: sofar.passes + 1 }, grep };
  writeAtomically(continuationFile(resultsFile), continuation);
  await vscode.commands.executeCommand('workbench.action.reloadWindow');
  return new Promise<never>(() => undefined);
}
