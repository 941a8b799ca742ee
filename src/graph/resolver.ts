import type { BindingRecord, CallRecord, FileRecord } from '../index/records';
import { CALLABLE_KINDS, TYPE_KINDS } from '../index/records';
import { languageInfo } from '../index/languages';
import { type Denotation, type Resolution, type ResolvedCall, unique } from './denotation';
import { ModuleExports } from './exports';
import { TypeHierarchy } from './hierarchy';
import type { ModuleResolver } from './modules';
import type { IndexedSymbol, SymbolTable } from './symbol-table';
import { dirOf } from './symbol-table';
import { type Convention, namingConventions } from './conventions';
import { calleeOfCallExpression, returnTypeName } from './signatures';
import { FunctionValues, type LinkedCalls, type ValueFlow as JsValueFlow } from './values';
import { ValueFlow } from './value-flow';
import { PythonCallbacks } from './python-callbacks';
import { builtinType } from './builtins';

export type { Resolution, ResolvedCall } from './denotation';

/** Name matches beyond this many candidates say nothing useful: no edge is made. */
const MAX_NAME_CANDIDATES = 4;
/**
 * A unique name match, measured on effect and rxjs against TypeScript: about one in four is right (most are
 * builtins: `set.add`, `map.get`). Kept below the tools' default floor of 0.5, so they show only on request.
 */
const NAME_CONFIDENCE = 0.4;
const SELF_NAMES = new Set(['this', 'self', 'Self', 'cls']);
const SUPER_NAMES = new Set(['super', 'super()']);
/** Return types chain (`a().b().c()`); beyond this the receiver is left unknown. */
const MAX_RETURN_DEPTH = 3;
/** `subscriber.next()` with `subscriber` untyped, linked to Subscriber.next: right 165/165 times on rxjs, 12/16 on effect. */
const CONVENTION_CONFIDENCE = 0.5;
/** Runtime globals: an unbound `console` is the host's, whatever a workspace names its own parameters. */
/**
 * A call on a value typed by an interface from outside the workspace mostly runs the runtime's own implementation
 * (an array's iterator), sometimes a workspace class's: shown by default, as a dispatch.
 */
const OUTSIDE_INTERFACE_CONFIDENCE = 0.5;
const MAX_OUTSIDE_IMPLEMENTERS = 16;
/** A TypeScript non-null assertion inside a receiver (`a!.b`, `f()!`), not `!==`. */
const NON_NULL = /!(?=$|\.|\[)/g;
/** One element of a collection variable: `xs[i]`, `xs.shift()`, `xs.pop()`, `xs.at(-1)`, `xs.find(…)`. */
const ELEMENT_ACCESS = /^((?:this\.)?[A-Za-z_$][\w$]*)(?:\[[^\]]*\]|\.(?:shift|pop|at|find|findLast)\(.*\))$/s;
const JS_GLOBALS = new Set(['console', 'window', 'document', 'globalThis', 'process', 'navigator', 'performance', 'self', 'global']);

/**
 * Resolves one call site to its target symbols, without a type checker. A bare name: enclosing scopes, then the
 * file, imports (through re-export chains), the Go package, Rust modules. A receiver (`a.b.f()`): `this`/`self`
 * and `super`, a local's declared, constructed or returned type, a collection's element type, a module or a
 * type's static member, then a parameter named as the workspace annotates it (`name`, 0.5). Last, the name
 * alone (`name`, ≤ 0.4). Confidences were set against TypeScript's call hierarchy (bench/README.md).
 */
export class CallResolver {
  private readonly exports: ModuleExports;
  /** Shared with DispatchIndex, which builds the override relation from the same bases. */
  readonly types: TypeHierarchy;
  /** JavaScript/TypeScript function values (values.ts); Python, Go and Rust ones are `values` (value-flow.ts). */
  private readonly jsValues: FunctionValues;
  private returnDepth = 0;
  private readonly conventionsByFamily = new Map<string, Map<string, Convention>>();
  /** Keyed by the bindings array itself, so a record passed under another file's name still finds its own. */
  private readonly bindingIndex = new WeakMap<readonly BindingRecord[], Map<string, BindingRecord>>();
  private readonly byNameCache = new Map<string, ResolvedCall | undefined>();
  /**
   * Go locals by record, scope and name: a name is typed the same at every call in its function, and Go code calls
   * through the same few names (`err`, `w`, `b`) many times, each costing a chain of return-type lookups. Kept per
   * record object, so a re-extracted file starts afresh; only answers found at depth 0 are kept (deeper ones may
   * be cut short by the depth limits).
   */
  private readonly goLocals = new WeakMap<FileRecord, Map<string, Denotation | null>>();
  /**
   * What a name means at file level (denoteName) and, for an untyped JS head, by naming convention, by record
   * object, family and name: the same names (`context`, `node`, `options`) head thousands of calls in a file, and
   * each lookup walks imports, star imports and the types of that name. Neither depends on the scope or on the
   * depth of the value being followed. A re-extracted file starts afresh; symbols are updated in place
   * (SymbolTable.replaceRecord), so answers naming other files' symbols stay right.
   */
  private readonly fileNames = new WeakMap<FileRecord, Map<string, Denotation | null>>();
  private readonly values: ValueFlow;
  /** Python functions passed as arguments (python-callbacks.ts). */
  private readonly pyCallbacks: PythonCallbacks;
  private implementersOutside?: Map<string, IndexedSymbol[]>;

