import type { CallRecord } from '../index/records';
import { CALLABLE_KINDS, TYPE_KINDS } from '../index/records';
import { languageInfo } from '../index/languages';
import { goMethodShape, returnTypeName } from './signatures';
import type { TypeHierarchy } from './hierarchy';
import type { IndexedSymbol, SymbolTable } from './symbol-table';

/**
 * Dispatch: a call to a base, abstract or interface method (or a trait method) may run any override or
 * implementation of it. The override relation (TypeHierarchy.overriddenBy, Go method sets here) depends only on
 * what files show each other (names, nesting, heritage, imports: see sameShape), so it is computed once per
 * graph, and an edit that re-links one file leaves it true. CodeGraph materialises the edges at link time.
 */

/** Beyond this many implementations a call says nothing useful about which one runs: no dispatch edges at all. */
export const MAX_DISPATCH_TARGETS = 64;
/**
 * A Go call on a receiver whose static type is an interface reaches exactly the workspace types whose method set
 * satisfies it (what class hierarchy analysis, `callgraph -algo=cha`, answers): `w.Write()` on an io.Writer may
 * run any of ~100 Write methods in the standard library, and each is a caller a change there can break.
 */
export const MAX_GO_INTERFACE_TARGETS = 512;
/**
 * A TS/JS interface or abstract member has no body: one of its implementations is what runs, however many there
 * are, as in Go (class hierarchy analysis lists them all). effect's `Pipeable.pipe` has ~90 workspace
 * implementations and every `x.pipe()` may run any of them.
 */
export const MAX_INTERFACE_MEMBER_TARGETS = 512;

/**
 * The confidence of a dispatch edge to one of `implementations` overrides: 0.9 for one, then 0.1 less each
 * time the count doubles (2 → 0.8, 4 → 0.7, 8 → 0.6, 16 → 0.5, 17+ below the tools' default min_confidence of
 * 0.5), and never above the confidence of the call itself. A hub method with dozens of implementations stays
 * out of default answers, and the common one-to-few case is shown.
 *
 * `keepsFloor`: a TS/JS call to an interface or abstract member (it has no body of its own, so one of the
 * implementations is what runs: TypeScript's call hierarchy and class hierarchy analysis list them all), or a Go
 * call through an interface-typed receiver. Up to MAX_INTERFACE_MEMBER_TARGETS (Go: MAX_GO_INTERFACE_TARGETS) they
 * keep the default floor, 0.5, when the call itself is that sure (effect's `Pipeable.pipe`, ~90 implementations:
 * below the floor, every `x.pipe()` was missing from a change's callers).
 */
export function dispatchConfidence(callConfidence: number, implementations: number, keepsFloor = false): number {
  let byCount = 0.9 - 0.1 * Math.log2(Math.max(1, implementations));
  // An interface member with no body (TS/JS), or a Go receiver typed by an interface: one of the implementations
  // is what runs, as the compiler sees them; many of them make each less likely, not less possible, so the count
  // lowers the confidence only to the floor.
  if (keepsFloor) byCount = Math.max(DISPATCH_FLOOR, byCount);
  return Math.round(Math.max(0.05, Math.min(callConfidence, byCount)) * 100) / 100;
}

/** The tools' default min_confidence: dispatch through an interface member or interface-typed receiver stays in default answers. */
const DISPATCH_FLOOR = 0.5;
/** Methods visited between two chances to yield while the dispatch tables are built (see prepareInSlices). */
const BUILD_SLICE = 4096;

/** `super.m()` (TS/JS), `super().m()` (Python): the call names exactly the base's body, never an override. */
const STATIC_RECEIVERS = new Set(['super', 'super()']);
/** Bases that give a class no methods a `self.m()` could mean. */
const METHODLESS_BASES = new Set(['object', 'ABC', 'abc.ABC', 'Generic', 'typing.Generic', 'Protocol', 'typing.Protocol']);
/** A property signature whose type is a function type: `next: (value: T) => void`, `next?: (x: A) => void`. */
const FUNCTION_TYPED = /^[\w$]+\??\s*:\s*(?:<[^>]*>\s*)?\(.*\)\s*=>/s;
const ABSTRACT_SIGNATURE = /^\s*(?:(?:public|protected|override)\s+)*abstract\s/;
/** Static members are called through their class, never through an instance of a subclass. */
const STATIC_SIGNATURE = /^\s*(?:(?:public|private|protected|export|readonly)\s+)*static\s/;

