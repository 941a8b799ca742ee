import { unsupported } from '../../common/errors';
import { fitToBudget } from '../../common/tokens';
import type { Engine } from '../../engine/engine';
import type { LanguageFeatures, ProviderSymbol, SourceRange } from '../../engine/language-features';
import type { IndexedSymbol } from '../../graph/symbol-table';
import { type PositionInput, positionInWorkspace } from './addressing';
import { symbolJson, type SymbolJson } from './symbols';
import type { ToolContext } from './tool';

/** Shared by the language-server tools: feature checks and the one way ranges and symbols are written. */

/**
 * The feature a tool needs, or an `unsupported` error that says where it works and what to use instead.
 * Headless (the CLI) no language server runs, so these tools answer only inside VS Code.
 */
export function requireFeature<K extends Exclude<keyof LanguageFeatures, 'source'>>(ctx: ToolContext, feature: K, tool: string, instead: string): NonNullable<LanguageFeatures[K]> {
  const f = ctx.features[feature];
  if (typeof f !== 'function') {
    throw unsupported(`${tool} needs a language server, which Sightline reaches only inside VS Code (the Sightline extension). Here, use ${instead}.`);
  }
  return (f as (...args: unknown[]) => unknown).bind(ctx.features) as NonNullable<LanguageFeatures[K]>;
}

export interface LocationJson {
  file: string;
  line: number;
  character: number;
  end_line: number;
  end_character: number;
}

export function locationJson(r: SourceRange): LocationJson {
  return { file: r.file, line: r.start.line, character: r.start.character, end_line: r.end.line, end_character: r.end.character };
}

/** The indexed symbol whose name starts at a position, if the index has one (innermost wins). */
export function indexedSymbolAt(engine: Engine, file: string, line: number, character: number): IndexedSymbol | undefined {
  let graph;
  try {
    graph = engine.graph;
  } catch {
    return undefined;
  }
  let best: IndexedSymbol | undefined;
  for (const s of graph.table.byFile.get(file) ?? []) {
    if (s.character === character && s.lineStart <= line && line <= s.lineEnd && (!best || s.lineStart >= best.lineStart)) best = s;
  }
  return best;
}

/** A location, plus the graph tools' Symbol shape when the index knows the symbol there. */
export function locationWithSymbol(engine: Engine, r: SourceRange): LocationJson & { symbol?: SymbolJson } {
  const sym = indexedSymbolAt(engine, r.file, r.start.line, r.start.character);
  return { ...locationJson(r), ...(sym ? { symbol: symbolJson(sym) } : {}) };
}

export interface ProviderSymbolJson extends LocationJson {
  name: string;
  kind: string;
  detail?: string;
  container?: string;
  /** The index's symbol_id, when the index knows this symbol: usable with every graph tool. */
  symbol_id?: string;
  children?: ProviderSymbolJson[];
}

/** A language server's symbol: its name position (selection range) and the index's id when known. */
export function providerSymbolJson(engine: Engine, s: ProviderSymbol, depth = 0, maxDepth = 3): ProviderSymbolJson {
  const at = s.selection ?? s.range;
  const indexed = indexedSymbolAt(engine, at.file, at.start.line, at.start.character);
  return {
    name: s.name,
    kind: s.kind,
    ...(s.detail ? { detail: s.detail } : {}),
    ...(s.container ? { container: s.container } : {}),
    ...locationJson(at),
    ...(indexed ? { symbol_id: indexed.id } : {}),
    ...(s.children?.length && depth < maxDepth ? { children: s.children.map((c) => providerSymbolJson(engine, c, depth + 1, maxDepth)) } : {}),
  };
}

/** go_to_implementation and go_to_type_definition: provider locations at a position, with index symbols, in budget (`locations`; each tool names the list). */
export async function providerLocations(
  ctx: ToolContext,
  args: PositionInput & { max_tokens: number; workspace?: string },
  feature: 'implementation' | 'typeDefinition',
  tool: string,
  instead: string,
) {
  const locate = requireFeature(ctx, feature, tool, instead);
  const { engine, at } = await positionInWorkspace(ctx, args);
  const found = (await locate(at, engine.root, ctx.signal)).map((r) => locationWithSymbol(engine, r));
  return fitToBudget(found, args.max_tokens, (kept, truncated) => ({ position: at, locations: kept, total: found.length, truncated, source: 'language_server' }));
}