  constructor(
    private readonly table: SymbolTable,
    private readonly modules: ModuleResolver,
  ) {
    this.exports = new ModuleExports(table, modules);
    this.jsValues = new FunctionValues(table, this);
    this.types = new TypeHierarchy(
      table,
      modules,
      (file, record, family, name) => this.denoteTypeName(file, record, family, name)?.symbols ?? [],
      (file, record, family, callee) => {
        const d = this.returnedBy(file, record, family, callee, undefined);
        return d?.kind === 'instance' ? d.types : [];
      },
    );
    this.values = new ValueFlow(table, this);
    this.pyCallbacks = new PythonCallbacks(table, this.values, this);
  }

  /** Base and interface members a method overrides or implements. */
  overriddenBy(method: IndexedSymbol): IndexedSymbol[] {
    return this.types.overriddenBy(method);
  }

  resolve(file: string, record: FileRecord, call: CallRecord): ResolvedCall | undefined {
    const family = languageInfo(record.lang).family;
    const enclosing = call.enclosing !== undefined ? this.table.byFile.get(file)?.[call.enclosing] : undefined;
    if (family === 'js' && call.name === 'super' && call.receiver === undefined) return this.resolveSuperCall(file, family, enclosing);
    const resolved = this.resolveCall(file, record, family, call, enclosing);
    // `new X()` runs X's constructor: that is the callee (as in TypeScript's call hierarchy) when X declares one.
    if (resolved && family === 'js' && call.constructs) resolved.targets = unique(resolved.targets.map((t) => (t.kind === 'class' ? this.types.constructorOf(t, false) ?? t : t)));
    // `@property`, `@staticmethod`: a decorator found by name only is a builtin's far more often than a workspace class of that name.
    if (resolved?.resolution === 'name' && call.decorator) return undefined;
    if (!resolved || resolved.resolution === 'name') return resolved;
    // `B()` where B declares no `__init__` runs the one it inherits: that method is called too (B's own
    // `__init__` is reached through the class, as the fixtures and TypeScript's hierarchy count it).
    if (family === 'python') resolved.targets = unique(resolved.targets.flatMap((t) => [t, ...this.inheritedInit(t)]));
    if (call.decorator) resolved.resolution = 'decorator';
    return resolved;
  }

  private inheritedInit(type: IndexedSymbol): IndexedSymbol[] {
    if (type.kind !== 'class' || this.table.membersNamed(type.name, '__init__').some((m) => this.types.belongsTo(m, type))) return [];
    return this.types.members(type, '__init__').filter((m) => m.kind === 'method');
  }

  /** `super(…)` in a constructor: the nearest base constructor, else the base class itself. */
  private resolveSuperCall(file: string, family: string, enclosing: IndexedSymbol | undefined): ResolvedCall | undefined {
    const owner = this.types.enclosingType(file, enclosing);
    if (!owner) return undefined;
    const targets = this.types.bases(owner, family).map((b) => this.types.constructorOf(b, true) ?? b);
    return targets.length ? { targets: unique(targets), resolution: 'member', confidence: 1 } : undefined;
  }

  /** Edges that JS/TS and Python function values make (functions passed as arguments), for CodeGraph. */
  valueFlows(file: string, record: FileRecord, linked: LinkedCalls = new Map()): JsValueFlow[] {
    const family = languageInfo(record.lang).family;
    if (family === 'python') return this.pyCallbacks.flows(file, record, linked);
    return family === 'js' ? this.jsValues.flows(file, record, linked) : [];
  }

  /** One call, without the adjustments `resolve` makes for constructors and decorators (value flow resolves names with it). */
  resolveCall(file: string, record: FileRecord, family: string, call: CallRecord, enclosing: IndexedSymbol | undefined): ResolvedCall | undefined {
    if (call.receiver === undefined) return this.resolveBare(file, record, family, call, enclosing);
    if (family === 'js') {
      const viaValue = this.jsValues.property(file, record, call, enclosing) ?? this.jsValues.invoked(file, record, call, enclosing);
      if (viaValue) return viaValue;
    }
    const receiver = this.denote(file, record, family, call.receiver, enclosing);
    if (!receiver) return this.byName(family, call, true);
    switch (receiver.kind) {
      case 'external':
        return this.onBuiltin(receiver, call) ?? this.throughOutsideInterface(receiver, call);
      case 'module': {
        const targets = this.exports.exportedFrom(receiver.files, call.name, family);
        return targets.length ? { targets, resolution: family === 'go' && receiver.files.every((f) => dirOf(f) === dirOf(file)) ? 'package' : 'import', confidence: 1 } : undefined;
      }
      case 'symbols': {
        // A module-level variable (`engine = Engine()`, Go `var DefaultSocket = Socket{}`): its value's type.
        const value = this.constantsValue(receiver.symbols);
        if (value) return this.resolveOn(value, family, call);
        // Static access through a type (`Foo.create()`, Rust `Foo::new()`), or a namespace symbol.
        // JS object literals and functions hold members too (`api.start`, `f.helper = function`).
        const types = receiver.symbols.filter((s) => TYPE_KINDS.has(s.kind) || s.kind === 'module' || (family === 'js' && (s.kind === 'constant' || s.kind === 'function')));
        const targets = types.flatMap((t) => this.types.members(t, call.name));
        if (targets.length) return { targets: unique(targets), resolution: 'member', confidence: receiver.resolution === 'name' ? 0.6 : 1 };
        return this.byName(family, call, true);
      }
      case 'instance':
        return this.resolveOn(receiver, family, call);
    }
  }

