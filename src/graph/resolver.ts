import type { BindingRecord, CallRecord, FileRecord, ImportRecord } from '../index/records';
import { CALLABLE_KINDS, TYPE_KINDS } from '../index/records';
import { languageInfo } from '../index/languages';
import type { ModuleResolver } from './modules';
import type { IndexedSymbol, SymbolTable } from './symbol-table';
import { dirOf } from './symbol-table';
import { annotatedParameters, calleeOfCallExpression, returnTypeName } from './signatures';

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
/**
 * A unique name match, measured on effect and rxjs against TypeScript: about one in four is right (most are
 * builtins: `set.add`, `map.get`). Kept below the tools' default floor of 0.5, so they show only on request.
 */
const NAME_CONFIDENCE = 0.4;
const SELF_NAMES = new Set(['this', 'self', 'Self', 'cls']);
const SUPER_NAMES = new Set(['super', 'super()']);
const MAX_HERITAGE_DEPTH = 6;
const MAX_REEXPORT_DEPTH = 8;
/** Return types chain (`a().b().c()`); beyond this the receiver is left unknown. */
const MAX_RETURN_DEPTH = 3;
/** `subscriber.next()` with `subscriber` untyped, linked to Subscriber.next: right most of the time, not always. */
const CONVENTION_CONFIDENCE = 0.5;
/** Runtime globals: an unbound `console` is the host's, whatever a workspace names its own parameters. */
const JS_GLOBALS = new Set(['console', 'window', 'document', 'globalThis', 'process', 'navigator', 'performance', 'self', 'global']);

