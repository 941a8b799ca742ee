import type { CallRecord, FileRecord, ValueRecord } from '../index/records';
import { CALLABLE_KINDS } from '../index/records';
import type { ResolvedCall } from './denotation';
import type { IndexedSymbol, SymbolTable } from './symbol-table';
import { ALIAS_CONFIDENCE, type LinkedCalls, passedFunctionFlows, type ValueFlow as Flow } from './values';
import type { ValueFlow } from './value-flow';

/** What callback flow needs from the resolver: a call site's callees, as the graph links them. */
export interface CallSiteResolving {
  resolve(file: string, record: FileRecord, call: CallRecord): ResolvedCall | undefined;
}

/**
 * Python functions passed as arguments (records from src/index/python-values.ts), as JavaScript's in values.ts:
 *  - `run(f)`, `run(cb=f)`, `run(partial(f, 1))`, `run(self.m)` where `def run(cb): cb()` → an edge run → f at
 *    the `cb()` site, resolution `value` (0.9); a method called through an instance skips `self` (`cls` always);
 *  - `@dec` over `def f` is `dec(f)`: a decorator whose wrapper calls its parameter calls f from the wrapper;
 *  - `map(f, xs)`, `sorted(xs, key=f)`, `Thread(target=f)`, `@app.route("/")`: a function handed to a callee
 *    outside the workspace (or one Sightline cannot resolve) is taken as called on the caller's behalf, an edge
 *    from the enclosing code to f at 0.45, below the tools' default floor (`xs.append(f)` never calls f).
 * Never by name: the passed function is resolved as a name in its scope, the callee as the call is, and a
 * parameter is followed only where the callee calls it bare and neither it nor a nested function rebinds it.
 */
export class PythonCallbacks {
  private readonly params = new WeakMap<IndexedSymbol, PythonParameters>();

  constructor(
    private readonly table: SymbolTable,
    private readonly values: ValueFlow,
    private readonly calls: CallSiteResolving,
  ) {}

  flows(file: string, record: FileRecord, linked: LinkedCalls): Flow[] {
    // A third of a file's arguments repeat one in the same scope (`sys.stdout`, a module constant): resolve each once.
    // By scope, then name: nested maps, not a `scope\0ref` key built for every argument.
    const seen = new Map<number, Map<string, { targets: IndexedSymbol[]; confidence: number } | undefined>>();
    const passed = (v: ValueRecord) => {
      if (v.decorates) return this.passed(file, record, v);
      const scope = v.scope ?? -1;
      let byRef = seen.get(scope);
      if (!byRef) seen.set(scope, (byRef = new Map()));
      const known = byRef.get(v.ref);
      if (known !== undefined || byRef.has(v.ref)) return known;
      const found = this.passed(file, record, v);
      byRef.set(v.ref, found);
      return found;
    };
    return passedFunctionFlows(this.table, file, record, {
      resolve: (call) => (linked.has(call) ? linked.get(call) : this.calls.resolve(file, record, call)),
      passed,
      parameterFor: (fn, call, v) => this.parameterFor(fn, call, v),
      // Any binding in a nested function (its own parameter, a local); in the callee itself, any but the parameter
      // (`cb = wrap(cb)`: the name no longer holds what was passed).
      rebinds: (fnRecord, scope, param) => this.values.bindingsOf(fnRecord, scope.local, param).length > 0,
    });
  }

  /** The functions the argument denotes: the decorated definition itself, or the reference resolved in its scope. */
  private passed(file: string, record: FileRecord, v: ValueRecord): { targets: IndexedSymbol[]; confidence: number } | undefined {
    if (v.decorates) {
      const def = (this.table.byFile.get(file) ?? []).find((s) => s.name === v.ref && s.character === v.character && s.lineStart <= v.line && v.line <= s.lineEnd && CALLABLE_KINDS.has(s.kind));
      return def ? { targets: [def], confidence: ALIAS_CONFIDENCE } : undefined;
    }
    if (this.isParameter(file, record, v.ref, v.scope)) return undefined;
    const found = this.values.valueOf(file, record, 'python', v.ref, v.scope);
    return found ? { targets: found.targets, confidence: Math.min(found.confidence, ALIAS_CONFIDENCE) } : undefined;
  }