  private resolveOn(receiver: Denotation, family: string, call: CallRecord): ResolvedCall | undefined {
    if (receiver.kind === 'external') return this.onBuiltin(receiver, call) ?? this.throughOutsideInterface(receiver, call);
    if (receiver.kind !== 'instance') return this.byName(family, call, true);
    const targets = receiver.types.flatMap((t) => this.types.members(t, call.name));
    if (targets.length) return { targets: unique(targets), resolution: receiver.resolution === 'name' ? 'name' : 'member', confidence: receiver.confidence, receiverTypes: receiver.types };
    return this.byName(family, call, true);
  }

  /**
   * `iterator.next()` on a TS `Iterator` (declared in lib.d.ts, not here): the workspace classes that implement
   * that interface are what the call may run, besides the runtime's own iterators. A dispatch, never a proof.
   */
  private throughOutsideInterface(receiver: Denotation & { kind: 'external' }, call: CallRecord): ResolvedCall | undefined {
    const targets = unique((receiver.implementers ?? []).flatMap((t) => this.types.members(t, call.name)).filter((m) => m.kind === 'method'));
    return targets.length && targets.length <= MAX_OUTSIDE_IMPLEMENTERS ? { targets, resolution: 'dispatch', confidence: OUTSIDE_INTERFACE_CONFIDENCE } : undefined;
  }

  /** Builds the workspace-wide tables resolution builds on first use (see CodeGraph.prepareEdits). */
  prepare(): void {
    this.outsideImplementers('');
  }

  /** Workspace classes naming `typeName` as a base that is declared nowhere in the workspace (a lib.d.ts interface). */
  private outsideImplementers(typeName: string): IndexedSymbol[] {
    if (!this.implementersOutside) {
      this.implementersOutside = new Map();
      for (const t of this.table.all) {
        if (languageInfo(t.lang).family !== 'js' || t.kind !== 'class' || !t.heritage?.length) continue;
        const resolved = new Set(this.types.bases(t, 'js').map((b) => b.name));
        for (const h of t.heritage) if (!resolved.has(h) && !h.includes('.')) this.implementersOutside.set(h, [...(this.implementersOutside.get(h) ?? []), t]);
      }
    }
    return this.implementersOutside.get(typeName) ?? [];
  }

  /** `err.Error()` on Go's predeclared error interface dispatches (see ResolvedCall.builtinInterface); other outside methods are not ours. */
  private onBuiltin(receiver: Denotation & { kind: 'external' }, call: CallRecord): ResolvedCall | undefined {
    if (receiver.builtin === 'error' && call.name === 'Error') return { targets: [], resolution: 'dispatch', confidence: 1, builtinInterface: 'error' };
    return undefined;
  }

  /** Constants and module-level variables denote what they were assigned, when the syntax says its type. */
  private constantsValue(symbols: IndexedSymbol[]): Denotation | undefined {
    if (!symbols.length || !symbols.every((s) => s.kind === 'constant')) return undefined;
    const types: IndexedSymbol[] = [];
    let confidence = 1;
    for (const s of symbols) {
      const record = this.table.files.get(s.file);
      const b = record && this.values.bindingsOf(record, s.parent, s.name).find(typedBinding);
      const d = b && this.bindingValue(s.file, record, b);
      if (d?.kind === 'external' && symbols.length === 1) return d;
      if (d?.kind !== 'instance') continue;
      types.push(...d.types);
      confidence = Math.min(confidence, d.confidence);
    }
    return types.length ? { kind: 'instance', types: unique(types), resolution: 'member', confidence } : undefined;
  }

  // ---- bare calls ----------------------------------------------------------------------------

