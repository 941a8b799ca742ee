import type { CallRecord, FileRecord, ValueRecord } from '../index/records';
import { CALLABLE_KINDS, TYPE_KINDS } from '../index/records';
import { languageInfo } from '../index/languages';
import { type ResolvedCall, unique } from './denotation';
import type { IndexedSymbol, SymbolTable } from './symbol-table';

/**
 * Function values in JavaScript and TypeScript (records from src/index/js-values.ts). A call through a name that
 * holds a function is an edge to that function, resolution `value`:
 *  - `const a = f; a()`, `const f = obj.m.bind(obj)`, `const f = this.m`, `const h = { x: f }; h.x()` → f (0.9);
 *  - `const g = make(); g()` → whatever `make` returns by name (`return inner`) (0.9);
 *  - `run(f)` where `run(cb)` calls `cb()` → an edge run → f at the `cb()` site (0.9): the call happens in run;
 *  - `xs.map(f)`, `setTimeout(f)`, `emitter.on('x', f)`: a function handed to a callee outside the workspace
 *    (or one Sightline cannot resolve) is taken as called by that callee on the caller's behalf, an edge from
 *    the enclosing function to f at 0.45, below the tools' default floor: `list.push(f)` never calls f, and
 *    TypeScript's call hierarchy (the reference on typed code) does not count a callback as a call;
 *  - `module.exports = f`: `const m = require('./m'); m()` → f (`import`).
 * A parameter or local of the called name shadows module functions of that name: no edge, not a name guess.
 */

/** What a local, parameter or module-level name says about a bare call of it. */
export type ValueAnswer = ResolvedCall | 'shadowed' | undefined;

/** The resolver's full call resolution, for references written as calls (`a.b` is resolved like `a.b()`). */
export interface CallResolving {
  resolveCall(file: string, record: FileRecord, family: string, call: CallRecord, enclosing: IndexedSymbol | undefined): ResolvedCall | undefined;
  resolve(file: string, record: FileRecord, call: CallRecord): ResolvedCall | undefined;
}

/**
 * An edge that a function value makes: `from` undefined is module-level code. A flow with no targets records
 * only that this file's edges depend on a function elsewhere (passed a function it does not call, for now).
 */
export interface ValueFlow {
  from: IndexedSymbol | undefined;
  targets: IndexedSymbol[];
  confidence: number;
  line: number;
  character: number;
}

export const ALIAS_CONFIDENCE = 0.9;
const HANDED_OFF_CONFIDENCE = 0.45;
/** References that lead to references (`a = b; b = make(); make returns c`) stop here. */
const MAX_DEPTH = 4;

export class FunctionValues {
  private readonly valueIndex = new WeakMap<readonly ValueRecord[], Map<string, ValueRecord>>();
  private readonly params = new WeakMap<IndexedSymbol, string[]>();
  /** Per file, what `module.exports = x` resolves to; what it names is part of the file's shape (sameShape). */
  private readonly exports = new Map<string, IndexedSymbol[]>();
  private depth = 0;

  constructor(
    private readonly table: SymbolTable,
    private readonly calls: CallResolving,
  ) {}

  /** A bare call `name()` seen from `scope` (one scope of the enclosing chain, undefined = module level). */
  inScope(file: string, record: FileRecord, name: string, scope: IndexedSymbol | undefined): ValueAnswer {
    if (!record.values && scope === undefined) return undefined;
    const alias = this.value(record, 'alias', scope?.local, name);
    if (alias) {
      const found = this.referenceTargets(file, record, alias.ref, scope);
      if (found) return { targets: found.targets, resolution: 'value', confidence: found.confidence };
      // Module level keeps the old answer (a constant of that name); a local always shadows.
      return scope ? 'shadowed' : undefined;
    }
    if (scope && CALLABLE_KINDS.has(scope.kind) && this.parameters(scope).includes(name)) return 'shadowed';
    return undefined;
  }

  /** `handlers.x()` where `const handlers = { x: f }` in scope. */
  property(file: string, record: FileRecord, call: CallRecord, enclosing: IndexedSymbol | undefined): ResolvedCall | undefined {
    if (!record.values || call.receiver === undefined || !/^[\w$]+$/.test(call.receiver)) return undefined;
    const key = `${call.receiver}.${call.name}`;
    const fileSymbols = this.table.byFile.get(file) ?? [];
    for (let scope = enclosing; ; scope = scope.parent !== undefined ? fileSymbols[scope.parent] : undefined) {
      const alias = this.value(record, 'alias', scope?.local, key);
      if (alias) {
        const found = this.referenceTargets(file, record, alias.ref, scope);
        return found ? { targets: found.targets, resolution: 'value', confidence: found.confidence } : undefined;
      }
      if (!scope) return undefined;
    }
  }

