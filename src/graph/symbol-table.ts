import type { FileRecord, SymbolRecord } from '../index/records';
import { TYPE_KINDS } from '../index/records';
import type { LanguageId } from '../index/languages';
import { languageInfo } from '../index/languages';
import { symbolIds } from './symbol-id';

/** A symbol with its workspace identity. `id` = `<file>#<qualifiedName>` plus `~N` for the Nth duplicate (`~Trait` for a Rust trait impl method, see symbolIds). */
export interface IndexedSymbol extends SymbolRecord {
  id: string;
  file: string;
  lang: LanguageId;
  /** Position in its file's symbol list (what CallRecord.enclosing and parent refer to). */
  local: number;
  /** Position in SymbolTable.all; the call graph's node number. */
  ordinal: number;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Symbols added to the lookups between two chances to yield (see prepareLookups). */
const PREPARE_CHUNK = 2048;

interface Lookups {
  byName: Map<string, IndexedSymbol[]>;
  byQualified: Map<string, IndexedSymbol[]>;
  topLevel: Map<string, Map<string, IndexedSymbol[]>>;
  membersOf: Map<string, IndexedSymbol[]>;
  /**
   * Symbols nested directly in another, by the parent's ordinal, then name: scope lookups stay O(1) in files with
   * thousands of symbols. Indexed by number, not by a `file\0parent\0name` key: building and hashing that string
   * for every nested symbol and every lookup was a tenth of linking Python.
   */
  nested: (Map<string, IndexedSymbol[]> | undefined)[];
}

/** Lookup tables over every file's symbols, rebuilt when the set of files changes. */
export class SymbolTable {
  readonly all: IndexedSymbol[] = [];
  readonly byFile = new Map<string, IndexedSymbol[]>();
  /** By id, hashed per file on first use (see SymbolsById). */
  readonly byId = new SymbolsById(this.byFile);
  readonly filesByDir = new Map<string, string[]>();
  /**
   * The lookups only linking and name queries need, built on first use: a warm start restores the graph from
   * its snapshot without them, and building them was half of the symbol table's cost (~0.2 s at 1M lines).
   */
  private lookups?: Lookups;
  // Lazily built lookups for the resolver's hot paths: common names (`String`, `new`, `get`) have thousands
  // of symbols, and filtering them once per call site made linking quadratic on large corpora.
  private readonly typesByName = new Map<string, IndexedSymbol[]>();
  /** By container, then member name: two lookups cost less than building a `container\0name` key per call. */
  private readonly membersByName = new Map<string, Map<string, IndexedSymbol[]>>();
  private readonly goPackages = new Map<string, Map<string, IndexedSymbol[]>>();

  readonly files: ReadonlyMap<string, FileRecord>;

  /** `fill` false: the files are added by `build`, which yields between them. */
  constructor(files: ReadonlyMap<string, FileRecord>, fill = true) {
    // A private copy: updates (replaceRecord) must not write into the caller's map.
    this.files = new Map(files);
    if (fill) for (const entry of sortedByFile(files)) this.addFile(entry);
  }

  /**
   * The same table as the constructor's, and its lookups, built with `pause` called every few thousand symbols so
   * that the caller can yield to the event loop (~1 s of one synchronous step at a million lines otherwise).
   */
  static async build(files: ReadonlyMap<string, FileRecord>, pause: () => Promise<void>): Promise<SymbolTable> {
    const table = new SymbolTable(files, false);
    let added = 0;
    for (const entry of sortedByFile(files)) {
      table.addFile(entry);
      added += entry[1].symbols.length;
      if (added >= PREPARE_CHUNK) {
        added = 0;
        await pause();
      }
    }
    await table.prepareLookups(pause);
    return table;
  }

  private addFile([file, record]: [string, FileRecord]): void {
    push(this.filesByDir, dirOf(file), file);
    const list: IndexedSymbol[] = [];
    const ids = symbolIds(file, record.symbols);
    record.symbols.forEach((s, local) => {
      const sym = indexedSymbol(s, ids[local], file, record.lang, local, this.all.length);
      this.all.push(sym);
      list.push(sym);
    });
    this.byFile.set(file, list);
  }