  private resolveBare(file: string, record: FileRecord, family: string, call: CallRecord, enclosing: IndexedSymbol | undefined): ResolvedCall | undefined {
    if (call.name === 'Self') {
      // Rust `Self { .. }` / `Self(..)` inside an impl builds the impl's type.
      const owner = this.types.enclosingType(file, enclosing);
      return owner ? { targets: [owner], resolution: 'member', confidence: 1 } : undefined;
    }
    // Functions nested in the enclosing functions, innermost first.
    const fileSymbols = this.table.byFile.get(file) ?? [];
    for (let scope = enclosing; scope; scope = scope.parent !== undefined ? fileSymbols[scope.parent] : undefined) {
      // Members of a type are not in scope as bare names; functions nested in a function or a constant's initializer are.
      if (TYPE_KINDS.has(scope.kind)) continue;
      // Methods of object literals nested here are the object's, not names in scope.
      const nested = this.table.nestedNamed(file, scope.local, call.name).filter((s) => s.kind === 'function' || TYPE_KINDS.has(s.kind));
      if (nested.length) return { targets: nested, resolution: 'scope', confidence: 1 };
      const value = family === 'js' ? this.jsValues.inScope(file, record, call.name, scope) : undefined;
      if (value) return value === 'shadowed' ? undefined : value;
      // A local variable holding a call's result (`const decode = make(…); decode(x)`) shadows the file's function.
      // Only those in JS: parameter bindings also come from function types and inner callbacks, whose scope we do not see.
      if (family === 'js') {
        if (this.binding(record, false, scope.local, call.name)?.fromCall) return undefined;
        continue;
      }
      // Python, Go, Rust: any name bound in the function shadows; a function value is followed (`a = f; a()`).
      const bound = this.values.boundCall(file, record, family, call, scope.local);
      if (bound !== undefined) return bound ?? undefined;
    }
    const moduleValue = family === 'js' ? this.jsValues.inScope(file, record, call.name, undefined) : undefined;
    if (moduleValue && moduleValue !== 'shadowed') return moduleValue;
    if (family !== 'js') {
      const bound = this.values.boundCall(file, record, family, call, undefined);
      if (bound) return bound;
    }
    // `handlers["x"]()` with no dict of functions in sight: the collection's name is not the callee.
    if (call.element) return undefined;
    const d = this.denoteName(file, record, family, call.name);
    if (d?.kind === 'external') return undefined;
    if (d?.kind === 'symbols') {
      const callable = firstDeclared(d.symbols.filter((s) => CALLABLE_KINDS.has(s.kind) || TYPE_KINDS.has(s.kind) || s.kind === 'constant' || s.kind === 'field'));
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
    const dispatched = member ? this.types.traitMethodOf(candidates) : undefined;
    if (dispatched) return { targets: [dispatched], resolution: 'name', confidence: 0.5 };
    // Rust macros are found by name across the crate (`#[macro_use]`, `#[macro_export]`).
    if (family === 'rust' && candidates.length === 1 && candidates[0].signature.startsWith('macro_rules!')) return { targets: candidates, resolution: 'name', confidence: 0.5 };
    if (candidates.length === 0 || candidates.length > MAX_NAME_CANDIDATES) return undefined;
    return { targets: candidates, resolution: 'name', confidence: round(NAME_CONFIDENCE / candidates.length) };
  }

  // ---- what names denote ---------------------------------------------------------------------

  /** A receiver expression: `this`, `self.repo`, `ns`, `a.b`, `crate::m`, `Foo`. */
  private denote(file: string, record: FileRecord, family: string, written: string, enclosing: IndexedSymbol | undefined): Denotation | undefined {
    // `window!.next()`, `xs.shift()!.complete()`: a non-null assertion does not change what the receiver is.
    const receiver = family === 'js' ? written.replace(NON_NULL, '') : written;
    if (family === 'js') {
      const element = this.collectionElement(file, record, receiver, enclosing);
      if (element) return element;
    }
    const separator = receiver.includes('::') ? '::' : '.';
    // Python `import a.b` binds the dotted name as a whole: try it before splitting.
    if (family === 'python') {
      const whole = this.exports.bindings(file, record, family).get(receiver);
      if (whole) return whole;
    }
    if (family === 'rust' && /^(super|self)(::|$)/.test(receiver) && receiver !== 'self') {
      const inline = this.inlineRustPath(file, receiver.split('::'), enclosing);
      if (inline) return inline;
    }
    if (family === 'rust' && /^(crate|super|self)(::|$)/.test(receiver) && receiver !== 'self') {
      const target = this.modules.resolveRustModule(file, receiver.split('::'));
      if (target && 'files' in target) return { kind: 'module', files: target.files };
    }
    // Go `x.(Stringer).String()`: the asserted type; `xs[i].Pos()`, `s.items[0].Pos()`: the collection's element type.
    const asserted = family === 'go' ? /\.\(\*?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)\)$/.exec(receiver) : null;
    if (asserted) return this.instanceOf(file, record, asserted[1], false);
    const indexed = family === 'go' ? /^([\w.]+)\[[^[\]]*\]$/.exec(receiver) : null;
    if (indexed) return this.elementsOf(file, record, family, indexed[1], enclosing);
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

  /**
   * `xs[i].m()`, `xs.shift()!.m()`: one element of a collection the syntax types (`xs: Subject<T>[]`) is an instance
   * of its element type.
   */
  private collectionElement(file: string, record: FileRecord, receiver: string, enclosing: IndexedSymbol | undefined): Denotation | undefined {
    const m = ELEMENT_ACCESS.exec(receiver);
    const c = m ? this.collectionBinding(file, record, m[1], enclosing, 0) : undefined;
    return c ? this.instanceOf(c.file, c.record, c.binding.type, false) : undefined;
  }

  /** The collection binding a name or `this.field` holds, through `const { xs } = this` style aliases. */
  private collectionBinding(file: string, record: FileRecord, path: string, enclosing: IndexedSymbol | undefined, depth: number): { file: string; record: FileRecord; binding: BindingRecord } | undefined {
    if (depth > 2) return undefined;
    const field = /^this\.([A-Za-z_$][\w$]*)$/.exec(path);
    if (field) {
      const owner = this.types.enclosingType(file, enclosing);
      const ownerRecord = owner && this.table.files.get(owner.file);
      const b = ownerRecord && this.binding(ownerRecord, true, owner.local, field[1]);
      return b?.collection && !b.alias ? { file: owner!.file, record: ownerRecord!, binding: b } : undefined;
    }
    if (path.includes('.')) return undefined;
    const b = this.scopedBinding(file, record, enclosing, path, (x) => !x.field && (x.collection === true) !== (x.alias === true));
    if (!b) return undefined;
    return b.alias ? this.collectionBinding(file, record, b.type, enclosing, depth + 1) : { file, record, binding: b };
  }

  /** `super::helper` / `self::x` inside `mod inner { … }` blocks: counted from the inline module, not the file. */
  private inlineRustPath(file: string, segments: string[], enclosing: IndexedSymbol | undefined): Denotation | undefined {
    const fileSymbols = this.table.byFile.get(file) ?? [];
    const modules: IndexedSymbol[] = [];
    for (let s = enclosing; s; s = s.parent !== undefined ? fileSymbols[s.parent] : undefined) if (s.kind === 'module') modules.unshift(s);
    if (!modules.length) return undefined;
    let depth = modules.length;
    let rest = segments;
    while (rest[0] === 'super' || rest[0] === 'self') {
      if (rest[0] === 'super') depth--;
      rest = rest.slice(1);
    }
    // Above the file's outermost inline module: the file's own module path takes over.
    if (depth < 0) return undefined;
    let current: Denotation | undefined = depth === 0 ? { kind: 'module', files: [file] } : { kind: 'symbols', symbols: [modules[depth - 1]], resolution: 'scope' };
    for (const part of rest) current = current && this.step(current, part, 'rust');
    return current;
  }

  private enclosingModuleItem(file: string, enclosing: IndexedSymbol | undefined, name: string): Denotation | undefined {
    const fileSymbols = this.table.byFile.get(file) ?? [];
    for (let s = enclosing; s; s = s.parent !== undefined ? fileSymbols[s.parent] : undefined) {
      if (s.kind !== 'module') continue;
      const items = this.table.nestedNamed(file, s.local, name);
      if (items.length) return { kind: 'symbols', symbols: [...items], resolution: 'scope' };
    }
    return undefined;
  }

  private denoteHead(file: string, record: FileRecord, family: string, head: string, enclosing: IndexedSymbol | undefined): Denotation | undefined {
    const owner = this.types.enclosingType(file, enclosing);
    if (SELF_NAMES.has(head) && owner) return { kind: 'instance', types: [owner], resolution: 'member', confidence: 1 };
    if (SUPER_NAMES.has(head) && owner) {
      const bases = this.types.bases(owner, family);
      return bases.length ? { kind: 'instance', types: bases, resolution: 'member', confidence: 1 } : { kind: 'external' };
    }
    if (family === 'js' && head === 'this' && !owner) {
      // `this` in a method of an object literal is that object.
      const object = this.jsValues.thisObject(file, enclosing);
      if (object) return { kind: 'symbols', symbols: [object], resolution: 'member' };
    }
    const local = this.localType(file, record, enclosing, head);
    if (local) return local;
    const localObject = family === 'js' ? this.jsValues.localObject(file, enclosing, head) : [];
    if (localObject.length) return { kind: 'symbols', symbols: localObject, resolution: 'scope' };
    if (family === 'rust') {
      // `inner::tag()` inside `mod helper { … }`: a module declared in an enclosing inline module.
      const inline = this.enclosingModuleItem(file, enclosing, head);
      if (inline) return inline;
    }
    const named = this.denoteName(file, record, family, head);
    if (named || family !== 'js' || !/^[a-z_$][\w$]*$/.test(head) || JS_GLOBALS.has(head)) return named;
    return this.perFileName(record, `convention\0${family}\0${head}`, () => this.conventionalType(file, record, family, head));
  }

  private perFileName(record: FileRecord, key: string, compute: () => Denotation | undefined): Denotation | undefined {
    let cache = this.fileNames.get(record);
    if (!cache) this.fileNames.set(record, (cache = new Map()));
    const known = cache.get(key);
    if (known !== undefined) return known ?? undefined;
    const d = compute();
    cache.set(key, d ?? null);
    return d;
  }

  /**
   * An untyped variable (usually a callback parameter, typed by context in TS) gets the type its name has
   * wherever the workspace does annotate it (`source: Observable<T>` in most signatures), else the type it is
   * named after (`subscriber` → Subscriber). A guess, marked `name`, measured right ~98% of the time.
   */
  private conventionalType(file: string, record: FileRecord, family: string, name: string): Denotation | undefined {
    let conventions = this.conventionsByFamily.get(family);
    if (!conventions) this.conventionsByFamily.set(family, (conventions = namingConventions(this.table, family)));
    const usual = conventions.get(name);
    const typeName = name[0].toUpperCase() + name.slice(1);
    // `random` → `Random`, or `Random.Random` when Random is a namespace import of a module named after its type.
    if (!usual && typeName === name) return undefined;
    const d = usual
      ? this.denoteTypeName(usual.file, this.table.files.get(usual.file)!, family, usual.type)
      : this.denoteTypeName(file, record, family, typeName) ?? this.denoteTypeName(file, record, family, `${typeName}.${typeName}`);
    const types = d?.symbols.filter((t) => TYPE_KINDS.has(t.kind)) ?? [];
    return types.length ? { kind: 'instance', types, resolution: 'name', confidence: CONVENTION_CONFIDENCE } : undefined;
  }

  /** The instance a call returns (`innerFrom(x).pipe()`, `const s = make()`), from the callee's declared return type. */
  private returnedBy(file: string, record: FileRecord, family: string, callee: string, enclosing: IndexedSymbol | undefined, result = 0, elements = false): Denotation | undefined {
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
      let builtin: Denotation | undefined;
      for (const fn of resolved.targets) {
        // Python `Repo()` and JS `new` calls construct their class; functions declare what they return.
        if (TYPE_KINDS.has(fn.kind)) {
          // A conversion (`T(x)`) holds a T, not elements of one.
          if (!elements) types.push(fn);
          continue;
        }
        const typeName = (result === 0 && !elements ? fn.returns : undefined) ?? returnTypeName(fn.signature, fn.name, family, result, elements);
        if (typeName === 'Self') {
          const owner = this.types.enclosingType(fn.file, fn);
          if (owner) types.push(owner);
          continue;
        }
        const fnRecord = this.table.files.get(fn.file);
        const d = typeName && fnRecord ? this.instanceOf(fn.file, fnRecord, typeName, false) : undefined;
        if (d?.kind === 'instance') types.push(...d.types);
        else if (d?.kind === 'external' && d.builtin) builtin = d;
      }
      if (!types.length) return builtin;
      return { kind: 'instance', types: unique(types), resolution: 'member', confidence: Math.min(0.9, resolved.confidence) };
    } finally {
      this.returnDepth--;
    }
  }

