import { z } from 'zod';
import { invalidArgument } from '../common/errors';
import { resolveInWorkspace } from '../common/paths';
import { fitToBudget } from '../common/tokens';
import { lookupSymbol } from './shared/symbols';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { requireFeature } from './shared/language-shared';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, source, counted } from './shared/outputs';

export const inlayHintsTool = defineTool({
  name: 'inlay_hints',
  title: 'Inlay hints',
  description:
    'The inferred types and parameter names the editor shows inline in a span of a file (e.g. `: number` after an untyped variable, `a:` before an argument), ' +
    'from the language server. Use it to read code with its inferred types without hovering every name. Pass `file` with optional start_line/end_line ' +
    '(1-based, inclusive; at most 2000 lines), or `symbol` for that symbol\'s lines. Returns { file, hints: [{line, character, label, kind?}], total, truncated }. ' +
    'Hints follow the user\'s editor settings (TypeScript shows none unless typescript.inlayHints.* are enabled). VS Code only.',
  group: 'navigate',
  inputSchema: {
    file: z.string().min(1).max(1000).optional().describe('File path, workspace-relative or absolute. Or pass symbol.'),
    start_line: z.number().int().min(1).optional().describe('First line (1-based). Default 1.'),
    end_line: z.number().int().min(1).optional().describe('Last line (1-based, inclusive). Default start_line + 1999 or the end of the file.'),
    symbol: z.string().min(1).max(500).optional().describe('Instead of file: a symbol name, qualified name or symbol_id; its definition\'s lines.'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { file: z.string(), hints: list, source, ...counted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const inlayHints = requireFeature(ctx, 'inlayHints', 'inlay_hints', 'hover on the names whose types you need');
    const engine = ctx.workspaces.pick(args.workspace, args.file);
    let file: string;
    let start = args.start_line ?? 1;
    let end = args.end_line;
    if (args.symbol !== undefined) {
      if (args.file !== undefined) throw invalidArgument('Pass either file (with optional lines) or symbol — not both.');
      const sym = lookupSymbol(await engine.ready(), args.symbol);
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