/** A Go method that implements an interface method, and the type whose method set it belongs to (it may be promoted). */
interface GoImplementation {
  /** The interface whose method set the type satisfies; `decl` may come from an interface it embeds. */
  iface: IndexedSymbol;
  decl: IndexedSymbol;
  impl: IndexedSymbol;
  type: IndexedSymbol;
}

export class DispatchIndex {
  /** Base/interface/trait method id → every workspace method that overrides or implements it (transitively). */
  private implementationsOf?: Map<string, IndexedSymbol[]>;
  private implementedBy?: Map<string, IndexedSymbol[]>;
  /** Go interface id → ids of the workspace types that satisfy it. */
  private goImplementers = new Map<string, Set<string>>();
  private goByDecl = new Map<string, GoImplementation[]>();
  /** Type id → the workspace types that name it as a base. */
  private subtypesOf?: Map<string, IndexedSymbol[]>;
  private errorMethods?: IndexedSymbol[];
  private readonly throughInterfaces = new Map<string, IndexedSymbol[]>();

  constructor(
    private readonly table: SymbolTable,
    private readonly types: TypeHierarchy,
  ) {}

  /** Whether dispatch edges of a call resolved to `target` keep the default floor as an interface member (see dispatchConfidence). */
  interfaceMember(target: IndexedSymbol): boolean {
    if (languageInfo(target.lang).family !== 'js' || target.parent === undefined) return false;
    const owner = this.table.byFile.get(target.file)?.[target.parent];
    return owner?.kind === 'interface' || (target.kind === 'method' && ABSTRACT_SIGNATURE.test(target.signature));
  }

  /**
   * The overrides a call resolved to `target` may run instead of it (none when the call cannot dispatch). A Go
   * call through an interface-typed receiver reaches only the types that satisfy that interface (as CHA does):
   * `rw.Read()` on an io.ReadWriter does not reach every Reader.
   */
  targets(call: CallRecord, target: IndexedSymbol, receiverTypes?: IndexedSymbol[]): IndexedSymbol[] {
    if ((target.kind !== 'method' && !this.functionProperty(target)) || target.name === 'constructor' || call.constructs) return [];
    if (call.receiver !== undefined && STATIC_RECEIVERS.has(call.receiver)) return [];
    if (STATIC_SIGNATURE.test(target.signature)) return [];
    const impls = this.implementations(target);
    const ifaces = this.typedInterfaces(target, receiverTypes);
    if (!ifaces.length) return impls.length <= (this.interfaceMember(target) ? MAX_INTERFACE_MEMBER_TARGETS : MAX_DISPATCH_TARGETS) ? impls : [];
    // The same interface method is called through the same interfaces at thousands of sites (`w.Write`): once each.
    const key = `${target.id}\0${ifaces.map((i) => i.id).join('\0')}`;
    let narrowed = this.throughInterfaces.get(key);
    if (!narrowed) {
      const satisfying = ifaces.map((i) => this.goImplementers.get(i.id) ?? new Set<string>());
      const reachable = new Set((this.goByDecl.get(target.id) ?? []).filter((g) => satisfying.some((s) => s.has(g.type.id))).map((g) => g.impl.id));
      narrowed = impls.filter((m) => reachable.has(m.id));
      if (narrowed.length > MAX_GO_INTERFACE_TARGETS) narrowed = [];
      this.throughInterfaces.set(key, narrowed);
    }
    return narrowed;
  }

  /** Whether a call of `target` goes through a Go receiver whose static type is an interface (see MAX_GO_INTERFACE_TARGETS). */
  throughTypedInterface(target: IndexedSymbol, receiverTypes?: IndexedSymbol[]): boolean {
    return this.typedInterfaces(target, receiverTypes).length > 0;
  }

  private typedInterfaces(target: IndexedSymbol, receiverTypes?: IndexedSymbol[]): IndexedSymbol[] {
    return target.lang === 'go' ? receiverTypes?.filter((t) => t.kind === 'interface') ?? [] : [];
  }

