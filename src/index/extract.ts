import type { Edit, Node, Query, QueryMatch, Tree } from 'web-tree-sitter';
import { CaptureQuantifier, Parser } from 'web-tree-sitter';
import { loadLanguage } from './grammars';
import type { LanguageId } from './languages';
import { docComment, signatureOf } from './documentation';
import { mergeOverloads } from './overloads';
import { rustUseImports } from './rust-use';
import { functionValues, VALUE_REFS } from './js-values';
import { parameterBindings } from './python-parameters';
import { pythonValues } from './python-values';
import { annotatedResult, assignedDefs, FUNCTION_VALUES, isObjectMember, isRequire, markPrototypeOwners } from './js-definitions';
import { languageInfo } from './languages';
import { withTypeBounds } from './type-bounds';
import { type Repair, repairTypeScript } from './ts-repair';
import type { BindingRecord, CallRecord, FileRecord, ImportRecord, SymbolKind, SymbolRecord } from './records';

/**
 * Turns one file's text into flat records with the language's tags query (queries/<lang>-tags.scm).
 * Queries say *what* is a definition, call, import or binding; this file derives what queries cannot:
 * nesting (qualified names, enclosing symbols), methods vs functions, doc comments and signatures.
 */

const RECEIVER_MAX = 120;
const NOT_DEF_CAPTURES = new Set(['def.heritage', 'def.container', 'def.receiver', 'def.prototype']);
/**
 * In-progress matches the query cursor keeps at once. Unbounded, a long method chain (`a.b().b()…`, each call
 * nested in the next) keeps one pending match per level and indexing turns quadratic (10k lines: ~40 s);
 * bounded, the cursor drops the oldest pending match and stays linear. Real code never comes near it.
 */
const QUERY_MATCH_LIMIT = 256;
/** Qualified names longer than this keep their last segments (see boundedQualifiedName). */
const QUALIFIED_NAME_MAX = 300;
/** Definitions nested deeper than this get no doc comment (see buildSymbols). */
const DOC_NESTING_MAX = 64;
/** Receivers longer than this in the source (whitespace included) are not even read: see callFrom. */
const RECEIVER_RAW_MAX = 1000;

/** When one name node is captured by several definition patterns, the most specific kind wins. */
const DEF_PRIORITY: Record<SymbolKind, number> = {
  method: 9, function: 8, class: 7, interface: 7, struct: 7, enum: 7, trait: 7, module: 6, type: 5, field: 2, constant: 1,
};

/** Kinds whose functions are methods and whose names prefix their members'. */
const MEMBER_CONTAINERS: ReadonlySet<SymbolKind> = new Set(['class', 'interface', 'struct', 'enum', 'trait']);

interface Def {
  node: Node;
  nameNode: Node;
  kind: SymbolKind;
  heritage: string[];
  /** Explicit container (Go receiver type, Rust impl type). */
  container?: string;
  receiver?: string;
  /** JS `X.prototype.m = …`: the container is a constructor, hence a class. */
  prototype?: boolean;
  /** Rust impl blocks: a container scope that is not itself a symbol. */
  implOnly?: boolean;
  trait?: string;
  /** `node.endIndex`, read once (see endOf). */
  end?: number;
}

/**
 * A definition's end offset, read once: every read of a node's `endIndex` crosses into WASM (~0.3 µs), and nesting,
 * the symbol record and the enclosing-symbol lookup each need it. Only once the definitions are final (addDef may
 * still replace a definition's node before they are ordered).
 */
function endOf(def: Def): number {
  def.end ??= def.node.endIndex;
  return def.end;
}

/** What piecesFromTree finds: records before the passes over the whole file, and what those passes need. */
export interface Pieces {
  symbols: SymbolRecord[];
  calls: CallRecord[];
  imports: ImportRecord[];
  bindings: BindingRecord[];
  /** Where each binding's node starts (bindings carry no position). */
  bindingStarts: number[];
  valueMatches: QueryMatch[];
  locate: (offset: number) => { symbol?: number };
  packageName?: string;
  /**
   * Records whose meaning reaches across declarations beyond values and overloads: a package clause, generic bounds
   * (rewriting bindings by scope), prototype assignments (`X.prototype.m` makes a function X a class), Rust impls;
   * or a query that exceeded its match limit.
   */
  fileWide: boolean;
}

/** Whole lines (0-based rows, `lastRow` included) of a file, and the same span in offsets: where piecesFromTree matches. */
export interface PiecesRange {
  startIndex: number;
  endIndex: number;
  firstRow: number;
  lastRow: number;
}

/** A file's record, and what an in-place re-extraction of its next version needs (edit-extract.ts). */
export interface Extraction {
  record: FileRecord;
  /** The record before overloads were merged: the unit an edit splices. */
  unmerged: FileRecord;
  bindingStarts: number[];
  fileWide: boolean;
}

export type PreviousExtraction = Extraction & { edit: Edit };
/**
 * Records of an edited text from the previous version's (edit-extract.ts), given the query, the previous tree with the
 * edit applied and the new tree; undefined to extract the whole text.
 */
export type Reuse = (query: Query, oldTree: Tree, tree: Tree) => Extraction | undefined;
/** `parsed`: the text `tree` is the tree of, the file's own or its repair (ts-repair.ts): the next edit is from it. */
export type KeptExtraction = Extraction & { tree: Tree; parsed: string };

let parser: Parser | undefined;