  /** Symbols by simple name, in declaration order. */
  get byName(): ReadonlyMap<string, IndexedSymbol[]> {
    return this.built().byName;
  }

  get byQualified(): ReadonlyMap<string, IndexedSymbol[]> {
    return this.built().byQualified;
  }

  /** Top-level (no parent, no container) symbols of each file by name: a module's exports. */
  get topLevel(): ReadonlyMap<string, ReadonlyMap<string, IndexedSymbol[]>> {
    return this.built().topLevel;
  }

  /** Members (methods, fields) by the simple name of their container type. */
  get membersOf(): ReadonlyMap<string, IndexedSymbol[]> {
    return this.built().membersOf;
  }

  /** In the order of `all` (files sorted, symbols in file order), so every list is in declaration order. */
  private built(): Lookups {
    if (this.lookups) return this.lookups;
    const lookups = emptyLookups(this.all.length);
    for (const sym of this.all) addToLookups(lookups, sym);
    return (this.lookups = lookups);
  }

  /**
   * Builds the lookups the way first use would, calling `pause` every few thousand symbols (~0.5 s at a million
   * lines otherwise, in the first call linked). Same maps, same order.
   */
  private async prepareLookups(pause: () => Promise<void>): Promise<void> {
    const lookups = emptyLookups(this.all.length);
    for (let i = 0; i < this.all.length && !this.lookups; i++) {
      addToLookups(lookups, this.all[i]);
      if (i % PREPARE_CHUNK === PREPARE_CHUNK - 1) await pause();
    }
    this.lookups ??= lookups;
  }

  /** Symbols named `name` declared directly inside the symbol at `parent` (its local index) in `file`. */
  nestedNamed(file: string, parent: number, name: string): readonly IndexedSymbol[] {
    const ordinal = this.byFile.get(file)?.[parent]?.ordinal;
    return (ordinal !== undefined ? this.built().nested[ordinal]?.get(name) : undefined) ?? [];
  }

  /**
   * Swaps in a new record for a file whose symbols keep their names and nesting (CodeGraph.updateFile checks):
   * the IndexedSymbol objects stay (every map points at them) and take the new positions, docs and bodies.
   */
  replaceRecord(file: string, record: FileRecord): void {
    const list = this.byFile.get(file) ?? [];
    // Optional fields are cleared first: a doc comment removed in the edit must not linger.
    record.symbols.forEach((s, local) => Object.assign(list[local], { doc: undefined, heritage: undefined, parent: undefined }, s));
    (this.files as Map<string, FileRecord>).set(file, record);
  }

  typesNamed(name: string): IndexedSymbol[] {
    return lazyList(this.typesByName, name, () => (this.byName.get(name) ?? []).filter((s) => TYPE_KINDS.has(s.kind)));
  }

  /** Members named `name` of types named `container` (membersOf filtered by name), in declaration order. */
  membersNamed(container: string, name: string): IndexedSymbol[] {
    let byName = this.membersByName.get(container);
    if (!byName) this.membersByName.set(container, (byName = new Map()));
    return lazyList(byName, name, () => (this.membersOf.get(container) ?? []).filter((m) => m.name === name));
  }

  /** Top-level symbols named `name` in any Go file of `dir` (a Go package), in file order. */
  goPackageTopLevel(dir: string, name: string): IndexedSymbol[] {
    let byName = this.goPackages.get(dir);
    if (!byName) {
      byName = new Map();
      for (const f of this.filesByDir.get(dir) ?? []) {
        if (!f.endsWith('.go')) continue;
        for (const [n, list] of this.topLevel.get(f) ?? []) for (const sym of list) push(byName, n, sym);
      }
      this.goPackages.set(dir, byName);
    }
    return byName.get(name) ?? [];
  }

