import type { FileRecord } from '../index/records';
import { TYPE_KINDS } from '../index/records';
import { languageInfo } from '../index/languages';
import { unique } from './denotation';
import type { ModuleResolver } from './modules';
import type { IndexedSymbol, SymbolTable } from './symbol-table';
import { dirOf } from './symbol-table';
import { symbolId } from './symbol-id';

const MAX_HERITAGE_DEPTH = 6;

/** Resolves a type name as written in a file (heritage clauses), to the type symbols it names. */
export type TypeNameResolver = (file: string, record: FileRecord, family: string, typeName: string) => IndexedSymbol[];
/** The types a call written in `file` returns (`make()` for `make<string>(ast)`), from the callee's declared result. */
export type ReturnedTypeResolver = (file: string, record: FileRecord, family: string, callee: string) => IndexedSymbol[];
/** A heritage that is a call: `class String$ extends make<string>(ast)` is recorded as `make()` (extract.ts heritageName). */
const CALLED_BASE = /^([\w$.]+(?:\(…\)\.[\w$]+)?)\(\)$/;

/**
 * Types and their members: the type a method belongs to (nesting, Go receivers, Rust impl blocks), member lookup
 * up the bases (classes, interfaces, traits, Go embedded structs), constructors, and what a method overrides.
 */
export class TypeHierarchy {
  private readonly basesOf = new Map<string, IndexedSymbol[]>();
  private readonly ancestorsOf = new Map<IndexedSymbol, IndexedSymbol[]>();

  constructor(
    private readonly table: SymbolTable,
    private readonly modules: ModuleResolver,
    private readonly typeNamed: TypeNameResolver,
    private readonly returnedTypes?: ReturnedTypeResolver,
  ) {}

  enclosingType(file: string, enclosing: IndexedSymbol | undefined): IndexedSymbol | undefined {
    const fileSymbols = this.table.byFile.get(file) ?? [];
    for (let s = enclosing; s; s = s.parent !== undefined ? fileSymbols[s.parent] : undefined) {
      if (TYPE_KINDS.has(s.kind)) return s;
      if ((s.kind === 'method' || s.kind === 'function') && s.parent === undefined && s.qualifiedName.includes('.')) {
        // Go methods and Rust impl methods name their type but are not nested in it.
        const typeName = s.qualifiedName.slice(0, s.qualifiedName.lastIndexOf('.'));
        const type = this.sameUnitType(s, typeName);
        if (type) return type;
      }
    }
    return undefined;
  }

  /** The type a Go method or Rust impl names: same package (Go) or crate (Rust), else by unique name. */
  sameUnitType(from: IndexedSymbol, typeName: string): IndexedSymbol | undefined {
    const candidates = this.table.typesNamed(typeName).filter((t) => t.lang === from.lang);
    const sameDir = candidates.filter((t) => dirOf(t.file) === dirOf(from.file));
    const sameFile = candidates.filter((t) => t.file === from.file);
    return sameFile[0] ?? sameDir[0] ?? (candidates.length === 1 ? candidates[0] : undefined) ?? placeholderType(from, typeName, candidates);
  }

  /**
   * The members a method overrides or implements: every same-named member up its type's bases (classes,
   * interfaces, traits, Go embedded structs). Calls to those may dispatch to it at run time.
   */
  overriddenBy(method: IndexedSymbol): IndexedSymbol[] {
    if (method.kind !== 'method' || method.name === 'constructor') return [];
    const owner = this.enclosingType(method.file, method);
    if (!owner || owner.local < 0 || !owner.heritage?.length) return [];
    const out: IndexedSymbol[] = [];
    for (const base of this.ancestors(owner)) {
      for (const m of this.table.membersNamed(base.name, method.name)) if (m.id !== method.id && this.belongsTo(m, base)) out.push(m);
    }
    return unique(out);
  }

  /**
   * A type's bases, theirs, and so on (depth-first, each once, at most MAX_HERITAGE_DEPTH down): what
   * overriddenBy searches. Kept per type: dispatch asks for every method, and a class's methods share its bases.
   */
  private ancestors(owner: IndexedSymbol): IndexedSymbol[] {
    const known = this.ancestorsOf.get(owner);
    if (known) return known;
    const family = languageInfo(owner.lang).family;
    const out: IndexedSymbol[] = [];
    const seen = new Set<string>([owner.id]);
    const visit = (type: IndexedSymbol, depth: number) => {
      if (depth > MAX_HERITAGE_DEPTH) return;
      for (const base of this.bases(type, family)) {
        if (seen.has(base.id)) continue;
        seen.add(base.id);
        out.push(base);
        visit(base, depth + 1);
      }
    };
    visit(owner, 0);
    this.ancestorsOf.set(owner, out);
    return out;
  }