/**
 * A query match (its captures and their nodes) and the last record of this thread, kept for the life of the
 * process. V8 keeps an object layout (hidden class) that was reached by adding fields only while some object has it,
 * and the optimized code that relied on it is thrown away at the first full GC that finds none: after a pass on the
 * Engine's thread every tree-sitter node, match and record of it is garbage, and the next pass ran the extraction's
 * hot functions unoptimized again while ~30 of them were recompiled (bench/README.md, issue 11, session 9).
 */
const liveShapes: { match?: QueryMatch; record?: FileRecord } = {};

/** Parser per process; recreated after a WASM abort, because an aborted parser silently returns wrong trees. */
function parserFor(): Parser {
  parser ??= new Parser();
  return parser;
}

export function resetParser(): void {
  try {
    parser?.delete();
  } catch {
    // The old parser may be unusable after an abort; dropping it is all that matters.
  }
  parser = undefined;
}

export async function extractFile(lang: LanguageId, text: string): Promise<FileRecord> {
  const { record, tree } = await extractKeepingTree(lang, text);
  tree.delete();
  return record;
}

/**
 * Like extractFile, but hands back the tree (the caller deletes it) so the next version of the same text
 * can be parsed incrementally: `oldTree` must already have had the edit applied (`tree.edit`). With `reuse`, the
 * records may come from the previous version's (see Reuse).
 */
export async function extractKeepingTree(lang: LanguageId, text: string, oldTree?: Tree, reuse?: Reuse): Promise<KeptExtraction> {
  const loaded = await loadLanguage(lang);
  const p = parserFor();
  p.setLanguage(loaded.language);
  let tree: Tree | null = null;
  // A whole TS text's repaired tree (ts-repair.ts), parsed first: kept when the repair's rewrites hold in it.
  let repairedTree: Tree | null = null;
  try {
    const typescript = lang === 'typescript' || lang === 'tsx';
    // Not TSX: there a JSX child on its own line (`>⏎  <Child`) reads as a signature line, and most files would have a
    // repair the check below turns down (patternfly: 1,881 of 3,040 files, none of them broken) after a wasted parse.
    const repair = lang === 'typescript' && !oldTree ? repairTypeScript(text) : undefined;
    let parsed = text;
    if (repair) {
      // One parse instead of two for the files the grammar misreads: the repaired text on its own, kept when its
      // rewrites show it is the tree to keep (repairHolds). Otherwise the file's own parse decides, as below (effect:
      // 210 of 363 files have a repair, 193 of them fail to parse without it; 2 files, 2,511 lines, come here).
      repairedTree = p.parse(repair.text);
      if (repairedTree && repairHolds(repairedTree.rootNode, repair)) {
        tree = repairedTree;
        repairedTree = null;
        parsed = repair.text;
      }
    }
    if (!tree) {
      tree = p.parse(text, oldTree);
      if (tree && oldTree && tree.rootNode.hasError) {
        // Error recovery from an old tree can differ from a fresh parse's (an error left where the text is valid again):
        // a text with errors is parsed afresh.
        tree.delete();
        tree = p.parse(text);
      }
    }
    if (!tree) throw new Error('tree-sitter returned no tree');
    if (parsed === text && tree.rootNode.hasError && typescript) {
      // Constructs the grammar misreads (see ts-repair.ts), in a file whose own parse has errors: the repaired tree,
      // already parsed above for a whole text, else a second parse of the repaired text, incremental from the first.
      if (repairedTree) {
        tree.delete();
        tree = repairedTree;
        repairedTree = null;
        parsed = repair!.text;
      } else {
        const late = repair ?? repairTypeScript(text);
        if (late) {
          const edited = tree.copy();
          for (const edit of late.edits()) edited.edit(edit);
          const second = p.parse(late.text, edited);
          edited.delete();
          if (second) {
            tree.delete();
            tree = second;
            parsed = late.text;
          }
        }
      }
    }
    const reused = reuse && oldTree && parsed === text ? reuse(loaded.query, oldTree, tree) : undefined;
    // A repaired tree's nodes sit where the file's own characters are (same length and lines): signatures and docs are
    // read from the file's text, so they show what it says (not a repair's `;` or blanked `in out`).
    const result = reused ?? extractionFromTree(lang, loaded.query, tree, text);
    liveShapes.record = result.record;
    // A repaired text's records are not the text's own: the next version is extracted whole.
    if (parsed !== text) result.fileWide = true;
    const kept = tree;
    tree = null;
    return { ...result, tree: kept, parsed };
  } catch (e) {
    resetParser();
    throw e;
  } finally {
    tree?.delete();
    repairedTree?.delete();
  }
}

/** Object-type bodies, whose members a `;` separates: where every `;` of a repair must be in its repaired tree. */
const SEPARATED_MEMBERS = new Set(['object_type', 'interface_body']);

/**
 * Whether `root`, the repair's tree, is the one to keep without parsing the file's own text. Yes when each rewrite is
 * what ts-repair.ts means it to be in it (each `;` a member separator of an object type, each blanked modifier run
 * inside a type parameter list): code the grammar reads without them has neither (a call written across lines, `in`
 * in a string). Yes as well when any one blanked run is inside a type parameter list: a name after `in`/`out` there
 * is an error in the file's own parse, and a file with errors keeps its repaired tree anyway (effect: Effect.ts,
 * Schema.ts, Channel.ts, Chunk.ts, whose other rewrites land in comments, strings or a conditional type).
 */
function repairHolds(root: Node, repair: Repair): boolean {
  // Once per repaired file: closures are fine here.
  if (repair.variance.some((at) => root.descendantForIndex(at, at + 1)?.type === 'type_parameters')) return true;
  return repair.variance.length === 0 && repair.separators.every((at) => {
    const node = root.descendantForIndex(at, at + 1);
    return node?.type === ';' && SEPARATED_MEMBERS.has(node.parent?.type ?? '');
  });
}