  /**
   * Go's predeclared `error` interface is declared nowhere in the workspace: `err.Error()` may run every concrete
   * `Error() string` method (promoted ones are the embedded type's own symbol).
   */
  goErrorMethods(): IndexedSymbol[] {
    this.errorMethods ??= this.table.all.filter(
      (m) => m.lang === 'go' && m.kind === 'method' && m.name === 'Error' && m.parent === undefined && /\bError\(\s*\)\s*string\s*$/.test(m.signature),
    );
    return this.errorMethods.length <= MAX_GO_INTERFACE_TARGETS ? this.errorMethods : [];
  }

  /**
   * A TS interface property of function type (`next: (value: T) => void`): called like a method, and implemented by
   * the methods of the classes that implement the interface (rxjs's `Observer.next`).
   */
  private functionProperty(target: IndexedSymbol): boolean {
    if (target.kind !== 'field' || target.parent === undefined || languageInfo(target.lang).family !== 'js') return false;
    const owner = this.table.byFile.get(target.file)?.[target.parent];
    return owner?.kind === 'interface' && FUNCTION_TYPED.test(target.signature);
  }

  /**
   * `self.m()` / `this.m()` in a class that declares no `m` (nor inherits one): the subclasses that define `m` are
   * what the call runs (Python and JS template methods left to subclasses, mixins whose hosts have `m` from another
   * base). Each subclass's nearest `m`, at any depth.
   */
  subclassMembers(type: IndexedSymbol, name: string): IndexedSymbol[] {
    // A base outside the workspace (other than the ones known to add no methods) may define `m` itself.
    const family = languageInfo(type.lang).family;
    const external = (type.heritage ?? []).filter((h) => !METHODLESS_BASES.has(h));
    if (external.length > this.types.bases(type, family).length) return [];
    this.subtypesOf ??= this.buildSubtypes();
    const out = new Map<string, IndexedSymbol>();
    const seen = new Set<string>([type.id]);
    const stack = [...(this.subtypesOf.get(type.id) ?? [])];
    while (stack.length && out.size <= MAX_DISPATCH_TARGETS) {
      const sub = stack.pop()!;
      if (seen.has(sub.id)) continue;
      seen.add(sub.id);
      for (const m of this.types.members(sub, name)) if (m.kind === 'method') out.set(m.id, m);
      stack.push(...(this.subtypesOf.get(sub.id) ?? []));
    }
    return out.size <= MAX_DISPATCH_TARGETS ? [...out.values()].sort((a, b) => a.ordinal - b.ordinal) : [];
  }

  private buildSubtypes(): Map<string, IndexedSymbol[]> {
    const out = new Map<string, IndexedSymbol[]>();
    for (const t of this.table.all) {
      if (!TYPE_KINDS.has(t.kind) || !t.heritage?.length) continue;
      for (const base of this.types.bases(t, languageInfo(t.lang).family)) {
        const list = out.get(base.id) ?? [];
        list.push(t);
        out.set(base.id, list);
      }
    }
    return out;
  }

  /** Builds the workspace-wide tables dispatch builds on first use (see CodeGraph.prepareEdits). */
  prepare(): void {
    this.subtypesOf ??= this.buildSubtypes();
    this.implementationsOf ??= this.build();
  }

  implementations(method: IndexedSymbol): IndexedSymbol[] {
    this.implementationsOf ??= this.build();
    return this.implementationsOf.get(method.id) ?? [];
  }

  /** The members `method` overrides or implements: the inverse of `implementations` (object-literal methods included). */
  implemented(method: IndexedSymbol): IndexedSymbol[] {
    this.implementationsOf ??= this.build();
    if (!this.implementedBy) {
      this.implementedBy = new Map();
      for (const [baseId, impls] of this.implementationsOf) {
        const base = this.table.byId.get(baseId);
        if (!base) continue;
        for (const impl of impls) this.implementedBy.set(impl.id, [...(this.implementedBy.get(impl.id) ?? []), base]);
      }
    }
    return this.implementedBy.get(method.id) ?? [];
  }