  /** The variable's declared or constructed type, from the innermost scope that binds it. */
  private localType(file: string, record: FileRecord, enclosing: IndexedSymbol | undefined, name: string): Denotation | undefined {
    if (record.lang !== 'go' || this.returnDepth > 0 || this.values.following) return this.localTypeUncached(file, record, enclosing, name);
    let cache = this.goLocals.get(record);
    if (!cache) this.goLocals.set(record, (cache = new Map()));
    const key = `${enclosing?.local ?? ''}\0${name}`;
    const known = cache.get(key);
    if (known !== undefined) return known ?? undefined;
    const d = this.localTypeUncached(file, record, enclosing, name);
    cache.set(key, d ?? null);
    return d;
  }

  private localTypeUncached(file: string, record: FileRecord, enclosing: IndexedSymbol | undefined, name: string): Denotation | undefined {
    const b = this.scopedBinding(file, record, enclosing, name, typedBinding);
    if (!b) return undefined;
    const d = this.bindingValue(file, record, b, enclosing);
    if (d || record.lang !== 'go') return d;
    // Go rebinds a name block by block (`err := f()` … `err := g()`, usually of one type): the first binding of
    // the same scope that says what the name holds.
    for (const other of this.values.bindingsOf(record, b.scope, name)) {
      if (other === b || !typedBinding(other)) continue;
      const found = this.bindingValue(file, record, other, enclosing);
      if (found) return found;
    }
    return undefined;
  }