  /** What `module.exports = x` exports from these files (a function, class or object): `require` returns it. */
  exportedValue(files: string[]): IndexedSymbol[] {
    return files.flatMap((f) => {
      let found = this.exports.get(f);
      if (!found) {
        const record = this.table.files.get(f);
        const exported = record?.values?.find((v) => v.kind === 'export');
        found = exported ? this.referenceTargets(f, record!, exported.ref, undefined, true)?.targets ?? [] : [];
        this.exports.set(f, found);
      }
      return found;
    });
  }

  /** `f.call(thisArg, …)` / `f.apply(…)` call f. */
  invoked(file: string, record: FileRecord, call: CallRecord, enclosing: IndexedSymbol | undefined): ResolvedCall | undefined {
    if ((call.name !== 'call' && call.name !== 'apply') || call.receiver === undefined) return undefined;
    // `Base.call(this, …)` in an ES5 constructor calls the base constructor function, now a class.
    const targets = this.referenceTargets(file, record, call.receiver, enclosing, true)?.targets.filter((t) => CALLABLE_KINDS.has(t.kind) || TYPE_KINDS.has(t.kind));
    return targets?.length ? { targets, resolution: 'value', confidence: ALIAS_CONFIDENCE } : undefined;
  }

  /** The object literal (a named constant) whose method `this` is in, for `this.m()` outside classes. */
  thisObject(file: string, enclosing: IndexedSymbol | undefined): IndexedSymbol | undefined {
    const fileSymbols = this.table.byFile.get(file) ?? [];
    for (let s = enclosing; s && s.parent !== undefined; s = fileSymbols[s.parent]) {
      const parent = fileSymbols[s.parent];
      if (s.kind === 'method' && parent.kind === 'constant') return parent;
    }
    return undefined;
  }

  /** Object-literal constants declared in the enclosing functions (`function f() { const api = { … }; api.go() }`). */
  localObject(file: string, enclosing: IndexedSymbol | undefined, name: string): IndexedSymbol[] {
    const fileSymbols = this.table.byFile.get(file) ?? [];
    for (let s = enclosing; s; s = s.parent !== undefined ? fileSymbols[s.parent] : undefined) {
      const found = this.table.nestedNamed(file, s.local, name).filter((x) => x.kind === 'constant');
      if (found.length) return found;
    }
    return [];
  }

  /** Edges made by functions passed as arguments (see the class comment). */
  flows(file: string, record: FileRecord, linked: LinkedCalls): ValueFlow[] {
    return passedFunctionFlows(this.table, file, record, {
      resolve: (call) => (linked.has(call) ? linked.get(call) : this.calls.resolve(file, record, call)),
      passed: (v, from) => this.referenceTargets(file, record, v.ref, from),
      parameterFor: (fn, _call, v) => this.parameters(fn)[v.index ?? -1],
      // A nested function declaring its own parameter of that name calls something else.
      rebinds: (_fnRecord, scope, param) => this.parameters(scope).includes(param),
    });
  }

  /** The functions a reference (`f`, `a.b`, `this.m`, `make()`) denotes, seen from `scope`. */
  private referenceTargets(file: string, record: FileRecord, ref: string, scope: IndexedSymbol | undefined, anyKind = false): { targets: IndexedSymbol[]; confidence: number } | undefined {
    if (!ref || this.depth >= MAX_DEPTH) return undefined;
    this.depth++;
    try {
      const returned = ref.endsWith('()');
      const path = returned ? ref.slice(0, -2) : ref;
      const dot = path.lastIndexOf('.');
      const call: CallRecord = { name: dot < 0 ? path : path.slice(dot + 1), receiver: dot < 0 ? undefined : path.slice(0, dot), line: 0, character: 0, enclosing: scope?.local };
      const family = languageInfo(record.lang).family;
      const resolved = this.calls.resolveCall(file, record, family, call, scope);
      if (!resolved || resolved.confidence < 0.5) return undefined;
      const confidence = Math.min(resolved.confidence, ALIAS_CONFIDENCE);
      if (!returned) {
        const targets = anyKind ? resolved.targets : resolved.targets.filter((t) => CALLABLE_KINDS.has(t.kind));
        return targets.length ? { targets, confidence } : undefined;
      }
      const targets: IndexedSymbol[] = [];
      let least = confidence;
      for (const fn of resolved.targets) {
        const fnRecord = this.table.files.get(fn.file);
        if (!CALLABLE_KINDS.has(fn.kind) || !fnRecord?.values) continue;
        for (const r of fnRecord.values) {
          if (r.kind !== 'return' || r.scope !== fn.local) continue;
          const found = this.referenceTargets(fn.file, fnRecord, r.ref, fn);
          if (found) targets.push(...found.targets), (least = Math.min(least, found.confidence));
        }
      }
      return targets.length ? { targets: unique(targets), confidence: least } : undefined;
    } finally {
      this.depth--;
    }
  }