function extractionFromTree(lang: LanguageId, query: Query, tree: Tree, text: string): Extraction {
  const pieces = piecesFromTree(lang, query, tree, text);
  const column = (i: number) => codePointColumn(text, i);
  const { symbols, calls, imports, locate, valueMatches, bindings } = pieces;
  const values = lang === 'python' ? pythonValues(valueMatches, calls, symbols, imports, bindings, locate, column, text) : functionValues(valueMatches, calls, symbols, imports, locate, column);
  if (lang === 'python') {
    // Untyped parameters, for the names the linker can ask about (python-parameters.ts).
    const parameters = parameterBindings(symbols, calls, bindings, values, text, tree, (offset) => locate(offset).symbol);
    // Appended in place: the list is this extraction's own (piecesFromTree's), and spreading both copied every binding.
    for (const b of parameters.bindings) bindings.push(b);
    for (const start of parameters.starts) pieces.bindingStarts.push(start);
  }
  const unmerged: FileRecord = {
    lang,
    symbols,
    calls,
    imports,
    bindings,
    ...(values ? { values } : {}),
    packageName: pieces.packageName,
    hasErrors: tree.rootNode.hasError,
    lines: tree.rootNode.endPosition.row + 1,
  };
  return { record: mergeOverloads(unmerged), unmerged, bindingStarts: pieces.bindingStarts, fileWide: pieces.fileWide };
}

/**
 * A file's records before the passes over the whole file (function values, overloads), with what those passes and
 * an in-place re-extraction need. With `range`, only what the query matches inside it: the top-level declarations
 * an edit touched (edit-extract.ts).
 */
export function piecesFromTree(lang: LanguageId, query: Query, tree: Tree, text: string, range?: PiecesRange): Pieces {
  const defs = new Map<number, Def>();
  const callMatches: QueryMatch[] = [];
  const imports: ImportRecord[] = [];
  const bindMatches: QueryMatch[] = [];
  const valueMatches: QueryMatch[] = [];
  let packageName: string | undefined;

  // By rows: web-tree-sitter passes a query's index range to tree-sitter as bytes, where a node's index is in UTF-16 units.
  const options = range ? { matchLimit: QUERY_MATCH_LIMIT, startPosition: { row: range.firstRow, column: 0 }, endPosition: { row: range.lastRow + 1, column: 0 } } : { matchLimit: QUERY_MATCH_LIMIT };
  const patternKinds = patternKindsOf(query);
  for (const match of query.matches(tree.rootNode, options)) {
    liveShapes.match ??= match;
    // A range also yields matches of nodes that only touch it: keep those that start inside.
    if (range && !match.captures.every((c) => c.node.startIndex >= range.startIndex && c.node.startIndex < range.endIndex)) continue;
    const kind = patternKinds[match.patternIndex] ?? matchKind(captureMap(match));
    if (kind === 'call') callMatches.push(match);
    else if (kind === 'value') valueMatches.push(match);
    else if (kind === 'bind') bindMatches.push(match);
    else if (kind === 'declarator') {
      // One pattern for every JS/TS declarator of a name: its value's type (read once) says what it is.
      const value = captureNamed(match, 'value.ref')!;
      const type = value.type;
      if (FUNCTION_VALUES.has(type)) addDef(defs, captureNamed(match, 'declarator')!, captureNamed(match, 'value.name')!, 'function', match);
      else if (VALUE_REFS.has(type)) valueMatches.push(match);
    } else if (kind === 'def' || kind === 'heritage') {
      const defCap = defCaptureOf(match);
      if (kind === 'def') addDef(defs, defCap.node, captureNamed(match, 'name')!, defCap.name.slice(4) as SymbolKind, match);
      else addHeritage(defs, defCap.node, match);
    } else if (kind === 'assign') {
      for (const d of assignedDefs(captureNamed(match, 'assign')!, lang === 'javascript')) {
        putDef(defs, { node: d.node, nameNode: d.name, kind: d.kind, heritage: [], container: d.container, prototype: d.prototype });
      }
    } else if (kind === 'import') imports.push(...importsFrom(lang, captureMap(match)));
    else if (kind === 'reexport') imports.push(reexportFrom(captureMap(match)));
    else if (kind === 'package') packageName = captureNamed(match, 'package')!.text;
    else if (kind === 'impl') addImplScope(defs, captureMap(match));
  }

  dropBareDuplicates(imports);
  if (languageInfo(lang).family === 'js') for (const [key, def] of defs) if (def.kind === 'constant' && isRequire(def.node)) defs.delete(key);
  // Offsets read once per definition: each read of a node's offset crosses into WASM.
  // Arrays from literals, not `map` (see addDef): V8 tracks a literal's elements kind, so an empty one has the full one's map.
  const spans: { def: Def; start: number; end: number }[] = [];
  for (const def of defs.values()) spans.push({ def, start: def.node.startIndex, end: endOf(def) });
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const ordered: Def[] = [];
  for (const d of spans) ordered.push(d.def);
  const { symbols, symbolOfDef } = buildSymbols(lang, ordered, text);
  const locate = enclosingLocator(ordered, symbolOfDef);
  // A loop, not `map(…).filter(…)` (see addDef).
  const js = languageInfo(lang).family === 'js';
  const found: CallRecord[] = [];
  for (const m of callMatches) {
    const call = callFrom(m, locate, text, js);
    if (call) found.push(call);
  }
  const calls = dropDuplicateCalls(found);
  const bindingStarts: number[] = [];
  const bindingsOf = (ms: QueryMatch[], starts?: number[]) => {
    const out: BindingRecord[] = [];
    for (const m of ms) {
      const b = bindingFrom(m, locate, symbols);
      if (!b) continue;
      out.push(b);
      starts?.push(bindNodeOf(m).startIndex);
    }
    return out;
  };
  // Split in one loop: predicates passed to `filter` would be closures made per match (see isBound).
  const plain: QueryMatch[] = [];
  const bounds: QueryMatch[] = [];
  for (const m of bindMatches) (isBound(m) ? bounds : plain).push(m);
  const bindings = withTypeBounds(bindingsOf(plain, bindingStarts), bindingsOf(bounds));
  for (const b of bindings) if (b.field) b.scope = owningType(symbols, b.scope);
  // A query that dropped matches over the match limit may not drop the same ones over a region.
  const fileWide = packageName !== undefined || bounds.length > 0 || ordered.some((d) => d.prototype || d.implOnly) || query.didExceedMatchLimit();
  return { symbols, calls, imports, bindings, bindingStarts, valueMatches, locate, packageName, fileWide };
}