  /** What a binding says its name holds: an instance of a type, another name's value (`a = self`), or an outside value. */
  private bindingValue(file: string, record: FileRecord, b: BindingRecord, enclosing?: IndexedSymbol): Denotation | undefined {
    if (b.alias) {
      const family = languageInfo(record.lang).family;
      const scope = b.scope !== undefined ? this.table.byFile.get(file)?.[b.scope] : undefined;
      return this.values.nested(() => this.denote(file, record, family, b.type, scope));
    }
    // A collection is not an instance of its element type; an element takes the type its collection holds,
    // Rust `if let Some(q) = q` included (one name for the Option and its content: scopes are per function).
    if (b.collection) {
      const unwrapped = this.scopedBinding(file, record, enclosing, b.name, (x) => x.elementOf === true && x.type === b.name);
      return unwrapped ? this.instanceOf(file, record, b.type, false) : undefined;
    }
    if (b.elementOf) {
      // Go `for _, r := range mr.readers`: the field's element type.
      if (record.lang === 'go' && b.type.includes('.')) return this.elementsOf(file, record, 'go', b.type, enclosing);
      const c = this.scopedBinding(file, record, enclosing, b.type, (x) => x.collection === true && !x.alias);
      if (c) return this.instanceOf(file, record, c.type, false);
      // Go `entries, err := os.ReadDir(d)` then `for _, e := range entries`: the element type of the callee's result.
      const fromCall = record.lang === 'go' ? this.scopedBinding(file, record, enclosing, b.type, (x) => x.fromCall === true) : undefined;
      if (fromCall) return this.returnedBy(file, record, 'go', fromCall.type, this.callScope(file, record, fromCall), fromCall.result, true);
      // Scopes are per function, not per block: the same name may be declared with a type elsewhere in it.
      const other = this.scopedBinding(file, record, enclosing, b.name, (x) => typedBinding(x) && !x.elementOf && !x.collection && !x.alias);
      return other ? this.instanceOf(file, record, other.type, other.fromCall === true, other.result, this.callScope(file, record, other)) : undefined;
    }
    return this.instanceOf(file, record, b.type, b.fromCall === true, b.result, this.callScope(file, record, b));
  }

  /**
   * Go `h := hash.New()` / `fi, err := f.Stat()`: the callee is resolved from the function that binds the name, so a
   * parameter or local receiver (`f`) is in scope. (Other languages resolve such callees at module level, as measured.)
   */
  private callScope(file: string, record: FileRecord, b: BindingRecord): IndexedSymbol | undefined {
    if (!b.fromCall || b.scope === undefined || record.lang !== 'go') return undefined;
    return this.table.byFile.get(file)?.[b.scope];
  }

