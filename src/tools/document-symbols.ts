import { z } from 'zod';
import { invalidArgument } from '../common/errors';
import { resolveInWorkspace } from '../common/paths';
import { fitToBudget } from '../common/tokens';
import type { ProviderSymbol } from '../engine/language-features';
import type { IndexedSymbol } from '../graph/symbol-table';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { providerSymbolJson, type ProviderSymbolJson } from './shared/language-shared';
import { lookupSymbol } from '../graph/symbol-lookup';
import { symbolJson } from './shared/symbols';
import { readyGraph } from './shared/context';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, symbolRef, source, counted } from './shared/outputs';

function find(symbols: ProviderSymbol[], target: IndexedSymbol): ProviderSymbol | undefined {
  for (const s of symbols) {
    const at = s.selection ?? s.range;
    if (at.start.character === target.character && at.start.line >= target.lineStart && at.start.line <= target.lineEnd && s.name.includes(target.name)) return s;
    const inner = s.children && find(s.children, target);
    if (inner) return inner;
  }
  return undefined;
}

function count(list: ProviderSymbolJson[]): number {
  return list.reduce((n, s) => n + 1 + count(s.children ?? []), 0);
}

export const documentSymbolsTool = defineTool({
  name: 'document_symbols',
  title: 'Document symbols',
  description:
    'A file\'s outline (classes, functions, fields, nested), or `symbol`\'s members. Use before reading a file.',
  group: 'navigate',
  inputSchema: {
    file: z.string().min(1).max(1000).optional(),
    symbol: z.string().min(1).max(500).optional().describe('Instead of file: its members.'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { file: z.string(), symbols: list, parent: symbolRef.optional(), source, ...counted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const engine = ctx.workspaces.pick(args.workspace, args.file);
    if ((args.file === undefined) === (args.symbol === undefined)) throw invalidArgument('Pass exactly one of file or symbol.');
    const target = args.symbol !== undefined ? lookupSymbol(await readyGraph(ctx, engine), args.symbol) : undefined;
    const file = target ? target.file : resolveInWorkspace(engine.root, args.file!).rel;
    if (!ctx.features.documentSymbols) {
      const graph = await readyGraph(ctx, engine);
      const all = graph.table.byFile.get(file) ?? [];
      const list = target ? all.filter((s) => s.parent === target.local) : all;
      return fitToBudget(list, args.max_tokens, (kept, truncated) => ({ file, symbols: kept.map(symbolJson), total: list.length, truncated, source: 'index' }));
    }
    await engine.ready().catch(() => undefined); // symbol ids need the index; the outline does not
    const provided = await ctx.features.documentSymbols(file, engine.root, ctx.signal);
    const scope = target ? (find(provided, target)?.children ?? []) : provided;
    const symbols = scope.map((s) => providerSymbolJson(engine, s));
    const total = count(symbols);
    return fitToBudget(symbols, args.max_tokens, (kept, truncated) => ({ file, ...(target ? { parent: symbolJson(target) } : {}), symbols: kept, total, truncated, source: 'language_server' }));
  },
});
