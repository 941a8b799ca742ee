import { z } from 'zod';
import { invalidArgument } from '../common/errors';
import { resolveInWorkspace } from '../common/paths';
import { fitToBudget } from '../common/tokens';
import { lookupSymbol } from '../graph/symbol-lookup';
import { maxTokensArg, workspaceArg, lineNumber } from './shared/common-args';
import { requireFeature } from './shared/language-shared';
import { readyGraph } from './shared/context';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, source, counted } from './shared/outputs';

export const inlayHintsTool = defineTool({
  name: 'inlay_hints',
  title: 'Inlay hints',
  description:
    'The inferred types and parameter names the editor shows inline, for a file\'s lines (≤ 2000) or `symbol`\'s lines.',
  group: 'navigate',
  inputSchema: {
    file: z.string().min(1).max(1000).optional(),
    start_line: lineNumber().optional(),
    end_line: lineNumber().optional().describe('Inclusive.'),
    symbol: z.string().min(1).max(500).optional().describe('Instead of file: its lines.'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { file: z.string(), hints: list, source, ...counted },
  annotations: READ_ONLY,
  needsLanguageServer: true,
  async handler(args, ctx) {
    const inlayHints = requireFeature(ctx, 'inlayHints', 'inlay_hints', 'hover on the names whose types you need');
    const engine = ctx.workspaces.pick(args.workspace, args.file);
    let file: string;
    let start = args.start_line ?? 1;
    let end = args.end_line;
    if (args.symbol !== undefined) {
      if (args.file !== undefined) throw invalidArgument('Pass either file (with optional lines) or symbol — not both.');
      const sym = lookupSymbol(await readyGraph(ctx, engine), args.symbol);
      file = sym.file;
      start = sym.lineStart;
      end = sym.lineEnd;
    } else if (args.file !== undefined) file = resolveInWorkspace(engine.root, args.file).rel;
    else throw invalidArgument('Pass file (with optional start_line and end_line) or symbol.');
    end ??= start + 1999;
    if (end < start) throw invalidArgument(`end_line ${end} is before start_line ${start}.`);
    if (end - start >= 2000) throw invalidArgument(`At most 2000 lines per call; asked for ${end - start + 1}. Narrow start_line/end_line.`);
    const hints = await inlayHints(file, { start, end }, engine.root, ctx.signal);
    return fitToBudget(hints, args.max_tokens, (kept, truncated) => ({ file, start_line: start, end_line: end, hints: kept, total: hints.length, truncated, source: 'language_server' }));
  },
});
