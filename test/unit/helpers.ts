import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RingLogger } from '../../src/common/log';
import { Engine } from '../../src/engine/engine';
import { IndexLanguageFeatures } from '../../src/engine/index-features';
import { Workspaces } from '../../src/engine/workspaces';
import type { LanguageFeatures } from '../../src/engine/language-features';
import type { ToolContext } from '../../src/tools/shared/tool';
import { ALL_TOOLS } from '../../src/tools/registry';
import { invokeTool } from '../../src/tools/shared/invoke';
import { SightlineError } from '../../src/common/errors';

/**
 * The per-test limit for the few suites that start processes or run a whole-program oracle (the CLI, the hostile
 * inputs, the TypeScript language service), which a busy 2-core machine can stretch past the default 30 s. It
 * bounds a hang; it is not a speed check.
 */
export const SLOW_SUITE_TIMEOUT_MS = 120_000;

export const FIXTURES = path.join(__dirname, '..', 'fixtures');
export const REPO_ROOT = path.join(__dirname, '..', '..');

/** A private copy of a fixture workspace, so tests can edit it and the index cache never lands in the repo. */
export function copyFixture(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sightline-${name}-`));
  fs.cpSync(path.join(FIXTURES, name), dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}.sightline`) });
  return dir;
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A headless tool context over one folder. Parse workers are off unless a test asks for them: fixtures are tiny,
 * and worker threads cost more to start than they save. Dispose it with `ctx.workspaces.dispose()`.
 */
export function contextFor(root: string, options: { storageDir?: string | null; workers?: number } = {}): ToolContext & { engine: Engine } {
  const logger = new RingLogger();
  const engine = new Engine({ root, logger, storageDir: options.storageDir, workers: options.workers ?? 0 });
  const workspaces = new Workspaces([engine]);
  return { engine, workspaces, features: new IndexLanguageFeatures(workspaces), logger };
}

/**
 * A VS Code-like host for a test: the features a test gives (a fake language server's answers), and the index's
 * answers for the five every host has (definition, references, hover, document and workspace symbols) otherwise.
 */
export function hostFeatures(workspaces: Workspaces, server: Partial<Omit<LanguageFeatures, 'source'>>): LanguageFeatures {
  const index: LanguageFeatures = new IndexLanguageFeatures(workspaces);
  return {
    source: 'vscode',
    definition: (...a) => index.definition(...a),
    references: (...a) => index.references(...a),
    hover: (...a) => index.hover(...a),
    documentSymbols: (...a) => index.documentSymbols(...a),
    workspaceSymbols: (...a) => index.workspaceSymbols(...a),
    ...server,
  };
}

/** Runs a tool the way every caller does (invokeTool); an error answer is thrown as the SightlineError it maps to. */
export async function callTool(ctx: ToolContext, name: string, args: Record<string, unknown>): Promise<any> {
  const tool = ALL_TOOLS.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  const outcome = await invokeTool(tool, args, ctx);
  if (!outcome.ok) throw new SightlineError(outcome.error.kind, outcome.error.message, outcome.error.data);
  return outcome.value;
}

export function ids(list: { id: string }[]): string[] {
  return list.map((x) => x.id).sort();
}

export { seededRandom } from '../../bench/seeded-random';
