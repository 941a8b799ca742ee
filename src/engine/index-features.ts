import type { Deadline } from '../common/deadline';
import { notFound } from '../common/errors';
import { containsIdentifier } from '../common/text-match';
import type { CodeGraph } from '../graph/code-graph';
import { definitionsAt, referencesTo } from '../graph/navigation';
import type { IndexedSymbol } from '../graph/symbol-table';
import type { Engine } from './engine';
import type { Answer, HoverInfo, LanguageFeatures, ProviderSymbol, ReferenceLocation, SourcePosition, SourceRange } from './language-features';
import type { Workspaces } from './workspaces';

/** Most workspace symbols the index gives for one query. */
const WORKSPACE_SYMBOL_LIMIT = 100;

/**
 * Where a symbol's name is: its declaration can start at a decorator or doc comment line, and the name's own line
 * is what a language server (and a person) needs.
 */
export function namePosition(engine: Engine, symbol: IndexedSymbol): SourcePosition {
  let offset = 0;
  try {
    const lines = engine.readText(symbol.file).split('\n').slice(symbol.lineStart - 1, symbol.lineEnd);
    offset = Math.max(0, lines.findIndex((l) => containsIdentifier(l, symbol.name)));
  } catch {
    offset = 0; // the file went away since it was indexed: the declaration's first line is the best there is
  }
  return { file: symbol.file, line: symbol.lineStart + offset, character: symbol.character };
}

function nameRange(engine: Engine, symbol: IndexedSymbol): SourceRange {
  const at = namePosition(engine, symbol);
  return { file: at.file, start: { line: at.line, character: at.character }, end: { line: at.line, character: at.character + [...symbol.name].length } };
}

function providerSymbol(engine: Engine, s: IndexedSymbol, children?: ProviderSymbol[]): ProviderSymbol {
  const container = s.qualifiedName !== s.name ? s.qualifiedName.slice(0, s.qualifiedName.length - s.name.length - 1) : undefined;
  return {
    name: s.name,
    kind: s.kind,
    detail: s.signature,
    ...(container ? { container } : {}),
    range: { file: s.file, start: { line: s.lineStart, character: 1 }, end: { line: s.lineEnd, character: 1 } },
    selection: nameRange(engine, s),
    ...(children?.length ? { children } : {}),
  };
}

const index = <T>(value: T, declaration?: SourceRange): Answer<T> => ({ source: 'index', value, ...(declaration ? { declaration } : {}) });

/**
 * The LanguageFeatures Sightline's own index can give: definition, references, hover (the declared signature and
 * doc), document and workspace symbols, in the same terms a language server answers in. It is the CLI's features,
 * and what VS Code falls back to where no language server answers (`serverOrIndex`). A position the index knows
 * nothing about is a `notFound` error that says what to point at.
 */
export class IndexLanguageFeatures implements LanguageFeatures {
  readonly source = 'index' as const;

  private readonly workspaces: () => Workspaces;

  /** A function is asked on every call: a host that rebuilds its folders (VS Code) passes one. */
  constructor(workspaces: Workspaces | (() => Workspaces)) {
    this.workspaces = typeof workspaces === 'function' ? workspaces : () => workspaces;
  }

  private engine(root: string): Engine {
    return this.workspaces().pick(root);
  }

  /** The symbols the name at `at` refers to (the call's targets, the declaration there, else that name's symbols). */
  private async targets(engine: Engine, at: SourcePosition, deadline: Deadline | undefined): Promise<{ graph: CodeGraph; targets: IndexedSymbol[] }> {
    const graph = await engine.readyWithin(deadline);
    return { graph, targets: definitionsAt(graph, at, engine.readText(at.file).split('\n')[at.line - 1] ?? '', deadline) };
  }

  async definition(at: SourcePosition, root: string, _signal?: AbortSignal, deadline?: Deadline): Promise<Answer<SourceRange[]>> {
    const engine = this.engine(root);
    const found = (await this.targets(engine, at, deadline)).targets;
    if (!found.length) throw notFound(`Nothing at ${where(at)} resolves to a definition in the index. Point at an identifier, or pass symbol.`);
    return index(found.map((s) => nameRange(engine, s)));
  }

  async references(at: SourcePosition, root: string, _signal?: AbortSignal, deadline?: Deadline): Promise<Answer<ReferenceLocation[]>> {
    const engine = this.engine(root);
    const { graph, targets: [target] } = await this.targets(engine, at, deadline);
    if (!target) throw notFound(`Nothing at ${where(at)} resolves to a symbol in the index. Point at an identifier, or pass symbol.`);
    // A call site is a point: the index keeps where a call starts, not where it ends.
    const refs = referencesTo(graph, target, deadline).map(({ file, line, character, enclosing_symbol, resolution }) => ({
      file,
      start: { line, character },
      end: { line, character },
      ...(enclosing_symbol ? { enclosing_symbol } : {}),
      ...(resolution ? { resolution } : {}),
    }));
    return index(refs, nameRange(engine, target));
  }

  async hover(at: SourcePosition, root: string, _signal?: AbortSignal, deadline?: Deadline): Promise<Answer<HoverInfo[]>> {
    const engine = this.engine(root);
    const [target] = (await this.targets(engine, at, deadline)).targets;
    if (!target) throw notFound(`No hover for ${where(at)}: the index knows no symbol there (a language server, in VS Code, may know types the index does not). Point at an identifier (not whitespace or punctuation), or pass symbol.`);
    return index([{ contents: [target.signature, ...(target.doc ? [target.doc] : [])] }], nameRange(engine, target));
  }

  /** The file's symbols nested as declared (members under their type), in source order. */
  async documentSymbols(file: string, root: string, _signal?: AbortSignal, deadline?: Deadline): Promise<Answer<ProviderSymbol[]>> {
    const engine = this.engine(root);
    const symbols = (await engine.readyWithin(deadline)).table.byFile.get(file) ?? [];
    const children = new Map<number | undefined, IndexedSymbol[]>();
    const locals = new Set(symbols.map((s) => s.local));
    for (const s of symbols) {
      const parent = s.parent !== undefined && locals.has(s.parent) ? s.parent : undefined;
      children.set(parent, [...(children.get(parent) ?? []), s]);
    }
    const tree = (parent: number | undefined): ProviderSymbol[] => (children.get(parent) ?? []).map((s) => providerSymbol(engine, s, tree(s.local)));
    return index(tree(undefined));
  }

  /** Symbols by name (exact, prefix, words, substring, misspelling), best first, as search_symbols ranks them. */
  async workspaceSymbols(query: string, root: string, _signal?: AbortSignal, deadline?: Deadline): Promise<Answer<ProviderSymbol[]>> {
    const engine = this.engine(root);
    const hits = await (await engine.retrievalWithin(deadline)).searchSymbols(query, undefined, WORKSPACE_SYMBOL_LIMIT, deadline);
    return index(hits.slice(0, WORKSPACE_SYMBOL_LIMIT).map((h) => providerSymbol(engine, h.symbol)));
  }
}

/**
 * A language server's answer, or the index's where the server had none: no server for the language (no Go
 * extension installed), or nothing at the position. What VS Code's features answer definition, references,
 * hover and symbols with.
 */
export async function serverOrIndex<T extends unknown[]>(server: T, isEmpty: (value: T) => boolean, fromIndex: () => Promise<Answer<T>>): Promise<Answer<T>> {
  return isEmpty(server) ? fromIndex() : { source: 'language_server', value: server };
}

function where(at: SourcePosition): string {
  return `${at.file}:${at.line}:${at.character}`;
}