/**
 * A generic bound (`@bind.bound`, see withTypeBounds). Loops over captures, here and in defCaptureOf, rather than
 * `captures.some(…)` / `find(…)`: those make a closure per match, and under tsx (the benches, the tests) each
 * closure is also named at creation.
 */
function isBound(match: QueryMatch): boolean {
  for (const c of match.captures) if (c.name === 'bind.bound') return true;
  return false;
}

/** A definition match's `@def.<kind>` capture. */
function defCaptureOf(match: QueryMatch): QueryMatch['captures'][number] {
  for (const c of match.captures) if (isDefCapture(c.name)) return c;
  throw new Error(`pattern ${match.patternIndex}: a definition without its @def capture`);
}

/** Where a binding match is placed: its whole node (`@bind`), or its name where the pattern leaves the node out (Python's). */
function bindNodeOf(match: QueryMatch): Node {
  let name: Node | undefined;
  for (const c of match.captures) {
    if (c.name === 'bind') return c.node;
    if (c.name === 'bind.name') name ??= c.node;
  }
  return name!;
}

/** A field assigned in a method (`self.x = …`) belongs to the method's class. */
function owningType(symbols: SymbolRecord[], scope: number | undefined): number | undefined {
  let s = scope;
  while (s !== undefined && !MEMBER_CONTAINERS.has(symbols[s].kind)) s = symbols[s].parent;
  return s ?? scope;
}

function captureMap(match: QueryMatch): Map<string, Node> {
  const map = new Map<string, Node>();
  for (const c of match.captures) if (!map.has(c.name)) map.set(c.name, c.node);
  return map;
}

function captureNamed(match: QueryMatch, name: string): Node | undefined {
  for (const c of match.captures) if (c.name === name) return c.node;
  return undefined;
}

/** What piecesFromTree makes of a match (see matchKind). */
type MatchKind = 'package' | 'impl' | 'declarator' | 'assign' | 'def' | 'heritage' | 'call' | 'import' | 'reexport' | 'bind' | 'value' | 'none';

/** The captures whose presence decides a match's kind (matchKind), besides the definitions' `def.<kind>`. */
const KIND_CAPTURES = new Set(['package', 'scope.impl', 'declarator', 'assign', 'name', 'def.heritage', 'call', 'call.new', 'call.decorator', 'call.name', 'import', 'reexport', 'bind', 'bind.name', 'value.ref', 'value.arg', 'value.return', 'value.export']);

/** A definition's capture, `@def.<kind>` (not the helpers that go with one). */
function isDefCapture(name: string): boolean {
  return name.startsWith('def.') && !NOT_DEF_CAPTURES.has(name);
}

/** A match's kind from the names of its captures. */
function matchKind(caps: ReadonlySet<string> | ReadonlyMap<string, unknown>): MatchKind {
  let defCapture = false;
  for (const name of caps.keys()) if (isDefCapture(name)) defCapture = true;
  if (caps.has('package')) return 'package';
  if (caps.has('scope.impl')) return 'impl';
  if (caps.has('declarator')) return 'declarator';
  if (caps.has('assign')) return 'assign';
  if (defCapture && caps.has('name')) return 'def';
  if (defCapture && caps.has('def.heritage')) return 'heritage';
  if (caps.has('call') || caps.has('call.new') || caps.has('call.decorator') || caps.has('call.name')) return 'call';
  if (caps.has('import')) return 'import';
  if (caps.has('reexport')) return 'reexport';
  if (caps.has('bind') || caps.has('bind.name')) return 'bind';
  if (caps.has('value.ref') || caps.has('value.arg') || caps.has('value.return') || caps.has('value.export')) return 'value';
  return 'none';
}

const kindsByQuery = new WeakMap<Query, (MatchKind | undefined)[]>();

/**
 * Each pattern's kind, decided once per query from the captures the pattern always makes, so a match is sorted
 * by its pattern index instead of a map of its captures (there are tens of thousands of matches a file set).
 * A pattern whose deciding captures are optional (an alternation, `?`) is undefined: its matches are sorted one
 * by one.
 */
