#!/usr/bin/env node
import * as fs from 'node:fs';
import * as path from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { errorMessage } from '../common/errors';
import { RingLogger } from '../common/log';
import { sightlineVersion } from '../common/version';
import { Engine } from '../engine/engine';
import { IndexLanguageFeatures } from '../engine/index-features';
import { Workspaces } from '../engine/workspaces';
import { createMcpServer } from '../mcp/server';
import { ALL_TOOLS, toolsForSource } from '../tools/registry';
import { invokeTool } from '../tools/shared/invoke';
import { findLockFor, type WindowLock } from '../mcp/lockfile';
import { cliCacheDir } from './cache-dir';
import { runBridge } from './bridge';
import { exitWhenDrained } from './exit';
import { type Cli, parseCli, USAGE } from './args';

/** Composition root #1: the headless `sightline` command. stdout carries only results (or the MCP protocol). */
async function main(argv: string[]): Promise<number> {
  let cli: Cli;
  try {
    cli = parseCli(argv);
  } catch (e) {
    process.stderr.write(`${errorMessage(e)}\n\n${USAGE}`);
    return 2;
  }
  if (cli.command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (cli.command === 'version') {
    process.stdout.write(`${sightlineVersion()}\n`);
    return 0;
  }
  const verbose = cli.command === 'serve' || cli.command === 'bridge' || process.env.SIGHTLINE_LOG === 'debug';
  const logger = new RingLogger((entry) => {
    if (verbose || entry.level === 'warn' || entry.level === 'error') process.stderr.write(`[${entry.time}] ${entry.level}: ${entry.message}\n`);
  });
  const rootProblem = checkRoot(cli.root);
  if (rootProblem) {
    process.stderr.write(`${rootProblem}\n`);
    return 2;
  }
  if (cli.command === 'bridge') {
    let lock: WindowLock | undefined;
    try {
      lock = findLockFor(path.resolve(cli.root), (why) => logger.log('warn', why));
    } catch (e) {
      // An unsafe lock folder: never relay the agent's traffic through it, and never fall back silently.
      process.stderr.write(`${errorMessage(e)}\n`);
      return 1;
    }
    if (lock) {
      await runBridge(lock, logger);
      return 0;
    }
    if (!cli.fallback) {
      process.stderr.write(`No VS Code window with Sightline has ${path.resolve(cli.root)} open. Open the folder in VS Code, or run without --no-fallback to serve headless.\n`);
      return 1;
    }
    logger.log('info', `No VS Code window with Sightline has ${path.resolve(cli.root)} open: serving headless from the index (no language servers).`);
  }
  let engine: Engine;
  try {
    const root = fs.realpathSync(cli.root);
    engine = new Engine({ root, logger, docCollections: cli.docCollections, storageDir: cliCacheDir(root, cli.cacheDir ?? process.env.SIGHTLINE_CACHE_DIR) });
  } catch (e) {
    process.stderr.write(`Cannot open ${cli.root}: ${errorMessage(e)}\n`);
    return 2;
  }
  const workspaces = new Workspaces([engine]);
  const context = { workspaces, features: new IndexLanguageFeatures(workspaces), logger };

  if (cli.command === 'index') {
    const stats = await engine.index();
    process.stdout.write(`${JSON.stringify({ workspace: engine.root, ...stats }, null, 2)}\n`);
    return 0;
  }

  if (cli.command === 'call') {
    const tool = ALL_TOOLS.find((t) => t.name === cli.tool);
    if (!tool) {
      process.stderr.write(`Unknown tool "${cli.tool}". Tools: ${ALL_TOOLS.map((t) => t.name).join(', ')}.\n`);
      return 2;
    }
    const outcome = await invokeTool(tool, cli.args, context);
    if (outcome.ok) {
      process.stdout.write(`${JSON.stringify(outcome.value, null, 2)}\n`);
      return 0;
    }
    // Refused arguments are a usage error (2), like a bad command line; an answer that is an error is 1.
    process.stderr.write(outcome.phase === 'arguments' ? `${outcome.error.message}\n` : `Error (${outcome.error.kind}): ${outcome.error.message}\n`);
    return outcome.phase === 'arguments' ? 2 : 1;
  }

  // serve --stdio
  logger.log('info', `Sightline ${sightlineVersion()} serving MCP over stdio for ${engine.root}. Connect an MCP client to this process's stdin/stdout; Ctrl+C stops it.`);
  // Only tools that can answer here: the language-server ones would only ever say "needs VS Code".
  const server = createMcpServer({ version: sightlineVersion(), tools: toolsForSource(ALL_TOOLS, context.features.source), context });
  engine.watch();
  // Index in the background: initialize and tools/list must not wait for it; tool calls do.
  engine.index().catch(() => undefined);
  await server.connect(new StdioServerTransport());
  await new Promise<void>((resolve) => {
    process.stdin.on('end', resolve);
    process.stdin.on('close', resolve);
    process.on('SIGTERM', resolve);
    process.on('SIGINT', resolve);
  });
  await server.close();
  workspaces.dispose();
  return 0;
}

/** Why `root` cannot be a workspace (missing, a file, unreadable), or undefined when it can. */
function checkRoot(root: string): string | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(root);
  } catch (e) {
    return `Cannot open --root ${root}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such folder' : errorMessage(e)}. Pass the folder to index.`;
  }
  if (!stat.isDirectory()) return `--root ${root} is a file, not a folder. Pass the folder that holds it (e.g. --root ${path.dirname(path.resolve(root))}).`;
  try {
    fs.readdirSync(root);
  } catch (e) {
    return `Cannot read the folder --root ${root} (${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}). Check its permissions.`;
  }
  return undefined;
}

main(process.argv.slice(2)).then(
  // Servers resolve only once their client has gone; exiting then also ends a lingering watcher.
  (code) => exitWhenDrained(code),
  (e) => {
    process.stderr.write(`sightline failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);

