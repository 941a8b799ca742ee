import type { BindingRecord, CallRecord, FileRecord, ImportRecord } from '../index/records';
import { CALLABLE_KINDS, TYPE_KINDS } from '../index/records';
import { languageInfo } from '../index/languages';
import type { ModuleResolver } from './modules';
import type { IndexedSymbol, SymbolTable } from './symbol-table';
import { dirOf } from './symbol-table';

/**
 * How a call edge was resolved, most certain first. An agent (and `npm run quality`) can tell a proven
 * edge from a guess: `name` edges are name matches only and carry a confidence below 1.
 */
export type Resolution = 'scope' | 'member' | 'import' | 'package' | 'name';

export interface ResolvedCall {
  targets: IndexedSymbol[];
  resolution: Resolution;
  confidence: number;
}

/** What a name or receiver expression denotes. */
type Denotation =
  | { kind: 'module'; files: string[] }
  | { kind: 'symbols'; symbols: IndexedSymbol[]; resolution: Resolution }
  | { kind: 'instance'; types: IndexedSymbol[]; resolution: Resolution; confidence: number }
  | { kind: 'external' };

/** Name matches beyond this many candidates say nothing useful: no edge is made. */
const MAX_NAME_CANDIDATES = 4;
const SELF_NAMES = new Set(['this', 'self', 'Self', 'cls']);
const SUPER_NAMES = new Set(['super', 'super()']);
const MAX_HERITAGE_DEPTH = 6;
const MAX_REEXPORT_DEPTH = 8;

export class CallResolver {
  private readonly fileBindings = new Map<string, Map<string, Denotation>>();
  /** Types whose bases are being resolved right now (cycle guard for `bases`). */
  private readonly expanding = new Set<string>();
  /** Keyed by the bindings array itself, so a record passed under another file's name still finds its own. */
  private readonly bindingIndex = new WeakMap<readonly BindingRecord[], Map<string, BindingRecord>>();
  private readonly byNameCache = new Map<string, ResolvedCall | undefined>();

  constructor(
    private readonly table: SymbolTable,
    private readonly modules: ModuleResolver,
  ) {}

  resolve(file: string, record: FileRecord, call: CallRecord): ResolvedCall | undefined {
    const family = languageInfo(record.lang).family;
    const enclosing = call.enclosing !== undefined ? this.table.byFile.get(file)?.[call.enclosing] : undefined;
    if (call.receiver === undefined) return this.resolveBare(file, record, family, call, enclosing);
    const receiver = this.denote(file, record, family, call.receiver, enclosing);
    if (!receiver) return this.byName(family, call, true);
    switch (receiver.kind) {
      case 'external':
        return undefined;
      case 'module': {
        const targets = receiver.files.flatMap((f) => this.exported(f, call.name, family, 0));
        return targets.length ? { targets, resolution: family === 'go' && receiver.files.every((f) => dirOf(f) === dirOf(file)) ? 'package' : 'import', confidence: 1 } : undefined;
      }
      case 'symbols': {
        // Static access through a type (`Foo.create()`, Rust `Foo::new()`), or a namespace symbol.
        const types = receiver.symbols.filter((s) => TYPE_KINDS.has(s.kind) || s.kind === 'module');
        const targets = types.flatMap((t) => this.members(t, call.name));
        if (targets.length) return { targets: unique(targets), resolution: 'member', confidence: receiver.resolution === 'name' ? 0.6 : 1 };
        return this.byName(family, call, true);
      }
      case 'instance': {
        const targets = receiver.types.flatMap((t) => this.members(t, call.name));
        if (targets.length) return { targets: unique(targets), resolution: 'member', confidence: receiver.confidence };
        return this.byName(family, call, true);
      }
    }
  }

  // ---- bare calls ----------------------------------------------------------------------------