function patternKindsOf(query: Query): (MatchKind | undefined)[] {
  let kinds = kindsByQuery.get(query);
  if (kinds) return kinds;
  kinds = [];
  for (let p = 0; p < query.patternCount(); p++) {
    const always = new Set<string>();
    const any = new Set<string>();
    let defs = 0;
    query.captureQuantifiers[p].forEach((q, id) => {
      const name = query.captureNames[id];
      const isDef = isDefCapture(name);
      if (q === CaptureQuantifier.Zero || !(isDef || KIND_CAPTURES.has(name))) return;
      if (q === CaptureQuantifier.One || q === CaptureQuantifier.OneOrMore) always.add(name);
      if (isDef) defs++;
      any.add(name);
    });
    // matchKind's tests only ask whether a capture is there, in a fixed order: if the captures a match always
    // has and all it may have give one kind, every match of the pattern has it. Two definition captures: which
    // one a match names first is the match's to say.
    const kind = matchKind(always);
    kinds.push(defs <= 1 && kind === matchKind(any) ? kind : undefined);
  }
  kindsByQuery.set(query, kinds);
  return kinds;
}

/**
 * One plain loop over the captures, not `filter(…).map(…)` and three `find`s: an empty `filter` result is an array of
 * another map than a full one, so the first class with a base deoptimised piecesFromTree (where this is inlined) in
 * each parse worker (bench/README.md, issue 11, "session 7, second round").
 */
function addDef(defs: Map<number, Def>, node: Node, nameNode: Node, kind: SymbolKind, match: QueryMatch): void {
  const heritage: string[] = [];
  let container: string | undefined;
  let receiver: string | undefined;
  let prototype: true | undefined;
  for (const c of match.captures) {
    if (c.name === 'def.heritage') heritage.push(heritageName(c.node));
    else if (c.name === 'def.container') container ??= c.node.text;
    else if (c.name === 'def.receiver') receiver ??= c.node.text;
    else if (c.name === 'def.prototype') prototype = true;
  }
  if (kind === 'type' && node.type === 'type_alias_declaration') heritage.push(...aliasedTypes(node.childForFieldName('value')));
  putDef(defs, { node, nameNode, kind, heritage, container, receiver, prototype });
}

/** Adds a definition, or merges it into the one already made for the same name node (the most specific kind wins). */
function putDef(defs: Map<number, Def>, def: Def): void {
  const { node, nameNode, kind, heritage, container, receiver, prototype } = def;
  const key = nameNode.startIndex;
  const existing = defs.get(key);
  if (existing) {
    existing.prototype ??= prototype;
    if (DEF_PRIORITY[kind] > DEF_PRIORITY[existing.kind]) {
      existing.kind = kind;
      existing.node = node;
    }
    existing.heritage.push(...heritage.filter((h) => !existing.heritage.includes(h)));
    existing.container ??= container;
    existing.receiver ??= receiver;
    return;
  }
  defs.set(key, { node, nameNode, kind, heritage, container, receiver, prototype });
}

/**
 * The named types a TS type alias stands for: `type LogLevel = All | Fatal | …`, `type T = A & B`, `type U = ns.V<X>`.
 * A value of the alias is a value of one (union) or all (intersection) of them, so their members are the alias's,
 * and an object literal typed by the alias implements the members it has of them (effect's `logLevelAll: LogLevel =
 * { pipe() {…} }` implements `Pipeable.pipe` through `interface All extends Pipeable`). Literal, object, function
 * and mapped types name nothing.
 */
function aliasedTypes(value: Node | null): string[] {
  if (!value) return [];
  if (value.type === 'union_type' || value.type === 'intersection_type' || value.type === 'parenthesized_type') return value.namedChildren.flatMap((c) => (c ? aliasedTypes(c) : []));
  if (value.type === 'type_identifier' || value.type === 'nested_type_identifier') return [value.text];
  if (value.type === 'generic_type') return [baseTypeName(value.text)];
  return [];
}

/** Heritage patterns match without @name (so one match per base); attach them to the def they belong to. */
function addHeritage(defs: Map<number, Def>, node: Node, match: QueryMatch): void {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return;
  addDef(defs, node, nameNode, node.type.includes('interface') ? 'interface' : 'class', match);
}

function addImplScope(defs: Map<number, Def>, caps: Map<string, Node>): void {
  const node = caps.get('scope.impl')!;
  const existing = defs.get(-node.startIndex - 1);
  const trait = caps.get('scope.trait');
  if (existing) {
    if (trait) existing.trait = baseTypeName(trait.text);
    return;
  }
  const nameNode = caps.get('name') ?? node.childForFieldName('type');
  if (!nameNode) return;
  // Keyed apart from real defs (negative keys) so an impl never replaces the type it implements.
  defs.set(-node.startIndex - 1, {
    node, nameNode, kind: 'struct', heritage: [], implOnly: true, trait: trait ? baseTypeName(trait.text) : undefined,
  });
}

/** `Base<T>` → `Base`, `pkg.Base` stays qualified (the resolver splits it). */
/** TypeScript's utility types keep the members of the type they wrap: `Omit<HashSet<A>, "k">` has HashSet's methods. */
const UTILITY_TYPES = new Set(['Omit', 'Pick', 'Partial', 'Readonly', 'Required', 'NonNullable']);

function withoutUtilityType(node: Node): Node {
  if (node.type !== 'generic_type' || !UTILITY_TYPES.has(node.childForFieldName('name')?.text ?? '')) return node;
  const first = node.childForFieldName('type_arguments')?.namedChildren[0];
  return first && /^(type_identifier|nested_type_identifier|generic_type)$/.test(first.type) ? withoutUtilityType(first) : node;
}

/**
 * A base as written: its type name, or for a class that extends what a call returns (`class String$ extends
 * make<string>(ast)`, mixins) the callee followed by `()`: the hierarchy types it by the callee's declared result.
 */