  /** Members named `name` of a type, its impl blocks (Rust), its methods (Go), and its bases, nearest first. */
  members(type: IndexedSymbol, name: string, depth = 0, seen = new Set<string>()): IndexedSymbol[] {
    if (depth > MAX_HERITAGE_DEPTH || seen.has(type.id)) return [];
    seen.add(type.id);
    const own = this.table.membersNamed(type.name, name).filter((m) => this.belongsTo(m, type));
    if (own.length) return own;
    const family = languageInfo(type.lang).family;
    for (const base of this.bases(type, family)) {
      const inherited = this.members(base, name, depth + 1, seen);
      if (inherited.length) return inherited;
    }
    return [];
  }

  /** Same-named types elsewhere must not share members: a member belongs by nesting, file, package or crate. */
  belongsTo(member: IndexedSymbol, type: IndexedSymbol): boolean {
    if (member.parent !== undefined) return member.file === type.file && member.parent === type.local;
    if (member.file === type.file) return true;
    if (member.lang === 'go') return dirOf(member.file) === dirOf(type.file);
    if (member.lang === 'rust') return this.modules.rustModulePath(member.file)?.srcDir === this.modules.rustModulePath(type.file)?.srcDir;
    return false;
  }

  /**
   * Resolved once per type. A heritage named through the type itself (TS `interface Brand extends Brand.X` with a
   * merged namespace) leads back here through denote → step → members: while resolving, the type has no bases.
   */
  bases(type: IndexedSymbol, family: string): IndexedSymbol[] {
    if (!type.heritage?.length) return [];
    const known = this.basesOf.get(type.id);
    if (known) return known;
    this.basesOf.set(type.id, []);
    const record = this.table.files.get(type.file);
    if (!record) return [];
    const found = type.heritage.flatMap((h) => {
      // A class extending what a call returns extends the type the callee declares it returns (TS/JS only).
      const called = family === 'js' ? CALLED_BASE.exec(h) : null;
      let types = called ? this.returnedTypes?.(type.file, record, family, called[1]) ?? [] : this.typeNamed(type.file, record, family, h);
      // A class extending a constant typed as a constructor (`extends Data.Error<{…}>`, `const Error: new <A>(…) =>
      // YieldableError & Readonly<A>`) extends the instance type the constant's annotation names (SymbolRecord.returns).
      if (family === 'js' && !called && !types.some((s) => TYPE_KINDS.has(s.kind)) && types.some((s) => s.kind === 'constant' && s.returns)) {
        types = this.returnedTypes?.(type.file, record, family, h) ?? [];
      }
      return types.filter((s) => TYPE_KINDS.has(s.kind) && s.id !== type.id);
    });
    this.basesOf.set(type.id, found);
    return found;
  }

  /** The types a type name written in `file` denotes (`Feature`, `ns.Feature`), through its imports and scopes. */
  typesNamedIn(file: string, typeName: string): IndexedSymbol[] {
    const record = this.table.files.get(file);
    if (!record) return [];
    return this.typeNamed(file, record, languageInfo(record.lang).family, typeName).filter((s) => TYPE_KINDS.has(s.kind));
  }

  constructorOf(type: IndexedSymbol, inherited: boolean): IndexedSymbol | undefined {
    if (inherited) return this.members(type, 'constructor').find((m) => m.kind === 'method');
    return this.table.membersNamed(type.name, 'constructor').find((m) => m.kind === 'method' && this.belongsTo(m, type));
  }

  /**
   * `s.area()` on a receiver of unknown type, where every method of that name is one trait's (or Go
   * interface's) method or an implementation of it: the call goes through the trait. Rust and Go only, where
   * implementing is declared (impl blocks) or by method set; not TS, where names repeat across unrelated types.
   */
  traitMethodOf(candidates: IndexedSymbol[]): IndexedSymbol | undefined {
    const family = candidates.length ? languageInfo(candidates[0].lang).family : '';
    if (family !== 'rust' && family !== 'go') return undefined;
    const owners = candidates.map((m) => ({ m, owner: m.parent !== undefined ? this.table.byFile.get(m.file)?.[m.parent] : undefined }));
    const traits = owners.filter((o) => o.owner && (o.owner.kind === 'trait' || o.owner.kind === 'interface'));
    if (traits.length !== 1) return undefined;
    const trait = traits[0].owner!;
    for (const { m } of owners) {
      if (m === traits[0].m) continue;
      const type = this.sameUnitType(m, m.qualifiedName.slice(0, m.qualifiedName.lastIndexOf('.')));
      if (!type || (family === 'rust' && !type.heritage?.includes(trait.name))) return undefined;
    }
    return traits[0].m;
  }
}

/**
 * A Rust impl or Go method for a type declared nowhere in the workspace (or ambiguously): members are still
 * found by name through a stand-in that is never returned to callers as a target.
 */
function placeholderType(from: IndexedSymbol, typeName: string, candidates: IndexedSymbol[]): IndexedSymbol | undefined {
  if (candidates.length > 0) return undefined;
  return { ...from, name: typeName, qualifiedName: typeName, kind: 'struct', id: symbolId(from.file, typeName), heritage: undefined, parent: undefined, local: -1 };
}