  private resolveBare(file: string, record: FileRecord, family: string, call: CallRecord, enclosing: IndexedSymbol | undefined): ResolvedCall | undefined {
    // Functions nested in the enclosing functions, innermost first.
    const fileSymbols = this.table.byFile.get(file) ?? [];
    for (let scope = enclosing; scope; scope = scope.parent !== undefined ? fileSymbols[scope.parent] : undefined) {
      if (!CALLABLE_KINDS.has(scope.kind)) continue;
      const nested = this.table.nestedNamed(file, scope.local, call.name).filter((s) => CALLABLE_KINDS.has(s.kind) || TYPE_KINDS.has(s.kind));
      if (nested.length) return { targets: nested, resolution: 'scope', confidence: 1 };
    }
    const d = this.denoteName(file, record, family, call.name);
    if (d?.kind === 'external') return undefined;
    if (d?.kind === 'symbols') {
      const callable = d.symbols.filter((s) => CALLABLE_KINDS.has(s.kind) || TYPE_KINDS.has(s.kind) || s.kind === 'constant' || s.kind === 'field');
      if (callable.length) return { targets: callable, resolution: d.resolution, confidence: d.resolution === 'name' ? 0.5 : 1 };
    }
    if (d?.kind === 'module') return undefined;
    return this.byName(family, call, false);
  }

  /** Last resort: the name alone. Few candidates keep an edge, marked `name` with a confidence that falls with their number. */
  private byName(family: string, call: CallRecord, member: boolean): ResolvedCall | undefined {
    // The answer depends only on these four, and common names (`run`, `get`) have thousands of symbols
    // to filter: computed once per key, not once per call site.
    const key = `${family}\0${member}\0${call.constructs === true}\0${call.name}`;
    if (this.byNameCache.has(key)) return this.byNameCache.get(key);
    const result = this.byNameUncached(family, call, member);
    this.byNameCache.set(key, result);
    return result;
  }

  private byNameUncached(family: string, call: CallRecord, member: boolean): ResolvedCall | undefined {
    const candidates = (this.table.byName.get(call.name) ?? []).filter(
      (s) => languageInfo(s.lang).family === family && (member ? s.kind === 'method' || (s.kind === 'function' && s.parent !== undefined) : (CALLABLE_KINDS.has(s.kind) && s.kind !== 'method') || (call.constructs === true && TYPE_KINDS.has(s.kind)) || (family === 'python' && s.kind === 'class')),
    );
    if (candidates.length === 0 || candidates.length > MAX_NAME_CANDIDATES) return undefined;
    return { targets: candidates, resolution: 'name', confidence: round(0.5 / candidates.length) };
  }

  // ---- what names denote ---------------------------------------------------------------------

  /** A receiver expression: `this`, `self.repo`, `ns`, `a.b`, `crate::m`, `Foo`. */
  private denote(file: string, record: FileRecord, family: string, receiver: string, enclosing: IndexedSymbol | undefined): Denotation | undefined {
    const separator = receiver.includes('::') ? '::' : '.';
    // Python `import a.b` binds the dotted name as a whole: try it before splitting.
    if (family === 'python') {
      const whole = this.bindings(file, record, family).get(receiver);
      if (whole) return whole;
    }
    if (family === 'rust' && /^(crate|super|self)(::|$)/.test(receiver) && receiver !== 'self') {
      const target = this.modules.resolveRustModule(file, receiver.split('::'));
      if (target && 'files' in target) return { kind: 'module', files: target.files };
    }
    const parts = receiver.split(separator);
    let current = this.denoteHead(file, record, family, parts[0], enclosing);
    for (const part of parts.slice(1)) {
      if (!current) return undefined;
      current = this.step(current, part, family);
    }
    return current;
  }

  private denoteHead(file: string, record: FileRecord, family: string, head: string, enclosing: IndexedSymbol | undefined): Denotation | undefined {
    const owner = this.enclosingType(file, enclosing);
    if (SELF_NAMES.has(head) && owner) return { kind: 'instance', types: [owner], resolution: 'member', confidence: 1 };
    if (SUPER_NAMES.has(head) && owner) {
      const bases = this.bases(owner, family);
      return bases.length ? { kind: 'instance', types: bases, resolution: 'member', confidence: 1 } : { kind: 'external' };
    }
    const local = this.localType(file, record, enclosing, head);
    if (local) return local;
    return this.denoteName(file, record, family, head);
  }