  /** An element of the collection a Go name or field path holds (`xs`, `s.items`): its declared element type. */
  private elementsOf(file: string, record: FileRecord, family: string, path: string, enclosing: IndexedSymbol | undefined): Denotation | undefined {
    const cut = path.lastIndexOf('.');
    if (cut < 0) {
      const c = this.scopedBinding(file, record, enclosing, path, (x) => x.collection === true && !x.alias);
      return c ? this.instanceOf(file, record, c.type, false) : undefined;
    }
    // `for _, n := range n.children` names its own element: the depth limit ends the loop.
    const owner = this.values.nested(() => this.denote(file, record, family, path.slice(0, cut), enclosing));
    if (owner?.kind !== 'instance') return undefined;
    for (const type of owner.types) {
      const typeRecord = this.table.files.get(type.file);
      const b = typeRecord && this.binding(typeRecord, true, type.local, path.slice(cut + 1));
      if (typeRecord && b?.collection) return this.instanceOf(type.file, typeRecord, b.type, false);
    }
    return undefined;
  }

  /** The binding of `name` from the innermost scope that has one (the first per scope, or the first that `accept`s). */
  private scopedBinding(file: string, record: FileRecord, enclosing: IndexedSymbol | undefined, name: string, accept: (b: BindingRecord) => boolean): BindingRecord | undefined {
    const fileSymbols = this.table.byFile.get(file) ?? [];
    const pick = (scope: number | undefined) => {
      const first = this.binding(record, false, scope, name);
      if (!first || accept(first)) return first;
      return record.bindings.find((x) => x.scope === scope && x.name === name && accept(x));
    };
    for (let scope = enclosing; scope; scope = scope.parent !== undefined ? fileSymbols[scope.parent] : undefined) {
      const b = pick(scope.local);
      if (b) return b;
    }
    return pick(undefined);
  }

  private instanceOf(file: string, record: FileRecord, typeName: string, fromCall: boolean, result = 0, scope?: IndexedSymbol): Denotation | undefined {
    const family = languageInfo(record.lang).family;
    // `x := NewFoo()`, `let s = Store::new()`, `const s = make()`: the callee's declared result.
    if (fromCall) return this.returnedBy(file, record, family, typeName, scope, result) ?? this.externalCallee(file, record, family, typeName);
    const d = this.denoteTypeName(file, record, family, typeName);
    // `items: Vec<i32>`, `name: str`: a standard type the workspace does not declare; its methods are not ours.
    if (!d && family === 'js') {
      const implementers = this.outsideImplementers(typeName);
      return implementers.length ? { kind: 'external', implementers } : undefined;
    }
    if (!d) return builtinType(family, typeName) ? { kind: 'external', builtin: family === 'go' && typeName === 'error' ? 'error' : undefined } : undefined;
    // Python `x = make_repo()` reads like a construction: a function's declared result.
    if (family === 'python' && d.symbols.every((s) => CALLABLE_KINDS.has(s.kind))) return this.returnedBy(file, record, family, typeName, undefined);
    const types = d.symbols.filter((s) => TYPE_KINDS.has(s.kind)).flatMap((t) => this.goAliased(t));
    return types.length ? { kind: 'instance', types, resolution: 'member', confidence: d.resolution === 'name' ? 0.6 : 0.95 } : undefined;
  }