function heritageName(node: Node): string {
  const callee = node.type === 'call_expression' ? calleePath(node.childForFieldName('function')) : undefined;
  return callee ? `${callee}()` : baseTypeName(node.text);
}

/** A callee as the resolver reads receivers: `make`, `Schema.make`, `transform(…).annotations` (arguments elided). */
function calleePath(node: Node | null, depth = 0): string | undefined {
  if (!node || depth > 8) return undefined;
  if (node.type === 'identifier') return node.text;
  if (node.type === 'member_expression') {
    const object = calleePath(node.childForFieldName('object'), depth + 1);
    const property = node.childForFieldName('property');
    return object && property?.type === 'property_identifier' ? `${object}.${property.text}` : undefined;
  }
  if (node.type === 'call_expression') {
    const callee = calleePath(node.childForFieldName('function'), depth + 1);
    return callee && !callee.includes('(') ? `${callee}(…)` : undefined;
  }
  return undefined;
}

export function baseTypeName(text: string): string {
  const lt = text.indexOf('<');
  const bracket = text.indexOf('[');
  const cut = [lt, bracket].filter((i) => i > 0);
  return (cut.length ? text.slice(0, Math.min(...cut)) : text).trim();
}

function buildSymbols(lang: LanguageId, ordered: Def[], text: string): { symbols: SymbolRecord[]; symbolOfDef: Map<Def, number> } {
  const symbols: SymbolRecord[] = [];
  const symbolOfDef = new Map<Def, number>();
  const qualifiedOfDef = new Map<Def, string>();
  const stack: Def[] = [];
  for (const def of ordered) {
    const end = endOf(def);
    while (stack.length && endOf(stack[stack.length - 1]) < end) stack.pop();
    while (stack.length && !(stack[stack.length - 1].node.startIndex <= def.node.startIndex && end <= endOf(stack[stack.length - 1]))) stack.pop();
    const parentDef = stack[stack.length - 1];
    stack.push(def);
    const name = def.nameNode.text;
    if (def.implOnly) {
      qualifiedOfDef.set(def, name);
      continue;
    }
    let kind = def.kind;
    let prefix: string | undefined;
    if (def.container) {
      prefix = baseTypeName(def.container);
      kind = kind === 'function' ? 'method' : kind;
    } else if (parentDef) {
      prefix = qualifiedOfDef.get(parentDef);
      const parentIsType = parentDef.implOnly || MEMBER_CONTAINERS.has(parentDef.kind);
      if (kind === 'function' && parentIsType) kind = 'method';
      // A function in an object literal held by a name (`const api = { start() {} }`) is that object's method.
      if (kind === 'function' && parentDef.kind === 'constant' && isObjectMember(def.node)) kind = 'method';
      // Python class attributes and TS fields captured as constants inside a class are fields.
      if (kind === 'constant' && parentIsType) kind = 'field';
    }
    // Read once for the signature and the doc (a Python docstring is the body's first statement).
    const body = def.node.childForFieldName('body');
    const qualifiedName = prefix ? boundedQualifiedName(prefix, name) : name;
    qualifiedOfDef.set(def, qualifiedName);
    const parentSymbol = parentDef && !parentDef.implOnly ? symbolOfDef.get(parentDef) : undefined;
    symbolOfDef.set(def, symbols.length);
    symbols.push({
      name,
      qualifiedName,
      kind,
      lineStart: def.node.startPosition.row + 1,
      lineEnd: def.node.endPosition.row + 1,
      character: codePointColumn(text, def.nameNode.startIndex),
      signature: signatureOf(def.node, lang, text, body),
      // tree-sitter finds a node's parent and previous sibling by walking down from the root: past this nesting
      // depth the doc-comment lookup would make a file of thousands of nested functions quadratic.
      doc: stack.length <= DOC_NESTING_MAX ? docComment(def.node, lang, body) : undefined,
      parent: parentSymbol,
      heritage: def.heritage.length || def.trait ? [...def.heritage] : undefined,
      trait: parentDef?.implOnly && parentDef.trait && kind === 'method' ? parentDef.trait : undefined,
      // Read from type annotations and generic calls, which JavaScript has neither of: 4–5 reads into WASM per declarator.
      returns: lang === 'typescript' || lang === 'tsx' ? annotatedResult(def.node) : undefined,
      startIndex: def.node.startIndex,
      endIndex: end,
    });
  }
  // An impl's trait makes its type implement the trait: record it on the type's symbol if it is in this file.
  for (const def of ordered) {
    if (!def.implOnly || !def.trait) continue;
    const target = symbols.find((s) => s.name === def.nameNode.text && s.parent === undefined && (s.kind === 'struct' || s.kind === 'enum'));
    if (target) (target.heritage ??= []).includes(def.trait) || target.heritage.push(def.trait);
  }
  markPrototypeOwners(symbols, ordered.filter((d) => d.prototype).map((d) => d.container!));
  return { symbols, symbolOfDef };
}

/**
 * `prefix.name`, keeping only its tail when nesting is absurdly deep: 8,000 nested functions would otherwise
 * carry names (and ids, and search titles) thousands of segments long, quadratic in the file's size.
 */
export function boundedQualifiedName(prefix: string, name: string): string {
  const full = `${prefix}.${name}`;
  if (full.length <= QUALIFIED_NAME_MAX) return full;
  const tail = full.slice(full.length - QUALIFIED_NAME_MAX + 1);
  const cut = tail.indexOf('.');
  return `…${cut >= 0 && cut < tail.length - name.length ? tail.slice(cut) : `.${name}`}`;
}