  /** The variable's declared or constructed type, from the innermost scope that binds it. */
  private localType(file: string, record: FileRecord, enclosing: IndexedSymbol | undefined, name: string): Denotation | undefined {
    const fileSymbols = this.table.byFile.get(file) ?? [];
    for (let scope = enclosing; scope; scope = scope.parent !== undefined ? fileSymbols[scope.parent] : undefined) {
      const b = this.binding(record, false, scope.local, name);
      if (b) return this.instanceOf(file, record, b.type, b.fromCall === true);
    }
    const top = this.binding(record, false, undefined, name);
    return top ? this.instanceOf(file, record, top.type, top.fromCall === true) : undefined;
  }

  private instanceOf(file: string, record: FileRecord, typeName: string, fromCall: boolean): Denotation | undefined {
    const family = languageInfo(record.lang).family;
    if (fromCall) {
      // Go `x := NewFoo()`: the type is the callee's declared result.
      const parts = typeName.split('.');
      const fnName = parts.pop()!;
      const fn = (this.table.byName.get(fnName) ?? []).find((s) => s.kind === 'function' && (parts.length > 0 || dirOf(s.file) === dirOf(file)));
      const result = fn && /\)\s*\(?\*?([A-Za-z_][\w.]*)/.exec(fn.signature.slice(fn.signature.indexOf(fn.name)))?.[1];
      return result ? this.instanceOf(fn.file, { ...record }, result.split('.').pop()!, false) : undefined;
    }
    const d = this.denoteTypeName(file, record, family, typeName);
    if (!d) return undefined;
    const types = d.symbols.filter((s) => TYPE_KINDS.has(s.kind));
    return types.length ? { kind: 'instance', types, resolution: 'member', confidence: d.resolution === 'name' ? 0.6 : 0.95 } : undefined;
  }

  private denoteTypeName(file: string, record: FileRecord, family: string, typeName: string): { symbols: IndexedSymbol[]; resolution: Resolution } | undefined {
    const parts = typeName.split('.');
    if (parts.length > 1) {
      const d = this.denote(file, record, family, typeName, undefined);
      return d?.kind === 'symbols' ? d : undefined;
    }
    const d = this.denoteName(file, record, family, typeName);
    return d?.kind === 'symbols' ? d : undefined;
  }

  /** A plain identifier at file level: same file, imports, same package, then a unique type by name. */
  private denoteName(file: string, record: FileRecord, family: string, name: string): Denotation | undefined {
    const top = this.table.topLevel.get(file)?.get(name);
    if (top?.length) return { kind: 'symbols', symbols: top, resolution: 'scope' };
    const bound = this.bindings(file, record, family).get(name);
    if (bound) return bound;
    if (family === 'go') {
      // This file has no top-level `name` (checked above), so the whole package's are the other files'.
      const samePackage = this.table.goPackageTopLevel(dirOf(file), name);
      if (samePackage.length) return { kind: 'symbols', symbols: samePackage, resolution: 'package' };
    }
    if (family === 'rust') {
      // Impl blocks in other files of the crate add members to a type declared elsewhere.
      const child = this.modules.resolveRustModule(file, [name]);
      if (child && 'files' in child) return { kind: 'module', files: child.files };
    }
    for (const star of this.starImports(file, record, family)) {
      const found = this.exported(star, name, family, 0);
      if (found.length) return { kind: 'symbols', symbols: found, resolution: 'import' };
    }
    const types = this.table.typesNamed(name).filter((s) => languageInfo(s.lang).family === family);
    if (types.length > 0 && types.length <= MAX_NAME_CANDIDATES) return { kind: 'symbols', symbols: types, resolution: 'name' };
    return undefined;
  }

