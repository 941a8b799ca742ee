import type { BindingRecord, CallRecord, FileRecord } from '../index/records';
import { CALLABLE_KINDS } from '../index/records';
import { type ResolvedCall, unique } from './denotation';
import type { IndexedSymbol, SymbolTable } from './symbol-table';

const NONE: readonly BindingRecord[] = [];

/** Aliases of aliases (`a = b; b = f`) and returns of returns are followed this deep, then left unknown. */
const MAX_VALUE_DEPTH = 4;

/** What value flow needs from the resolver: resolving a call (or a name, as a call) in a given scope. */
export interface CallResolving {
  resolveCall(file: string, record: FileRecord, family: string, call: CallRecord, enclosing: IndexedSymbol | undefined): ResolvedCall | undefined;
}

/**
 * Calls through values, for Python, Go and Rust: a name bound to a function or bound method (`a = func; a()`,
 * `f = obj.m; f()`), to what a call returned (`g = make(); g()` where make does `return inner`), or an element
 * of a dict or list literal of functions (`handlers["x"]()`). Edges found so are marked `value`.
 * A name bound in a function (a parameter, a local of unknown value) shadows the module function of that
 * name: the call is not guessed.
 */
export class ValueFlow {
  private depth = 0;
  /** Per file's bindings array: scope and name → every binding of the name there, built on first use. */
  private readonly index = new WeakMap<readonly BindingRecord[], Map<number, Map<string, BindingRecord[]>>>();

  constructor(
    private readonly table: SymbolTable,
    private readonly resolver: CallResolving,
  ) {}

  /**
   * A bare call `name()` in `scope` (a symbol's local index, undefined for the module): undefined when the scope
   * binds no such name, null when it does but the value is unknown (a parameter), else the functions it holds.
   */
  boundCall(file: string, record: FileRecord, family: string, call: CallRecord, scope: number | undefined): ResolvedCall | null | undefined {
    const bound = this.bindingsOf(record, scope, call.name);
    if (!bound.length) return undefined;
    const values = call.element ? bound.filter((b) => b.alias && b.collection) : bound.filter((b) => !b.collection);
    const targets: IndexedSymbol[] = [];
    let confidence = 1;
    for (const b of values) {
      if (!b.type) continue;
      const found = b.alias ? this.valueOf(file, record, family, b.type, b.scope) : b.elementOf ? this.elementsOf(file, record, family, b.type, b.scope) : this.returnedFunctions(file, record, family, b, b.scope);
      if (!found) continue;
      targets.push(...found.targets);
      confidence = Math.min(confidence, found.confidence);
    }
    if (targets.length) return { targets: unique(targets), resolution: 'value', confidence };
    // At module level a name assigned something else is also a constant symbol: let the caller link to it.
    return scope === undefined ? undefined : null;
  }

  /** The functions a name or path (`func`, `obj.m`, `mod.f`) denotes, seen from `scope`. */
  valueOf(file: string, record: FileRecord, family: string, path: string, scope: number | undefined): ResolvedCall | undefined {
    const cut = /(\.|::)(?=[^.:]*$)/.exec(path);
    const call: CallRecord = {
      name: cut ? path.slice(cut.index + cut[0].length) : path, receiver: cut ? path.slice(0, cut.index) : undefined, line: 0, character: 0, enclosing: scope,
    };
    const resolved = this.nested(() => this.resolver.resolveCall(file, record, family, call, this.symbolAt(file, scope)));
    if (!resolved || resolved.resolution === 'name') return undefined;
    const targets = resolved.targets.filter((t) => CALLABLE_KINDS.has(t.kind));
    return targets.length ? { targets, resolution: 'value', confidence: resolved.confidence } : undefined;
  }

  /** `for step in PIPELINE: step()`: every function the collection literal holds. */
  private elementsOf(file: string, record: FileRecord, family: string, collection: string, scope: number | undefined): ResolvedCall | undefined {
    const call: CallRecord = { name: collection, element: true, line: 0, character: 0, enclosing: scope };
    const resolved = this.nested(() => this.resolver.resolveCall(file, record, family, call, this.symbolAt(file, scope)));
    return resolved?.resolution === 'value' ? resolved : undefined;
  }

  /** `g = make()`: the functions `make` returns by name (`return inner`, `return self.handle`). */
  private returnedFunctions(file: string, record: FileRecord, family: string, b: BindingRecord, scope: number | undefined): ResolvedCall | undefined {
    const callees = this.valueOf(file, record, family, b.type, scope);
    if (!callees) return undefined;
    const targets: IndexedSymbol[] = [];
    let confidence = callees.confidence;
    for (const fn of callees.targets) {
      const fnRecord = this.table.files.get(fn.file);
      if (!fnRecord) continue;
      for (const r of this.bindingsOf(fnRecord, fn.local, 'return')) {
        if (!r.alias) continue;
        const found = this.valueOf(fn.file, fnRecord, family, r.type, fn.local);
        if (!found) continue;
        targets.push(...found.targets);
        confidence = Math.min(confidence, found.confidence);
      }
    }
    return targets.length ? { targets, resolution: 'value', confidence } : undefined;
  }

  /** Every (non-field) binding of `name` in `scope`. */
  bindingsOf(record: FileRecord, scope: number | undefined, name: string): readonly BindingRecord[] {
    let index = this.index.get(record.bindings);
    if (!index) {
      // Nested maps, not `scope + name` string keys: this runs for every bare call at every scope level.
      index = new Map();
      for (const b of record.bindings) {
        if (b.field) continue;
        let byName = index.get(b.scope ?? -1);
        if (!byName) index.set(b.scope ?? -1, (byName = new Map()));
        const list = byName.get(b.name);
        if (list) list.push(b);
        else byName.set(b.name, [b]);
      }
      this.index.set(record.bindings, index);
    }
    return index.get(scope ?? -1)?.get(name) ?? NONE;
  }

  /** Runs a nested resolution unless values already nest too deep (a cycle `a = b; b = a`, or a long chain). */
  /** Whether a value is being followed (then answers are cut off by depth and must not be remembered). */
  get following(): boolean {
    return this.depth > 0;
  }

  nested<T>(work: () => T | undefined): T | undefined {
    if (this.depth >= MAX_VALUE_DEPTH) return undefined;
    this.depth++;
    try {
      return work();
    } finally {
      this.depth--;
    }
  }

  private symbolAt(file: string, local: number | undefined): IndexedSymbol | undefined {
    return local === undefined ? undefined : this.table.byFile.get(file)?.[local];
  }
}