export class CallResolver {
  private readonly fileBindings = new Map<string, Map<string, Denotation>>();
  private readonly basesOf = new Map<string, IndexedSymbol[]>();
  private returnDepth = 0;
  private readonly conventionsByFamily = new Map<string, Map<string, { type: string; file: string }>>();
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
    if (family === 'js' && call.name === 'super' && call.receiver === undefined) return this.resolveSuperCall(file, family, enclosing);
    const resolved = this.resolveCall(file, record, family, call, enclosing);
    // `new X()` runs X's constructor: that is the callee (as in TypeScript's call hierarchy) when X declares one.
    if (resolved && family === 'js' && call.constructs) resolved.targets = unique(resolved.targets.map((t) => (t.kind === 'class' ? this.constructorOf(t, false) ?? t : t)));
    return resolved;
  }

  /** `super(…)` in a constructor: the nearest base constructor, else the base class itself. */
  private resolveSuperCall(file: string, family: string, enclosing: IndexedSymbol | undefined): ResolvedCall | undefined {
    const owner = this.enclosingType(file, enclosing);
    if (!owner) return undefined;
    const targets = this.bases(owner, family).map((b) => this.constructorOf(b, true) ?? b);
    return targets.length ? { targets: unique(targets), resolution: 'member', confidence: 1 } : undefined;
  }

  private constructorOf(type: IndexedSymbol, inherited: boolean): IndexedSymbol | undefined {
    if (inherited) return this.members(type, 'constructor').find((m) => m.kind === 'method');
    return (this.table.membersOf.get(type.name) ?? []).find((m) => m.name === 'constructor' && m.kind === 'method' && this.belongsTo(m, type));
  }

  private resolveCall(file: string, record: FileRecord, family: string, call: CallRecord, enclosing: IndexedSymbol | undefined): ResolvedCall | undefined {
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
        if (targets.length) return { targets: unique(targets), resolution: receiver.resolution === 'name' ? 'name' : 'member', confidence: receiver.confidence };
        return this.byName(family, call, true);
      }
    }
  }

  // ---- bare calls ----------------------------------------------------------------------------

  private resolveBare(file: string, record: FileRecord, family: string, call: CallRecord, enclosing: IndexedSymbol | undefined): ResolvedCall | undefined {
    if (call.name === 'Self') {
      // Rust `Self { .. }` / `Self(..)` inside an impl builds the impl's type.
      const owner = this.enclosingType(file, enclosing);
      return owner ? { targets: [owner], resolution: 'member', confidence: 1 } : undefined;
    }
    // Functions nested in the enclosing functions, innermost first.
    const fileSymbols = this.table.byFile.get(file) ?? [];
    for (let scope = enclosing; scope; scope = scope.parent !== undefined ? fileSymbols[scope.parent] : undefined) {
      // Members of a type are not in scope as bare names; functions nested in a function or a constant's initializer are.
      if (TYPE_KINDS.has(scope.kind)) continue;
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
    const dispatched = member ? this.traitMethodOf(candidates) : undefined;
    if (dispatched) return { targets: [dispatched], resolution: 'name', confidence: 0.5 };
    // Rust macros are found by name across the crate (`#[macro_use]`, `#[macro_export]`).
    if (family === 'rust' && candidates.length === 1 && candidates[0].signature.startsWith('macro_rules!')) return { targets: candidates, resolution: 'name', confidence: 0.5 };
    if (candidates.length === 0 || candidates.length > MAX_NAME_CANDIDATES) return undefined;
    return { targets: candidates, resolution: 'name', confidence: round(NAME_CONFIDENCE / candidates.length) };
  }

  /**
   * `s.area()` on a receiver of unknown type, where every method of that name is one trait's (or Go
   * interface's) method or an implementation of it: the call goes through the trait. Rust and Go only, where
   * implementing is declared (impl blocks) or by method set; not TS, where names repeat across unrelated types.
   */
  private traitMethodOf(candidates: IndexedSymbol[]): IndexedSymbol | undefined {
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
    const callee = SUPER_NAMES.has(receiver) ? undefined : calleeOfCallExpression(receiver);
    if (callee !== undefined) return this.returnedBy(file, record, family, callee, enclosing);
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
    const named = this.denoteName(file, record, family, head);
    if (named || family !== 'js' || !/^[a-z_$][\w$]*$/.test(head) || JS_GLOBALS.has(head)) return named;
    return this.conventionalType(file, record, family, head);
  }

  /**
   * An untyped variable (usually a callback parameter, typed by context in TS) gets the type its name has
   * wherever the workspace does annotate it (`source: Observable<T>` in most signatures), else the type it is
   * named after (`subscriber` → Subscriber). A guess, marked `name`, measured right ~98% of the time.
   */
  private conventionalType(file: string, record: FileRecord, family: string, name: string): Denotation | undefined {
    const usual = this.conventions(family).get(name);
    const d = usual
      ? this.denoteTypeName(usual.file, this.table.files.get(usual.file)!, family, usual.type)
      : this.denoteTypeName(file, record, family, name[0].toUpperCase() + name.slice(1));
    const types = d?.symbols.filter((t) => TYPE_KINDS.has(t.kind)) ?? [];
    return types.length ? { kind: 'instance', types, resolution: 'name', confidence: CONVENTION_CONFIDENCE } : undefined;
  }

  /**
   * Parameter name → the type it is annotated with, when at least 3 signatures agree at 80% or more. Read from
   * signatures only (never from bodies), so an edit inside a body cannot change another file's resolution.
   */
  private conventions(family: string): Map<string, { type: string; file: string }> {
    let map = this.conventionsByFamily.get(family);
    if (map) return map;
    const tally = new Map<string, Map<string, { n: number; file: string }>>();
    for (const sym of this.table.all) {
      if (!CALLABLE_KINDS.has(sym.kind) || languageInfo(sym.lang).family !== family) continue;
      for (const [name, type] of annotatedParameters(sym.signature)) {
        const byType = tally.get(name) ?? new Map<string, { n: number; file: string }>();
        tally.set(name, byType);
        const t = byType.get(type) ?? { n: 0, file: sym.file };
        t.n++;
        byType.set(type, t);
      }
    }
    map = new Map();
    for (const [name, byType] of tally) {
      const total = [...byType.values()].reduce((a, t) => a + t.n, 0);
      const [type, best] = [...byType.entries()].sort((a, b) => b[1].n - a[1].n)[0];
      if (total >= 3 && best.n / total >= 0.8) map.set(name, { type, file: best.file });
    }
    this.conventionsByFamily.set(family, map);
    return map;
  }

  /** The instance a call returns (`innerFrom(x).pipe()`, `const s = make()`), from the callee's declared return type. */
  private returnedBy(file: string, record: FileRecord, family: string, callee: string, enclosing: IndexedSymbol | undefined): Denotation | undefined {
    if (this.returnDepth >= MAX_RETURN_DEPTH) return undefined;
    this.returnDepth++;
    try {
      const cut = /(\.|::)(?=[^.:]*$)/.exec(callee);
      const call: CallRecord = {
        name: cut ? callee.slice(cut.index + cut[0].length) : callee, receiver: cut ? callee.slice(0, cut.index) : undefined, line: 0, character: 0, enclosing: enclosing?.local,
      };
      const resolved = this.resolveCall(file, record, family, call, enclosing);
      if (!resolved || resolved.resolution === 'name') return undefined;
      const types: IndexedSymbol[] = [];
      for (const fn of resolved.targets) {
        // Python `Repo()` and JS `new` calls construct their class; functions declare what they return.
        if (TYPE_KINDS.has(fn.kind)) {
          types.push(fn);
          continue;
        }
        const typeName = returnTypeName(fn.signature, fn.name, family);
        if (typeName === 'Self') {
          const owner = this.enclosingType(fn.file, fn);
          if (owner) types.push(owner);
          continue;
        }
        const fnRecord = this.table.files.get(fn.file);
        const d = typeName && fnRecord ? this.instanceOf(fn.file, fnRecord, typeName, false) : undefined;
        if (d?.kind === 'instance') types.push(...d.types);
      }
      return types.length ? { kind: 'instance', types: unique(types), resolution: 'member', confidence: Math.min(0.9, resolved.confidence) } : undefined;
    } finally {
      this.returnDepth--;
    }
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
    // `x := NewFoo()`, `let s = Store::new()`, `const s = make()`: the callee's declared result.
    if (fromCall) return this.returnedBy(file, record, family, typeName, undefined);
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
    if (family === 'rust' && top?.length && top.every((t) => t.kind === 'module')) {
      // `mod shapes;` declares the module in shapes.rs: `shapes::total()` looks there.
      const child = this.modules.resolveRustModule(file, [name]);
      if (child && 'files' in child) return { kind: 'module', files: child.files };
    }
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
    const d = this.instanceOf(type.file, record, b.type, b.fromCall === true);
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

  /**
   * The members a method overrides or implements: every same-named member up its type's bases (classes,
   * interfaces, traits, Go embedded structs). Calls to those may dispatch to it at run time.
   */
  overriddenBy(method: IndexedSymbol): IndexedSymbol[] {
    if (method.kind !== 'method' || method.name === 'constructor') return [];
    const owner = this.enclosingType(method.file, method);
    if (!owner || owner.local < 0) return [];
    const family = languageInfo(method.lang).family;
    const out: IndexedSymbol[] = [];
    const seen = new Set<string>([owner.id]);
    const visit = (type: IndexedSymbol, depth: number) => {
      if (depth > MAX_HERITAGE_DEPTH) return;
      for (const base of this.bases(type, family)) {
        if (seen.has(base.id)) continue;
        seen.add(base.id);
        out.push(...(this.table.membersOf.get(base.name) ?? []).filter((m) => m.name === method.name && this.belongsTo(m, base)));
        visit(base, depth + 1);
      }
    };
    visit(owner, 0);
    return unique(out.filter((m) => m.id !== method.id));
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

  /**
   * Resolved once per type. A heritage named through the type itself (TS `interface Brand extends Brand.X` with a
   * merged namespace) leads back here through denote → step → members: while resolving, the type has no bases.
   */
  private bases(type: IndexedSymbol, family: string): IndexedSymbol[] {
    if (!type.heritage?.length) return [];
    const known = this.basesOf.get(type.id);
    if (known) return known;
    this.basesOf.set(type.id, []);
    const record = this.table.files.get(type.file);
    if (!record) return [];
    const found = type.heritage.flatMap((h) => {
      const d = this.denoteTypeName(type.file, record, family, h);
      return d ? d.symbols.filter((s) => TYPE_KINDS.has(s.kind) && s.id !== type.id) : [];
    });
    this.basesOf.set(type.id, found);
    return found;
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