  private step(current: Denotation, part: string, family: string): Denotation | undefined {
    switch (current.kind) {
      case 'external':
        return current;
      case 'module': {
        const found = current.files.flatMap((f) => this.exported(f, part, family, 0));
        if (found.length) return { kind: 'symbols', symbols: found, resolution: 'import' };
        const sub = current.files.flatMap((f) => {
          const t = this.modules.resolve(f, family, family === 'python' ? `.${part}` : family === 'rust' ? `self::${part}` : `./${part}`);
          return t && 'files' in t ? t.files : [];
        });
        return sub.length ? { kind: 'module', files: sub } : undefined;
      }
      case 'symbols': {
        const members = current.symbols.flatMap((s) => this.members(s, part)).filter((m) => m.kind !== 'method');
        return members.length ? { kind: 'symbols', symbols: members, resolution: current.resolution } : undefined;
      }
      case 'instance': {
        // `this.repo.save()`: the field's declared type.
        for (const type of current.types) {
          const fieldBinding = this.fieldType(type, part);
          if (fieldBinding) return fieldBinding;
        }
        return undefined;
      }
    }
  }

  private fieldType(type: IndexedSymbol, field: string): Denotation | undefined {
    const record = this.table.files.get(type.file);
    if (!record) return undefined;
    const b = this.binding(record, true, type.local, field);
    if (!b) return undefined;
    const d = this.instanceOf(type.file, record, b.type, false);
    return d?.kind === 'instance' ? { ...d, confidence: Math.min(d.confidence, 0.9) } : d;
  }

  /** The first binding of `name` in `scope` (a field binding when `field`), through a per-file index built on first use. */
  private binding(record: FileRecord, field: boolean, scope: number | undefined, name: string): BindingRecord | undefined {
    let index = this.bindingIndex.get(record.bindings);
    if (!index) {
      index = new Map();
      for (const b of record.bindings) {
        const key = `${b.field === true}\0${b.scope ?? ''}\0${b.name}`;
        if (!index.has(key)) index.set(key, b);
      }
      this.bindingIndex.set(record.bindings, index);
    }
    return index.get(`${field}\0${scope ?? ''}\0${name}`);
  }

  // ---- imports and exports ---------------------------------------------------------------------

  private bindings(file: string, record: FileRecord, family: string): Map<string, Denotation> {
    let map = this.fileBindings.get(file);
    if (map) return map;
    map = new Map();
    this.fileBindings.set(file, map);
    for (const imp of record.imports) {
      if (imp.local === undefined || imp.reexport) continue;
      const d = this.denoteImport(file, family, imp);
      if (d && !map.has(imp.local)) map.set(imp.local, d);
    }
    return map;
  }

  private denoteImport(file: string, family: string, imp: ImportRecord): Denotation | undefined {
    const target = this.modules.resolve(file, family, imp.source);
    if (!target) return undefined;
    if ('external' in target) return { kind: 'external' };
    if (imp.namespace) return { kind: 'module', files: target.files };
    if (family === 'python' || family === 'rust') {
      // `from pkg import mod` / `use crate::a::m` may name a module rather than a symbol.
      const sub = this.modules.resolve(file, family, family === 'python' ? `${imp.source}${imp.source.endsWith('.') ? '' : '.'}${imp.name}` : `${imp.source}::${imp.name}`);
      if (sub && 'files' in sub) return { kind: 'module', files: sub.files };
    }
    const symbols = target.files.flatMap((f) => this.exported(f, imp.name!, family, 0));
    if (symbols.length) return { kind: 'symbols', symbols, resolution: 'import' };
    if (imp.name === 'default') {
      // `export default class X` is captured as X: take the one top-level type or function named like the binding.
      const named = target.files.flatMap((f) => this.table.topLevel.get(f)?.get(imp.local!) ?? []);
      if (named.length) return { kind: 'symbols', symbols: named, resolution: 'import' };
    }
    return undefined;
  }