  family(sym: IndexedSymbol): string {
    return languageInfo(sym.lang).family;
  }
}

/**
 * Symbols by id, through their file: a file's ids are hashed into a map of its own the first time one of them is
 * asked for. Hashing all 70k ids of a 1M-line workspace (each a concatenated string, flattened to be hashed) was
 * ~90 ms of every warm start, which looks up only a few of them.
 */
export class SymbolsById {
  private readonly perFile = new Map<string, Map<string, IndexedSymbol>>();

  constructor(private readonly byFile: ReadonlyMap<string, readonly IndexedSymbol[]>) {}

  get(id: string): IndexedSymbol | undefined {
    // The file is the part before a `#`: the first one unless the path has its own (a private member `A.#m` puts
    // one in the qualified name too), so each `#` is tried in turn.
    for (let hash = id.indexOf('#'); hash > 0; hash = id.indexOf('#', hash + 1)) {
      const found = this.inFile(id.slice(0, hash))?.get(id);
      if (found) return found;
    }
    return undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  private inFile(file: string): Map<string, IndexedSymbol> | undefined {
    let map = this.perFile.get(file);
    if (!map) {
      const symbols = this.byFile.get(file);
      if (!symbols) return undefined;
      map = new Map(symbols.map((s) => [s.id, s]));
      this.perFile.set(file, map);
    }
    return map;
  }
}

/** The simple name of the type or module a symbol is declared in (`A.B.m` → `B`), if any. */
export function containerName(s: SymbolRecord): string | undefined {
  const dot = s.qualifiedName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const prefix = s.qualifiedName.slice(0, dot);
  const prev = prefix.lastIndexOf('.');
  return prev < 0 ? prefix : prefix.slice(prev + 1);
}

/**
 * Every field written in one order, optional ones included: all symbols then share one hidden class, which
 * keeps the resolver's property reads monomorphic (a spread of records with differing optional fields made
 * V8 build a shape per combination, and building the table cost ~10 µs per symbol on large corpora).
 */
function indexedSymbol(s: SymbolRecord, id: string, file: string, lang: LanguageId, local: number, ordinal: number): IndexedSymbol {
  return {
    name: s.name,
    qualifiedName: s.qualifiedName,
    kind: s.kind,
    lineStart: s.lineStart,
    lineEnd: s.lineEnd,
    character: s.character,
    signature: s.signature,
    doc: s.doc,
    parent: s.parent,
    heritage: s.heritage,
    returns: s.returns,
    startIndex: s.startIndex,
    endIndex: s.endIndex,
    id,
    file,
    lang,
    local,
    ordinal,
  };
}

function lazyList<V>(cache: Map<string, V[]>, key: string, build: () => V[]): V[] {
  let list = cache.get(key);
  if (!list) cache.set(key, (list = build()));
  return list;
}

function sortedByFile(files: ReadonlyMap<string, FileRecord>): [string, FileRecord][] {
  return [...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function emptyLookups(symbols: number): Lookups {
  return { byName: new Map(), byQualified: new Map(), topLevel: new Map(), membersOf: new Map(), nested: new Array(symbols) };
}

function addToLookups(lookups: Lookups, sym: IndexedSymbol): void {
  push(lookups.byName, sym.name, sym);
  push(lookups.byQualified, sym.qualifiedName, sym);
  if (sym.parent !== undefined) {
    // A file's symbols are consecutive in `all`: the parent's ordinal is this one's, moved by the local offset.
    const parent = sym.ordinal - sym.local + sym.parent;
    push((lookups.nested[parent] ??= new Map()), sym.name, sym);
  }
  const container = containerName(sym);
  if (container === undefined) {
    let top = lookups.topLevel.get(sym.file);
    if (!top) lookups.topLevel.set(sym.file, (top = new Map()));
    push(top, sym.name, sym);
  } else if (sym.kind === 'method' || sym.kind === 'field' || sym.kind === 'function') {
    push(lookups.membersOf, container, sym);
  }
}

export function dirOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '' : file.slice(0, slash);
}