  /**
   * Go `type FileInfo = fs.FileInfo` (an alias) is the type it names, and `type ReadFn io.Reader` (a defined type
   * over an interface) has the interface's methods: `fi.IsDir()` on an os.FileInfo reaches fs.FileInfo.IsDir.
   */
  private goAliased(type: IndexedSymbol, depth = 0): IndexedSymbol[] {
    if (type.lang !== 'go' || type.kind !== 'type' || depth > 3) return [type];
    const m = /^(?:type\s+)?[A-Za-z_]\w*(?:\[[^\]]*\])?\s*(=)?\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)\s*$/.exec(type.signature);
    const record = m ? this.table.files.get(type.file) : undefined;
    if (!m || !record) return [type];
    const named = (this.denoteTypeName(type.file, record, 'go', m[2])?.symbols ?? []).filter((s) => TYPE_KINDS.has(s.kind) && s.id !== type.id);
    const resolved = named.flatMap((t) => this.goAliased(t, depth + 1));
    return resolved.length && (m[1] === '=' || resolved.every((t) => t.kind === 'interface')) ? resolved : [type];
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
    return this.perFileName(record, `${family}\0${name}`, () => this.denoteNameUncached(file, record, family, name));
  }

  private denoteNameUncached(file: string, record: FileRecord, family: string, name: string): Denotation | undefined {
    const top = this.table.topLevel.get(file)?.get(name);
    if (family === 'rust' && top?.length && top.every((t) => t.kind === 'module')) {
      // `mod shapes;` declares the module in shapes.rs: `shapes::total()` looks there.
      const child = this.modules.resolveRustModule(file, [name]);
      if (child && 'files' in child) return { kind: 'module', files: child.files };
    }
    if (top?.length) return { kind: 'symbols', symbols: top, resolution: 'scope' };
    const bound = this.exports.bindings(file, record, family).get(name);
    if (bound?.kind === 'module' && family === 'js') {
      // `const m = require('./m')` where m.js says `module.exports = f` (a function, class or object): m is f.
      const exported = this.jsValues.exportedValue(bound.files);
      if (exported.length) return { kind: 'symbols', symbols: exported, resolution: 'import' };
    }
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
    for (const star of this.exports.starImports(file, record, family)) {
      const found = this.exports.exported(star, name, family, 0);
      if (found.length) return { kind: 'symbols', symbols: found, resolution: 'import' };
    }
    const types = this.table.typesNamed(name).filter((s) => languageInfo(s.lang).family === family);
    if (types.length > 0 && types.length <= MAX_NAME_CANDIDATES) return { kind: 'symbols', symbols: types, resolution: 'name' };
    return undefined;
  }

  private step(current: Denotation, part: string, family: string): Denotation | undefined {
    switch (current.kind) {
      case 'external':
        // A property of an outside value is another outside value, whatever interface the value has.
        return { kind: 'external' };
      case 'module': {
        const found = this.exports.exportedFrom(current.files, part, family);
        // Rust `mod entries;` is a module symbol whose items live in entries.rs: the file answers, not the declaration.
        const declaredOnly = family === 'rust' && found.length > 0 && found.every((s) => s.kind === 'module');
        if (found.length && !declaredOnly) return { kind: 'symbols', symbols: found, resolution: 'import' };
        const sub = current.files.flatMap((f) => {
          const t = this.modules.resolve(f, family, family === 'python' ? `.${part}` : family === 'rust' ? `self::${part}` : `./${part}`);
          return t && 'files' in t ? t.files : [];
        });
        if (sub.length) return { kind: 'module', files: sub };
        return found.length ? { kind: 'symbols', symbols: found, resolution: 'import' } : undefined;
      }
      case 'symbols': {
        const value = this.constantsValue(current.symbols);
        if (value) return this.step(value, part, family);
        const members = current.symbols.flatMap((s) => [...this.types.members(s, part), ...(s.kind === 'module' ? this.table.nestedNamed(s.file, s.local, part).filter((m) => m.kind === 'module' || TYPE_KINDS.has(m.kind)) : [])]).filter((m) => m.kind !== 'method');
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
    if (!b) return this.propertyType(type, field) ?? this.embeddedField(type, field);
    // `this.observers.push()`, Go's `s.items`: a collection is not an instance of its element type (`s.items[i]`
    // is: see elementsOf).
    if (b.collection) return undefined;
    const d = this.instanceOf(type.file, record, b.type, b.fromCall === true);
    return d?.kind === 'instance' ? { ...d, confidence: Math.min(d.confidence, 0.9) } : d;
  }

  /**
   * Go embedded fields: `c.Conn.Write()` where `c`'s struct embeds `net.Conn` (the field is named by its type), and
   * fields promoted from an embedded struct (`t.log.Write()` where `t` embeds the struct that declares `log`).
   */
  private embeddedField(type: IndexedSymbol, field: string, depth = 0): Denotation | undefined {
    if (type.lang !== 'go' || depth > 3) return undefined;
    const bases = this.types.bases(type, 'go');
    const named = bases.filter((base) => base.name === field);
    if (named.length) return { kind: 'instance', types: named, resolution: 'member', confidence: 0.9 };
    for (const base of bases) {
      const b = this.binding(this.table.files.get(base.file)!, true, base.local, field);
      const d = b ? this.fieldType(base, field) : this.embeddedField(base, field, depth + 1);
      if (d) return d;
    }
    return undefined;
  }

  /** Python `@property`: `self.conn.execute()` where `conn` is a method declaring `-> Connection`. */
  private propertyType(type: IndexedSymbol, name: string): Denotation | undefined {
    if (type.lang !== 'python') return undefined;
    for (const m of this.types.members(type, name)) {
      const typeName = m.kind === 'method' ? returnTypeName(m.signature, m.name, 'python') : undefined;
      const record = typeName ? this.table.files.get(m.file) : undefined;
      const d = record && this.instanceOf(m.file, record, typeName!, false);
      if (d) return d.kind === 'instance' ? { ...d, confidence: Math.min(d.confidence, 0.9) } : d;
    }
    return undefined;
  }

  /** `m = re.match(…)`, `s = String::new()`, `f = open(…)`: a call into code outside the workspace returns an outside value. */
  private externalCallee(file: string, record: FileRecord, family: string, callee: string): Denotation | undefined {
    const head = callee.split(/\.|::/)[0];
    const d = this.denoteName(file, record, family, head);
    if (d?.kind === 'external' || (!d && builtinType(family, head))) return { kind: 'external' };
    return undefined;
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
}

/** A binding that says what its name holds (not an untyped parameter, not one value of a dict of functions). */
function typedBinding(b: BindingRecord): boolean {
  return !b.field && b.type !== '' && !(b.alias && b.collection) && b.name !== 'return';
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}

/**
 * Overloads are one symbol, so several same-named functions declared in one file are a parse error's debris (a
 * flattened region): the first is the one a bare call means. Types and constants of the name stay (merging).
 */
function firstDeclared(symbols: IndexedSymbol[]): IndexedSymbol[] {
  const firstFunction = new Map<string, IndexedSymbol>();
  for (const s of symbols) {
    if (!CALLABLE_KINDS.has(s.kind)) continue;
    const prev = firstFunction.get(s.file);
    if (!prev || s.startIndex < prev.startIndex) firstFunction.set(s.file, s);
  }
  return symbols.filter((s) => !CALLABLE_KINDS.has(s.kind) || firstFunction.get(s.file) === s);
}
