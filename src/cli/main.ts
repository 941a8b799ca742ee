#!/usr/bin/env node
import * as path from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { errorMessage, isSightlineError } from '../common/errors';
import { RingLogger } from '../common/log';
import { sightlineVersion } from '../common/version';
import { Engine } from '../engine/engine';
import { indexOnlyFeatures } from '../engine/language-features';
import { Workspaces } from '../engine/workspaces';
import { createMcpServer } from '../mcp/server';
import { ALL_TOOLS, toolsForSource } from '../tools/registry';
import { validateArgs } from '../tools/validate';
import { findLockFor } from '../mcp/lockfile';
import { runBridge } from './bridge';
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
  if (cli.command === 'bridge') {
    const lock = findLockFor(path.resolve(cli.root));
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
    engine = new Engine({ root: path.resolve(cli.root), logger, docCollections: cli.docCollections });
  } catch (e) {
    process.stderr.write(`Cannot open ${cli.root}: ${errorMessage(e)}\n`);
    return 2;
  }
  const workspaces = new Workspaces([engine]);
  const context = { workspaces, features: indexOnlyFeatures, logger };

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
    let args: Record<string, unknown>;
    try {
      args = validateArgs(tool, cli.args);
    } catch (e) {
      process.stderr.write(`${errorMessage(e)}\n`);
      return 2;
    }
    try {
      const value = await tool.handler(args as never, context);
      process.stdout.write(`${JSON.stringify({ ...value, freshness: engine.freshness() }, null, 2)}\n`);
      return 0;
    } catch (e) {
      const kind = isSightlineError(e) ? e.kind : 'internal';
      if (!isSightlineError(e)) logger.log('error', e instanceof Error ? (e.stack ?? e.message) : String(e));
      process.stderr.write(`Error (${kind}): ${errorMessage(e)}\n`);
      return 1;
    }
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

main(process.argv.slice(2)).then(
  (code) => {
    // Servers resolve only once their client has gone; exiting then also ends a lingering watcher.
    process.exitCode = code;
    setImmediate(() => process.exit(code));
  },
  (e) => {
    process.stderr.write(`sightline failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);

