import type { IndexedSymbol } from './symbol-table';

/**
 * How a call edge was resolved, most certain first. An agent (and `npm run quality`) can tell a proven
 * edge from a guess: `name` edges are name matches only and carry a confidence below 1. `dispatch` edges lead
 * from a call of a base, interface or trait method to an override or implementation it may run (src/graph/dispatch.ts).
 * `value`: the callee reached the call through a variable, a collection, a parameter or a return value (`a = func; a()`;
 * JS/TS in src/graph/values.ts, Python/Go/Rust in src/graph/value-flow.ts);
 * `decorator`: `@dec` applied to a definition.
 */
export type Resolution = 'scope' | 'member' | 'import' | 'package' | 'dispatch' | 'value' | 'decorator' | 'name';

export interface ResolvedCall {
  targets: IndexedSymbol[];
  resolution: Resolution;
  confidence: number;
  /** The receiver's static types, when the call went through an instance: they narrow what it can dispatch to. */
  receiverTypes?: IndexedSymbol[];
  /**
   * Go `err.Error()` on the predeclared `error` interface, which no workspace file declares: `targets` is empty and
   * the call dispatches to every `Error() string` method (CodeGraph asks DispatchIndex.goErrorMethods).
   */
  builtinInterface?: 'error';
}

/** What a name or receiver expression denotes. */
export type Denotation =
  | { kind: 'module'; files: string[] }
  | { kind: 'symbols'; symbols: IndexedSymbol[]; resolution: Resolution }
  | { kind: 'instance'; types: IndexedSymbol[]; resolution: Resolution; confidence: number }
  /**
   * A value from outside the workspace. `implementers`: its type is an interface declared outside it (TS's
   * `Iterator`) that these workspace classes implement, so its methods may run theirs. `builtin: 'error'`: Go's
   * predeclared error interface.
   */
  | { kind: 'external'; implementers?: IndexedSymbol[]; builtin?: 'error' };

export function unique(symbols: IndexedSymbol[]): IndexedSymbol[] {
  return [...new Map(symbols.map((s) => [s.id, s])).values()];
}
