import { z } from 'zod';
import { invalidArgument } from '../common/errors';
import { resolveInWorkspace } from '../common/paths';
import { fitToBudget } from '../common/tokens';
import type { Engine } from '../engine/engine';
import type { ProviderSymbol } from '../engine/language-features';
import type { IndexedSymbol } from '../graph/symbol-table';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { indexedSymbolAt, providerSymbolJson, type ProviderSymbolJson } from './shared/language-shared';
import { lookupSymbol } from '../graph/symbol-lookup';
import { symbolJson, type SymbolJson } from './shared/symbols';
import { deadlineOf, readyGraph } from './shared/context';
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

function count(list: (SymbolJson | ProviderSymbolJson)[]): number {
  return list.reduce((n, s) => n + 1 + ('children' in s ? count(s.children ?? []) : 0), 0);
}

function flatten(symbols: ProviderSymbol[]): ProviderSymbol[] {
  return symbols.flatMap((s) => [s, ...flatten(s.children ?? [])]);
}

function indexedAt(engine: Engine, s: ProviderSymbol): SymbolJson[] {
  const at = s.selection ?? s.range;
  const indexed = indexedSymbolAt(engine, at.file, at.start.line, at.start.character);
  return indexed ? [symbolJson(indexed)] : [];
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
    await readyGraph(ctx, engine).catch(() => undefined); // symbol ids need the index; a language server's outline does not
    const answer = await ctx.features.documentSymbols(file, engine.root, ctx.signal, deadlineOf(ctx));
    const scope = target ? (find(answer.value, target)?.children ?? []) : answer.value;
    // The index answers in its own Symbol shape (ids every graph tool takes), flat: a file's every symbol, or a
    // type's own members; a language server's outline keeps its nesting, with the index's ids where it knows them.
    const symbols: (SymbolJson | ProviderSymbolJson)[] =
      answer.source === 'index'
        ? (target ? scope : flatten(scope)).flatMap((s) => indexedAt(engine, s))
        : scope.map((s) => providerSymbolJson(engine, s));
    const total = count(symbols);
    return fitToBudget(symbols, args.max_tokens, (kept, truncated) => ({ file, ...(target ? { parent: symbolJson(target) } : {}), symbols: kept, total, truncated, source: answer.source }));
  },
});