  /**
   * The bare name is a parameter where it is read (in the nearest function that binds it): what it holds there is
   * the caller's, whatever the body assigns it later (`parse_float = make_safe(parse_float)` passes the parameter,
   * not what make_safe returns; bindings are not ordered).
   */
  private isParameter(file: string, record: FileRecord, name: string, scope: number | undefined): boolean {
    if (name.includes('.')) return false;
    const fileSymbols = this.table.byFile.get(file) ?? [];
    for (let s = scope !== undefined ? fileSymbols[scope] : undefined; s; s = s.parent !== undefined ? fileSymbols[s.parent] : undefined) {
      if (!CALLABLE_KINDS.has(s.kind)) continue;
      if (s.signature.includes(name)) {
        const p = this.parameters(s);
        if (p.keywords.includes(name) || p.positional.includes(name)) return true;
      }
      if (this.values.bindingsOf(record, s.local, name).length) return false;
    }
    return false;
  }

  /** The parameter of `fn` that receives the argument, `self` or `cls` skipped where the call binds it. */
  private parameterFor(fn: IndexedSymbol, call: CallRecord, v: ValueRecord): string | undefined {
    const p = this.parameters(fn);
    const record = this.table.files.get(fn.file);
    const param = v.name !== undefined ? (p.keywords.includes(v.name) ? v.name : undefined) : this.positional(fn, call, v, p);
    if (param === undefined || !record) return undefined;
    // `cb = wrap(cb)` in the callee's own body: the name no longer holds what was passed. A parameter annotated
    // with a plain name (`cb: Handler`) is bound once by its annotation.
    const typed = this.values.bindingsOf(record, fn.local, param).filter((b) => b.type !== '');
    return typed.length <= (p.annotated.includes(param) ? 1 : 0) && typed.every((b) => !b.alias && !b.collection) ? param : undefined;
  }

  private positional(fn: IndexedSymbol, call: CallRecord, v: ValueRecord, p: PythonParameters): string | undefined {
    if (v.index === undefined || v.index < 0) return undefined;
    const first = p.positional[0];
    const parent = fn.parent !== undefined ? this.table.byFile.get(fn.file)?.[fn.parent] : undefined;
    const throughClass = call.receiver !== undefined && parent !== undefined && call.receiver.split('.').pop() === parent.name;
    const bound = fn.kind === 'method' && (first === 'cls' || (first === 'self' && call.receiver !== undefined && !throughClass));
    return p.positional[v.index + (bound ? 1 : 0)];
  }

  private parameters(fn: IndexedSymbol): PythonParameters {
    let p = this.params.get(fn);
    if (!p) this.params.set(fn, (p = pythonParameters(fn.signature, fn.name)));
    return p;
  }
}

export interface PythonParameters {
  /** Parameters an argument can reach by position, in order (before `*args` or a bare `*`). */
  positional: string[];
  /** Parameters an argument can reach by keyword (not those before `/`). */
  keywords: string[];
  /** Parameters with an annotation (`cb: Handler`). */
  annotated: string[];
}

/** The parameters of a Python signature: `def run(self, cb, /, n: int = 1, *args, key=None, **kw)`. */
export function pythonParameters(signature: string, name: string): PythonParameters {
  // The signature is the definition's head (`def name(…) -> T`, decorators not included).
  const at = signature.indexOf(name);
  const open = signature.indexOf('(', at < 0 ? 0 : at + name.length);
  const positional: string[] = [];
  const keywords: string[] = [];
  const annotated: string[] = [];
  if (open < 0) return { positional, keywords, annotated };
  const parts: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < signature.length; i++) {
    const c = signature[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        parts.push(signature.slice(start, i));
        break;
      }
    } else if (c === ',' && depth === 1) {
      parts.push(signature.slice(start, i));
      start = i + 1;
    }
  }
  let byPosition = true;
  for (const raw of parts) {
    const part = raw.trim();
    if (part === '') continue;
    if (part === '/') {
      keywords.length = 0;
      continue;
    }
    if (part.startsWith('*')) {
      byPosition = false;
      continue;
    }
    const [, param, colon] = /^([A-Za-z_]\w*)\s*(:)?/.exec(part) ?? [];
    if (!param) continue;
    if (colon) annotated.push(param);
    if (byPosition) positional.push(param);
    keywords.push(param);
  }
  return { positional, keywords, annotated };
}