  /** The symbols a module file exports under `name`, following re-export chains. */
  private exported(file: string, name: string, family: string, depth: number): IndexedSymbol[] {
    if (depth > MAX_REEXPORT_DEPTH) return [];
    const top = this.table.topLevel.get(file)?.get(name);
    if (top?.length) return top;
    const record = this.table.files.get(file);
    if (!record) return [];
    for (const imp of record.imports) {
      const named = imp.local === name && imp.name !== undefined && imp.name !== '*';
      const star = imp.reexport && imp.name === '*';
      // JS re-exports need `export`; Python and Rust modules re-export whatever they import.
      if (!(named && (imp.reexport || family !== 'js')) && !star) continue;
      const target = this.modules.resolve(file, family, imp.source);
      if (!target || !('files' in target)) continue;
      const found = target.files.flatMap((f) => this.exported(f, star ? name : imp.name!, family, depth + 1));
      if (found.length) return found;
    }
    return [];
  }

  private starImports(file: string, record: FileRecord, family: string): string[] {
    return record.imports
      .filter((i) => i.name === '*' && !i.reexport)
      .flatMap((i) => {
        const t = this.modules.resolve(file, family, i.source);
        return t && 'files' in t ? t.files : [];
      });
  }

  // ---- types and members -----------------------------------------------------------------------

  private enclosingType(file: string, enclosing: IndexedSymbol | undefined): IndexedSymbol | undefined {
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
  private sameUnitType(from: IndexedSymbol, typeName: string): IndexedSymbol | undefined {
    const candidates = this.table.typesNamed(typeName).filter((t) => t.lang === from.lang);
    const sameDir = candidates.filter((t) => dirOf(t.file) === dirOf(from.file));
    const sameFile = candidates.filter((t) => t.file === from.file);
    return sameFile[0] ?? sameDir[0] ?? (candidates.length === 1 ? candidates[0] : undefined) ?? placeholderType(from, typeName, candidates);
  }

  /** Members named `name` of a type, its impl blocks (Rust), its methods (Go), and its bases, nearest first. */
  private members(type: IndexedSymbol, name: string, depth = 0, seen = new Set<string>()): IndexedSymbol[] {
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
  private belongsTo(member: IndexedSymbol, type: IndexedSymbol): boolean {
    if (member.parent !== undefined) return member.file === type.file && member.parent === type.local;
    if (member.file === type.file) return true;
    if (member.lang === 'go') return dirOf(member.file) === dirOf(type.file);
    if (member.lang === 'rust') return this.modules.rustModulePath(member.file)?.srcDir === this.modules.rustModulePath(type.file)?.srcDir;
    return false;
  }

  private bases(type: IndexedSymbol, family: string): IndexedSymbol[] {
    if (!type.heritage?.length) return [];
    const record = this.table.files.get(type.file);
    // A heritage named through the type itself (TS `interface Brand extends Brand.X` with a merged namespace)
    // leads back here through denote → step → members: stop at the type already being expanded.
    if (!record || this.expanding.has(type.id)) return [];
    this.expanding.add(type.id);
    try {
      return type.heritage.flatMap((h) => {
        const d = this.denoteTypeName(type.file, record, family, h);
        return d ? d.symbols.filter((s) => TYPE_KINDS.has(s.kind)) : [];
      });
    } finally {
      this.expanding.delete(type.id);
    }
  }
}

/**
 * A Rust impl or Go method for a type declared nowhere in the workspace (or ambiguously): members are still
 * found by name through a stand-in that is never returned to callers as a target.
 */
function placeholderType(from: IndexedSymbol, typeName: string, candidates: IndexedSymbol[]): IndexedSymbol | undefined {
  if (candidates.length > 0) return undefined;
  return { ...from, name: typeName, qualifiedName: typeName, kind: 'struct', id: `${from.file}#${typeName}`, heritage: undefined, parent: undefined, local: -1 };
}

function unique(symbols: IndexedSymbol[]): IndexedSymbol[] {
  return [...new Map(symbols.map((s) => [s.id, s])).values()];
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