/**
 * Returns the innermost symbol containing a byte offset. Defs are sorted by start and properly nested,
 * so the innermost one is the last def starting before the offset or one of its ancestors.
 */
/**
 * The innermost symbol enclosing an offset. Definitions nest, so after a binary search for the last one starting at
 * or before the offset only its ancestors can enclose it: the walk climbs parents instead of scanning every earlier
 * definition, which was quadratic in files of many sibling functions (a test file's callbacks, a JSX module's
 * components), with two WASM crossings per step.
 */
function enclosingLocator(ordered: Def[], symbolOfDef: Map<Def, number>): (offset: number) => { symbol?: number; def?: Def } {
  const starts = new Array<number>(ordered.length);
  const ends = new Array<number>(ordered.length);
  const parent = new Int32Array(ordered.length);
  const open: number[] = [];
  ordered.forEach((d, i) => {
    starts[i] = d.node.startIndex;
    ends[i] = endOf(d);
    while (open.length && ends[open[open.length - 1]] <= starts[i]) open.pop();
    parent[i] = open.length ? open[open.length - 1] : -1;
    open.push(i);
  });
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    let idx = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] <= offset) {
        idx = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    for (let i = idx; i >= 0; i = parent[i]) {
      const d = ordered[i];
      // An impl scope is not a symbol: keep looking outwards only if nothing inside it matched.
      if (starts[i] <= offset && offset < ends[i] && symbolOfDef.has(d)) return { symbol: symbolOfDef.get(d), def: d };
    }
    return {};
  };
}

function callFrom(match: QueryMatch, locate: ReturnType<typeof enclosingLocator>, text: string, js: boolean): CallRecord | undefined {
  // One pass over the captures (the first of a name counts), not a Map per call.
  let nameNode: Node | undefined;
  let plain: Node | undefined;
  let created: Node | undefined;
  let decorated: Node | undefined;
  let receiverNode: Node | undefined;
  let element = false;
  for (const c of match.captures) {
    if (c.name === 'call.name') nameNode ??= c.node;
    else if (c.name === 'call') plain ??= c.node;
    else if (c.name === 'call.new') created ??= c.node;
    else if (c.name === 'call.decorator') decorated ??= c.node;
    else if (c.name === 'call.receiver') receiverNode ??= c.node;
    else if (c.name === 'call.element') element = true;
  }
  // A pattern without the whole call (Python's) is placed at its name: the call starts where no other definition does.
  const callNode = plain ?? created ?? decorated ?? nameNode;
  if (!nameNode || !callNode) return undefined;
  // Whitespace is dropped (`a\n  .b` → `a.b`) except after `new`, so `new Foo().bar()` keeps its constructor.
  // A receiver's length is checked before its text is copied: in a long chain (`a.b().b()…`) every call's
  // receiver is the whole chain before it, and copying each would make indexing quadratic.
  // The receiver's text is cut from the source: `receiverNode.text` would read its end offset from WASM again.
  const receiverEnd = receiverNode?.endIndex ?? 0;
  const rawTooLong = receiverNode !== undefined && receiverEnd - receiverNode.startIndex > RECEIVER_RAW_MAX;
  let receiver = rawTooLong ? '<expr>' : receiverNode ? compactReceiver(text.slice(receiverNode.startIndex, receiverEnd)) : undefined;
  if (receiver && receiver.length > RECEIVER_MAX) receiver = '<expr>';
  // `Effect.gen(function* () { …many lines… }).pipe(…)`: a JS/TS receiver too long to keep that is one call of a plain
  // path keeps its callee (`Effect.gen(…)`), whose declared result types the receiver as a shorter call's would.
  if (receiver === '<expr>' && js && receiverNode?.type === 'call_expression') {
    const callee = receiverNode.childForFieldName('function');
    if (callee && callee.endIndex - callee.startIndex <= RECEIVER_MAX && /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(callee.text)) receiver = `${callee.text}(…)`;
  }
  return {
    name: nameNode.text,
    receiver,
    constructs: created ? true : undefined,
    line: nameNode.startPosition.row + 1,
    character: codePointColumn(text, nameNode.startIndex),
    enclosing: locate(callNode.startIndex).symbol,
    decorator: decorated ? true : undefined,
    element: element || undefined,
  };
}

/** A receiver's text without whitespace, except after `new`; most have none to drop, and skip the three passes. */
function compactReceiver(raw: string): string {
  if (!/[\s\0]/.test(raw)) return raw;
  return raw.replace(/\bnew\s+/g, 'new\0').replace(/\s+/g, '').replace(/new\0/g, 'new ');
}

/**
 * Binding captures: `@bind.type` / `@bind.returns` (`@bind.returns.second`: the call's second result) /
 * `@bind.elements` / `@bind.iterates` (types), `@bind.iterator` (`xs[Symbol.iterator]()`: an `Iterator`), `@bind.alias`
 * (the value of a name or path), `@bind.aliases` (one value of a dict or list literal), `@bind.destructures` (the
 * object a destructured name is read from: `const { a } = x` binds a to `x.a`), `@bind.param` (an
 * untyped parameter: bound, type unknown; Python's are made in python-parameters.ts) and `@bind.return` on a return statement (binds `return`, see BindingRecord.name).
 */