  /** Parameter names read from the signature (`function run(cb, { a }, ...rest)` → cb, '', rest). */
  parameters(fn: IndexedSymbol): string[] {
    let names = this.params.get(fn);
    if (!names) this.params.set(fn, (names = parameterNames(fn.signature, fn.name)));
    return names;
  }

  private value(record: FileRecord, kind: ValueRecord['kind'], scope: number | undefined, name: string): ValueRecord | undefined {
    if (!record.values) return undefined;
    let index = this.valueIndex.get(record.values);
    if (!index) {
      index = new Map();
      for (const v of record.values) {
        const key = `${v.kind}\0${v.scope ?? ''}\0${v.name ?? ''}`;
        if (!index.has(key)) index.set(key, v);
      }
      this.valueIndex.set(record.values, index);
    }
    return index.get(`${kind}\0${scope ?? ''}\0${name}`);
  }
}

/**
 * What the resolver answered for a file's calls while they were linked (CodeGraph.linkCalls): a call that passes
 * functions is not resolved a second time for its arguments (a quarter of the Python stdlib's resolutions were).
 */
export type LinkedCalls = ReadonlyMap<CallRecord, ResolvedCall | undefined>;

/** How one language follows a function passed as an argument (JS: FunctionValues, Python: python-callbacks.ts). */
export interface PassedFunctions {
  /** The call's callees, as the graph links the call. */
  resolve(call: CallRecord): ResolvedCall | undefined;
  /** The functions the argument denotes, seen from the code that passes it. */
  passed(v: ValueRecord, from: IndexedSymbol | undefined): { targets: IndexedSymbol[]; confidence: number } | undefined;
  /** The parameter of the callee `fn` that receives the argument. */
  parameterFor(fn: IndexedSymbol, call: CallRecord, v: ValueRecord): string | undefined;
  /** `scope` (a function nested in the callee) binds `param` anew, so its calls of that name call something else. */
  rebinds(record: FileRecord, scope: IndexedSymbol, param: string): boolean;
}

/**
 * The edges functions passed as arguments make (`arg` records): into the callee where it calls the parameter
 * (0.9), or from the passing code at 0.45 when the callee is outside the workspace or unresolved.
 */
export function passedFunctionFlows(table: SymbolTable, file: string, record: FileRecord, how: PassedFunctions): ValueFlow[] {
  if (!record.values) return [];
  const out: ValueFlow[] = [];
  const fileSymbols = table.byFile.get(file) ?? [];
  for (const v of record.values) {
    if (v.kind !== 'arg') continue;
    const call = v.callLine !== undefined ? callIndexOf(record).byLine.get(v.callLine)?.find((c) => c.character === v.callCharacter) : undefined;
    if (!call) continue;
    const from = v.scope !== undefined ? fileSymbols[v.scope] : undefined;
    // What the argument denotes is the costly part (most arguments are data), so it is asked only where an edge
    // or a marker would be made: a callee in the same file that never calls the parameter needs no answer.
    let known: { targets: IndexedSymbol[]; confidence: number } | null | undefined;
    const passed = () => (known === undefined ? (known = how.passed(v, from) ?? null) : known);
    const callee = how.resolve(call);
    if (!callee || callee.resolution === 'name') {
      const p = passed();
      if (p) out.push({ from, targets: p.targets, confidence: Math.min(p.confidence, HANDED_OFF_CONFIDENCE), line: v.line, character: v.character });
      continue;
    }
    for (const fn of callee.targets) {
      if (!CALLABLE_KINDS.has(fn.kind)) continue;
      const param = how.parameterFor(fn, call, v);
      if (fn.file !== file && passed()) out.push({ from: fn, targets: [], confidence: 0, line: v.line, character: v.character });
      for (const site of param ? parameterCalls(table, fn, param, how) : []) {
        const p = passed();
        if (!p) break;
        out.push({ from: site.from, targets: p.targets, confidence: Math.min(p.confidence, callee.confidence, ALIAS_CONFIDENCE), line: site.line, character: site.character });
      }
    }
  }
  return out;
}

