import type { LanguageId } from './languages';

/**
 * The flat records extraction produces for one file. They are plain JSON (persisted as they are) and
 * position-only: linking them into a graph is src/graph's job.
 */
export const SYMBOL_KINDS = [
  'function',
  'method',
  'class',
  'interface',
  'struct',
  'enum',
  'trait',
  'type',
  'module',
  'constant',
  'field',
] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

/** Kinds that name a type whose members other code calls through. */
export const TYPE_KINDS: ReadonlySet<SymbolKind> = new Set(['class', 'interface', 'struct', 'enum', 'trait', 'type']);
export const CALLABLE_KINDS: ReadonlySet<SymbolKind> = new Set(['function', 'method']);

export interface SymbolRecord {
  name: string;
  /** `Class.method`, `outer.inner`, Rust `Type.method`, Go `Type.Method`. */
  qualifiedName: string;
  kind: SymbolKind;
  /** 1-based, inclusive. */
  lineStart: number;
  lineEnd: number;
  /** 1-based character (code points) of the name. */
  character: number;
  signature: string;
  doc?: string;
  /** Index of the enclosing symbol in the file's symbol list. */
  parent?: number;
  /** Base classes, implemented interfaces and traits, as written. */
  heritage?: string[];
  /**
   * Rust: the trait of the impl block that declares this method (`impl Display for X { fn fmt }`). Same-named
   * methods of one type in different impl blocks stay apart; their ids say which (`X.fmt~Display`).
   */
  trait?: string;
  /**
   * TS constants annotated with a function type or an object type of call signatures (`const f: (a: A) =>
   * Effect<A> = …`, effect's `dual` overloads): the named type their calls return (js-definitions.ts annotatedResult).
   */
  returns?: string;
  /** Byte offsets of the whole definition, for body excerpts. */
  startIndex: number;
  endIndex: number;
}

export interface CallRecord {
  name: string;
  /** Receiver expression as written (`this`, `self`, `ns`, `a.b`, Rust `Foo` in `Foo::new`), capped. */
  receiver?: string;
  /** `new X()` / struct literal: the call constructs the named type. */
  constructs?: boolean;
  line: number;
  character: number;
  /** Index of the innermost enclosing symbol (function, method, class) or undefined at module level. */
  enclosing?: number;
  /** Python `@dec` over a definition: applying the decorator calls it (resolution `decorator`). */
  decorator?: boolean;
  /** `handlers["save"]()`, `steps[0]()`: calls a value held by the collection variable `name`, not `name` itself. */
  element?: boolean;
}

export interface ImportRecord {
  /** Module specifier as written: `./x`, `pkg.mod`, `..sib`, `fmt`, `crate::a::b`. */
  source: string;
  /** Imported name; undefined for a namespace/module import or a bare side-effect import. */
  name?: string;
  /** Local binding. For a namespace import this is the namespace's local name. */
  local?: string;
  /** The whole module is bound to `local` (import * as m, import m, Go package, Rust module path). */
  namespace?: boolean;
  /** `export … from`: the binding is re-exported under `local` (or every name when name is '*'). */
  reexport?: boolean;
  line: number;
}

/**
 * A name whose type or value the syntax states: `x: Foo`, `x = new Foo()`, field `this.x: Foo`, `a = func`.
 * Python, Go and Rust also record untyped parameters (`type` empty): the name is bound there, so it shadows a
 * module function of the same name.
 */
export interface BindingRecord {
  /**
   * A variable or parameter name, or a field name when `field` is set. `return` (a keyword, never a variable)
   * with `alias`: a value the enclosing function returns (`return inner`), so `g = make(); g()` calls it.
   */
  name: string;
  /** A class field (`this.x`, `self.x`, a struct field): its scope is the type. */
  field?: boolean;
  /**
   * The type's name, or with `fromCall` the callee whose return type it is (Go `x := NewFoo()`), or with
   * `alias` the name or dotted path whose value the name holds (`a = func`, `f = obj.m`, `a = self`).
   */
  type: string;
  /** The name holds the value `type` names (a function, a bound method, another variable), not an instance of it. */
  alias?: boolean;
  fromCall?: boolean;
  /** With `fromCall`: which of the callee's results the name holds, when not the first (Go `n, err := w.Write(p)`: err is result 1). */
  result?: number;
  /**
   * The name holds a collection of `type` (`xs: Shape[]`, `[]Shape`, `list[Item]`, `Vec<Foo>`, Rust `Option<&Foo>`),
   * not one; with `alias`, one of the values a dict or list literal holds (`{"save": save}`).
   */
  collection?: boolean;
  /** The name is an element of the collection variable named by `type` (`for (const s of shapes)`, `xs.map((x) => …)`). */
  elementOf?: boolean;
  /** Enclosing symbol index (for fields: the class) or undefined at module level. */
  scope?: number;
}

/**
 * A function value moving through a name (JavaScript and TypeScript): `ref` is the expression as written (`f`,
 * `obj.m`, `this.m`, `make()`; `.bind(…)` dropped). Kept only where it can matter (see src/index/js-values.ts).
 *  - `alias`: `name = ref` (a local or a property of an object literal, `handlers.x`); `ref` empty when the value
 *    is no function reference, so the local only shadows.
 *  - `return`: the function `scope` returns `ref`.
 *  - `arg`: `ref` is argument `index` of the call whose name is at `callLine`:`callCharacter`.
 *  - `export`: `module.exports = ref`.
 * Python records only `arg` (src/index/python-values.ts): `run(f)`, `run(cb=f)` (`name` is the keyword),
 * `run(partial(f, 1))` (`ref` f), `run(obj.m)`; with `decorates`, `@dec` over the definition named `ref` (at
 * line:character) applies dec to it (`index` 0), `@dec(…)` applies what that call returns (`index` -1).
 */
export interface ValueRecord {
  kind: 'alias' | 'return' | 'arg' | 'export';
  name?: string;
  ref: string;
  index?: number;
  callLine?: number;
  callCharacter?: number;
  /** Python: the argument is the definition a decorator is applied to (see above). */
  decorates?: boolean;
  /** 1-based position of `ref`. */
  line: number;
  character: number;
  /** Enclosing symbol index, or undefined at module level. */
  scope?: number;
}

export interface FileRecord {
  lang: LanguageId;
  symbols: SymbolRecord[];
  calls: CallRecord[];
  imports: ImportRecord[];
  bindings: BindingRecord[];
  /** JavaScript/TypeScript function values, Python functions passed to calls; absent when there are none. */
  values?: ValueRecord[];
  /** Go `package x` name, Python/Rust nothing. */
  packageName?: string;
  /** Parse errors were found; results for those regions are partial. */
  hasErrors: boolean;
  lines: number;
}