  /**
   * Builds the same tables as `prepare`, calling `pause` between slices of the workspace's methods so that the
   * caller can yield to the event loop (the first dispatch lookup of a cold index built them in one ~0.25 s step at
   * a million lines). Stops if a lookup built them meanwhile.
   */
  async prepareInSlices(pause: () => Promise<void>): Promise<void> {
    this.subtypesOf ??= this.buildSubtypes();
    if (this.implementationsOf) return;
    const steps = this.buildSteps();
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) {
        this.implementationsOf = step.value;
        return;
      }
      await pause();
      if (this.implementationsOf) return;
    }
  }

  private build(): Map<string, IndexedSymbol[]> {
    const steps = this.buildSteps();
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /** `build`, yielding every few thousand methods; the tables it fills besides its answer are filled after the last yield. */
  private *buildSteps(): Generator<void, Map<string, IndexedSymbol[]>> {
    const out = new Map<string, Set<IndexedSymbol>>();
    const add = (base: IndexedSymbol, impl: IndexedSymbol) => {
      if (base.id === impl.id) return;
      let set = out.get(base.id);
      if (!set) out.set(base.id, (set = new Set()));
      set.add(impl);
    };
    let visited = 0;
    for (const sym of this.table.all) {
      if (++visited % BUILD_SLICE === 0) yield;
      if (sym.kind !== 'method' || sym.lang === 'go') continue;
      for (const base of this.types.overriddenBy(sym)) add(base, sym);
      // A Rust method in `impl Trait for X` names its trait (the impl may live in another file than X).
      const traitName = sym.lang === 'rust' ? this.table.files.get(sym.file)?.symbols[sym.local]?.trait : undefined;
      if (traitName) {
        for (const trait of this.types.typesNamedIn(sym.file, traitName)) {
          for (const m of this.table.membersNamed(trait.name, sym.name)) if (this.types.belongsTo(m, trait)) add(m, sym);
        }
      }
    }
    yield;
    for (const [decl, impl] of literalImplementations(this.table, this.types)) add(decl, impl);
    yield;
    for (const g of goImplementations(this.table, this.types)) {
      add(g.decl, g.impl);
      let types = this.goImplementers.get(g.iface.id);
      if (!types) this.goImplementers.set(g.iface.id, (types = new Set()));
      types.add(g.type.id);
      const list = this.goByDecl.get(g.decl.id) ?? [];
      list.push(g);
      this.goByDecl.set(g.decl.id, list);
    }
    return new Map([...out].map(([id, set]) => [id, [...set].sort((a, b) => a.ordinal - b.ordinal)]));
  }
}

/**
 * Go interfaces are satisfied implicitly: every workspace type whose method set (value and pointer receivers,
 * methods promoted from embedded structs) has every method of an interface (its own and its embedded
 * interfaces'), by name and by signature (`Close()` does not implement io.Closer's `Close() error`), implements it.
 */
function* goImplementations(table: SymbolTable, types: TypeHierarchy): Generator<GoImplementation> {
  // Concrete types that declare a method, by method name: the candidates for an interface with that method.
  const typesWithMethod = new Map<string, Set<IndexedSymbol>>();
  const addType = (name: string, type: IndexedSymbol) => {
    let set = typesWithMethod.get(name);
    if (!set) typesWithMethod.set(name, (set = new Set()));
    set.add(type);
  };
  const embedders = new Map<string, IndexedSymbol[]>();
  for (const t of table.all) {
    if (t.lang !== 'go' || t.kind !== 'struct' || !t.heritage?.length) continue;
    for (const base of types.bases(t, 'go')) embedders.set(base.id, [...(embedders.get(base.id) ?? []), t]);
  }
  for (const m of table.all) {
    if (m.lang !== 'go' || m.kind !== 'method' || m.parent !== undefined) continue;
    const owner = types.enclosingType(m.file, m);
    if (!owner || owner.local < 0 || owner.kind === 'interface') continue;
    // A struct that embeds the owner has the method too (promoted), however deep.
    const stack = [owner];
    for (let type = stack.pop(), n = 0; type && n < 50; type = stack.pop(), n++) {
      addType(m.name, type);
      stack.push(...(embedders.get(type.id) ?? []));
    }
  }
  for (const iface of table.all) {
    if (iface.lang !== 'go' || iface.kind !== 'interface') continue;
    const required = interfaceMethods(table, types, iface);
    if (!required.size) continue;
    // Start from the rarest method name: few candidates to check against the whole set.
    const names = [...required.keys()].sort((a, b) => (typesWithMethod.get(a)?.size ?? 0) - (typesWithMethod.get(b)?.size ?? 0));
    for (const type of typesWithMethod.get(names[0]) ?? []) {
      const byName = names.map((n) => types.members(type, n).filter((m) => m.kind === 'method' && !isInterfaceMember(table, m)));
      if (byName.some((list) => list.length === 0)) continue;
      // Signatures are compared only for the types that have every method name (reading them costs more).
      const found = byName.map((list, i) => list.filter((m) => sameGoSignature(required.get(names[i])!, m)));
      if (found.some((list) => list.length === 0)) continue;
      for (let i = 0; i < names.length; i++) for (const impl of found[i]) for (const decl of required.get(names[i])!) yield { iface, decl, impl, type };
    }
  }
}