/** Bare calls of `param` inside `fn` (or functions nested in it that do not rebind it): where a passed function is called. */
function parameterCalls(table: SymbolTable, fn: IndexedSymbol, param: string, how: PassedFunctions): { from: IndexedSymbol; line: number; character: number }[] {
  const record = table.files.get(fn.file);
  const fileSymbols = table.byFile.get(fn.file);
  if (!record || !fileSymbols) return [];
  const out: { from: IndexedSymbol; line: number; character: number }[] = [];
  for (const c of callIndexOf(record).bareByName.get(param) ?? []) {
    if (c.enclosing === undefined || c.element || c.decorator) continue;
    const from = fileSymbols[c.enclosing];
    if (from.startIndex < fn.startIndex || from.endIndex > fn.endIndex) continue;
    let rebound = false;
    for (let s: IndexedSymbol | undefined = from; s && s !== fn && !rebound; s = s.parent !== undefined ? fileSymbols[s.parent] : undefined) rebound = how.rebinds(record, s, param);
    if (!rebound) out.push({ from, line: c.line, character: c.character });
  }
  return out;
}

interface CallIndex {
  /** Calls by line, in record order (a line holds few: the first at a character is the one recorded there). */
  byLine: Map<number, CallRecord[]>;
  /** Calls without a receiver, by name. */
  bareByName: Map<string, CallRecord[]>;
}

const callIndex = new WeakMap<readonly CallRecord[], CallIndex>();

/**
 * A record's calls by line and its bare calls by name; one index per record. By line rather than by a
 * `line:character` string: building that key for every call and every argument was a fifth of the flows' cost.
 */
function callIndexOf(record: FileRecord): CallIndex {
  let index = callIndex.get(record.calls);
  if (!index) {
    index = { byLine: new Map(), bareByName: new Map() };
    for (const c of record.calls) {
      pushTo(index.byLine, c.line, c);
      if (c.receiver === undefined) pushTo(index.bareByName, c.name, c);
    }
    callIndex.set(record.calls, index);
  }
  return index;
}

function pushTo<K>(map: Map<K, CallRecord[]>, key: K, call: CallRecord): void {
  const list = map.get(key);
  if (list) list.push(call);
  else map.set(key, [call]);
}

/**
 * The parameter list of a JS/TS signature, in order: `function run(cb)`, `run = (a, b) =>`, `run = cb =>`,
 * `Counter.prototype.incr = function (n)`. A destructured parameter is '' (it holds no one name).
 */
export function parameterNames(signature: string, name: string): string[] {
  const at = signature.indexOf(name);
  const rest = signature.slice(at < 0 ? 0 : at + name.length);
  const open = rest.indexOf('(');
  const arrow = /^\s*(?::[^=]*)?=\s*(?:async\s+)?([A-Za-z_$][\w$]*)\s*=>/.exec(rest);
  if (arrow && (open < 0 || arrow.index + arrow[0].length <= open)) return [arrow[1]];
  if (open < 0) return [];
  const out: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < rest.length; i++) {
    const c = rest[i];
    if (c === '>' && rest[i - 1] === '=') continue;
    if (c === '(' || c === '{' || c === '[' || c === '<') depth++;
    else if (c === ')' || c === '}' || c === ']' || c === '>') {
      depth--;
      if (depth === 0) {
        out.push(paramName(rest.slice(start, i)));
        break;
      }
    } else if (c === ',' && depth === 1) {
      out.push(paramName(rest.slice(start, i)));
      start = i + 1;
    }
  }
  return out.length === 1 && out[0] === '' ? [] : out;
}

function paramName(text: string): string {
  return /^\s*(?:(?:public|private|protected|readonly)\s+)*(?:\.\.\.)?([A-Za-z_$][\w$]*)/.exec(text)?.[1] ?? '';
}
