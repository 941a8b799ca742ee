import { z } from 'zod';
import { invalidArgument } from '../../common/errors';
import { resolveInWorkspace } from '../../common/paths';
import type { Engine } from '../../engine/engine';
import { namePosition } from '../../engine/index-features';
import type { SourcePosition } from '../../engine/language-features';
import type { IndexedSymbol } from '../../graph/symbol-table';
import { maxTokensArg, workspaceArg, lineNumber } from './common-args';
import { lookupSymbol } from '../../graph/symbol-lookup';
import type { ToolContext } from './tool';
import { readyGraph } from './context';

/**
 * Every position tool takes either `{file, line, character}` (1-based, character in code points) or `{symbol}`
 * (a name, qualified name or symbol_id, resolved through the index to where its name is declared). Agents read
 * that once, in the server instructions (src/mcp/server.ts), not in each tool's schema.
 */
export const positionArgs = {
  file: z.string().min(1).max(1000).optional(),
  line: lineNumber().optional(),
  character: lineNumber().optional(),
  symbol: z.string().min(1).max(500).optional(),
};

/** The arguments of a tool that asks about one position: the position (or symbol), a budget and a workspace. */
export const positionToolArgs = { ...positionArgs, max_tokens: maxTokensArg, workspace: workspaceArg };

export interface PositionInput {
  file?: string;
  line?: number;
  character?: number;
  symbol?: string;
}

/** The workspace a position belongs to, and the position (a symbol resolved to its declaration). */
export async function positionInWorkspace(ctx: ToolContext, args: PositionInput & { workspace?: string }) {
  const engine = ctx.workspaces.pick(args.workspace, args.file);
  return { engine, ...(await resolvePosition(ctx, engine, args)) };
}

export async function resolvePosition(ctx: ToolContext, engine: Engine, args: PositionInput): Promise<{ at: SourcePosition; symbol?: IndexedSymbol }> {
  if (args.symbol !== undefined) {
    if (args.file !== undefined || args.line !== undefined) throw invalidArgument('Pass either symbol, or file with line and character — not both.');
    const graph = await readyGraph(ctx, engine);
    const symbol = lookupSymbol(graph, args.symbol);
    return { at: namePosition(engine, symbol), symbol };
  }
  if (args.file === undefined || args.line === undefined || args.character === undefined) {
    throw invalidArgument('Pass a position as file, line and character (1-based), or a symbol name instead.');
  }
  const { rel } = resolveInWorkspace(engine.root, args.file);
  const text = engine.readText(rel);
  const lines = text.split('\n');
  if (args.line > lines.length) throw invalidArgument(`line ${args.line} is past the end of ${rel}, which has ${lines.length} lines.`);
  const length = [...lines[args.line - 1].replace(/\r$/, '')].length;
  if (args.character > length + 1) throw invalidArgument(`character ${args.character} is past the end of line ${args.line} of ${rel} (${length} characters).`);
  return { at: { file: rel, line: args.line, character: args.character } };
}