/**
 * TS/JS object literals that stand for an interface or class: `const x: Feature = { initialize() {…} }`, the
 * literal a function declared `(): Feature` returns, and the one returned by a constant's function whose calls
 * return a type (SymbolRecord.returns: effect's `dual<…, (self: Hook) => Hook>(2, (self) => ({ pipe() {…} }))`). Their methods (symbols nested in the constant or function)
 * implement the type's members of the same name. Yields (declared member, literal method) pairs.
 */
function* literalImplementations(table: SymbolTable, types: TypeHierarchy): Generator<[IndexedSymbol, IndexedSymbol]> {
  for (const [file, record] of table.files) {
    if (languageInfo(record.lang).family !== 'js') continue;
    const symbols = table.byFile.get(file) ?? [];
    const typed = new Map<number, string>();
    for (const b of record.bindings) {
      if (b.field || b.fromCall || b.collection || b.elementOf || b.alias) continue;
      // A typed constant's binding is scoped to the constant itself, or (module-level variables) to the module.
      const owner = b.scope !== undefined ? symbols[b.scope] : symbols.find((s) => s.parent === undefined && s.kind === 'constant' && s.name === b.name);
      if (owner?.kind === 'constant' && owner.name === b.name) typed.set(owner.local, b.type);
    }
    for (const s of symbols) {
      // A constant whose calls return a type (`const make: (…) => Hook = dual<…>(2, (self) => ({ pipe() {…} }))`):
      // the literal its function returns is that type.
      if (s.kind === 'constant' && s.returns && !typed.has(s.local)) typed.set(s.local, s.returns);
      if (s.kind !== 'function' && s.kind !== 'method') continue;
      const returned = s.returns ?? returnTypeName(s.signature, s.name, 'js');
      if (returned) typed.set(s.local, returned);
    }
    if (!typed.size) continue;
    const resolved = new Map<string, IndexedSymbol[]>();
    for (const m of symbols) {
      if (m.parent === undefined || !CALLABLE_KINDS.has(m.kind)) continue;
      const typeName = typed.get(m.parent);
      if (typeName === undefined) continue;
      let targetTypes = resolved.get(typeName);
      if (!targetTypes) resolved.set(typeName, (targetTypes = types.typesNamedIn(file, typeName)));
      for (const type of targetTypes) for (const decl of types.members(type, m.name)) if (decl.kind === 'method') yield [decl, m];
    }
  }
}

/** An interface's method names, each with its declarations (own and embedded interfaces'). */
function interfaceMethods(table: SymbolTable, types: TypeHierarchy, iface: IndexedSymbol, depth = 0, out = new Map<string, IndexedSymbol[]>()): Map<string, IndexedSymbol[]> {
  if (depth > 6) return out;
  for (const m of table.byFile.get(iface.file) ?? []) {
    if (m.parent !== iface.local || m.kind !== 'method') continue;
    const list = out.get(m.name) ?? [];
    list.push(m);
    out.set(m.name, list);
  }
  for (const base of types.bases(iface, 'go')) if (base.kind === 'interface') interfaceMethods(table, types, base, depth + 1, out);
  return out;
}

function isInterfaceMember(table: SymbolTable, m: IndexedSymbol): boolean {
  const parent = m.parent !== undefined ? table.byFile.get(m.file)?.[m.parent] : undefined;
  return parent !== undefined && TYPE_KINDS.has(parent.kind) && (parent.kind === 'interface' || parent.kind === 'trait');
}

const shapes = new WeakMap<IndexedSymbol, string | null>();

/** Whether a Go method has the signature of one of an interface's declarations of it (an unreadable signature matches). */
function sameGoSignature(decls: IndexedSymbol[], method: IndexedSymbol): boolean {
  const shape = (m: IndexedSymbol) => {
    let s = shapes.get(m);
    if (s === undefined) shapes.set(m, (s = goMethodShape(m.signature, m.name) ?? null));
    return s;
  };
  const own = shape(method);
  return own === null || decls.some((d) => shape(d) === null || shape(d) === own);
}