function bindingFrom(match: QueryMatch, locate: ReturnType<typeof enclosingLocator>, symbols: SymbolRecord[]): BindingRecord | undefined {
  const caps = captureMap(match);
  const destructured = caps.get('bind.destructures');
  const valueNode = caps.get('bind.alias') ?? caps.get('bind.aliases') ?? destructured;
  const typeNode = caps.get('bind.type') ?? caps.get('bind.iterator') ?? caps.get('bind.returns') ?? caps.get('bind.returns.second') ?? caps.get('bind.elements') ?? caps.get('bind.iterates') ?? valueNode ?? caps.get('bind.param');
  const nameNode = caps.get('bind.name') ?? caps.get('bind.field');
  const returned = caps.has('bind.return');
  if (!typeNode || (!nameNode && !returned)) return undefined;
  const bindNode = caps.get('bind') ?? nameNode!;
  const located = locate(bindNode.startIndex);
  let scope = located.symbol;
  // `engine = Engine()` / Go `var x = T{}` at module level is itself a constant symbol: the name is bound in
  // the constant's scope (the module), not inside the constant.
  if (scope !== undefined && nameNode && located.def?.nameNode.startIndex === nameNode.startIndex && symbols[scope].kind === 'constant') scope = symbols[scope].parent;
  let type: string;
  if (destructured) type = `${destructured.text.replace(/\s+/g, '')}.${nameNode!.text}`;
  else if (valueNode) type = valueNode.text.replace(/\s+/g, '');
  else if (caps.has('bind.param')) type = '';
  else if (caps.has('bind.iterator')) type = 'Iterator';
  else type = baseTypeName(withoutUtilityType(typeNode).text.replace(/^\*/, ''));
  return {
    name: returned ? 'return' : nameNode!.text,
    field: caps.has('bind.field') ? true : undefined,
    type,
    fromCall: caps.has('bind.returns') || caps.has('bind.returns.second') ? true : undefined,
    result: caps.has('bind.returns.second') ? 1 : undefined,
    alias: valueNode ? true : undefined,
    collection: caps.has('bind.elements') || caps.has('bind.aliases') ? true : undefined,
    elementOf: caps.has('bind.iterates') ? true : undefined,
    scope,
  };
}

/**
 * A name captured by two call patterns (Rust macro token trees are matched token by token, so `c.area()` also
 * matches the bare-call pattern) is one call: keep the record that knows the receiver.
 */
function dropDuplicateCalls(calls: CallRecord[]): CallRecord[] {
  const best = new Map<string, CallRecord>();
  for (const c of calls) {
    const key = `${c.line}:${c.character}`;
    const prev = best.get(key);
    if (!prev || (prev.receiver === undefined && c.receiver !== undefined)) best.set(key, c);
  }
  return best.size === calls.length ? calls : calls.filter((c) => best.get(`${c.line}:${c.character}`) === c);
}

/** The catch-all import pattern adds a bare record per statement; keep it only for side-effect imports. */
function dropBareDuplicates(imports: ImportRecord[]): void {
  const named = new Set(imports.filter((i) => i.name !== undefined || i.local !== undefined).map((i) => `${i.line}\0${i.source}`));
  const seen = new Set<string>();
  for (let i = imports.length - 1; i >= 0; i--) {
    const imp = imports[i];
    if (imp.name !== undefined || imp.local !== undefined) continue;
    const key = `${imp.line}\0${imp.source}`;
    if (named.has(key) || seen.has(key)) imports.splice(i, 1);
    seen.add(key);
  }
}

function stripQuotes(s: string): string {
  return s.replace(/^["'`]|["'`]$/g, '');
}

function importsFrom(lang: LanguageId, caps: Map<string, Node>): ImportRecord[] {
  const line = caps.get('import')!.startPosition.row + 1;
  if (caps.has('import.rust')) return rustUseImports(caps.get('import.rust')!, line);
  const sourceNode = caps.get('import.source');
  const ns = caps.get('import.namespace');
  let source = sourceNode ? stripQuotes(sourceNode.text) : ns?.text;
  if (source === undefined) return [];
  if (lang === 'go') {
    const alias = ns?.text;
    if (alias === '_') return [{ source, line }];
    return [{ source, local: alias ?? source.split('/').pop(), namespace: true, line }];
  }
  if (caps.has('import.wildcard')) return [{ source, name: '*', line }];
  if (ns) return [{ source, local: ns.text, namespace: true, line }];
  const def = caps.get('import.default');
  if (def) return [{ source, name: 'default', local: def.text, line }];
  const name = caps.get('import.name')?.text;
  if (name === undefined) return [{ source, line }];
  return [{ source, name, local: caps.get('import.alias')?.text ?? name.split('.').pop(), line }];
}

function reexportFrom(caps: Map<string, Node>): ImportRecord {
  const source = stripQuotes(caps.get('reexport.source')!.text);
  const line = caps.get('reexport')!.startPosition.row + 1;
  const name = caps.get('reexport.name')?.text;
  const alias = caps.get('reexport.alias')?.text;
  if (name === undefined && alias !== undefined) return { source, local: alias, namespace: true, reexport: true, line };
  if (name === undefined) return { source, name: '*', reexport: true, line };
  return { source, name, local: alias ?? name, reexport: true, line };
}

/** 1-based column in code points, the unit of tool positions (web-tree-sitter indexes JS string units). */
export function codePointColumn(text: string, startIndex: number): number {
  const lineStart = text.lastIndexOf('\n', startIndex - 1) + 1;
  const prefix = text.slice(lineStart, startIndex);
  // Fast path: without surrogate pairs, string units are code points.
  if (!/[\ud800-\udfff]/.test(prefix)) return prefix.length + 1;
  return [...prefix].length + 1;
}
