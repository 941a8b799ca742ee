import { CALLABLE_KINDS } from '../index/records';
import { languageInfo } from '../index/languages';
import { annotatedParameters } from './signatures';
import type { SymbolTable } from './symbol-table';

/** Annotations that say nothing about what a name usually holds. */
const NO_EVIDENCE = new Set(['any', 'unknown', 'never']);

/** A parameter name's usual type, and a file whose imports name it. */
export interface Convention {
  type: string;
  file: string;
}

/**
 * Parameter name → the type it is annotated with, when at least 3 signatures agree at 80% or more: in rxjs
 * `source` is an `Observable` and `subscriber` a `Subscriber` nearly everywhere they are annotated, so an
 * untyped callback parameter of that name most likely is one too. Read from signatures only (never from
 * bodies), so an edit inside a body cannot change another file's resolution.
 */
export function namingConventions(table: SymbolTable, family: string): Map<string, Convention> {
  const tally = new Map<string, Map<string, { n: number; file: string }>>();
  for (const sym of table.all) {
    if (!CALLABLE_KINDS.has(sym.kind) || languageInfo(sym.lang).family !== family) continue;
    for (const [name, type] of annotatedParameters(sym.signature)) {
      if (NO_EVIDENCE.has(type)) continue;
      const byType = tally.get(name) ?? new Map<string, { n: number; file: string }>();
      tally.set(name, byType);
      const t = byType.get(type) ?? { n: 0, file: sym.file };
      t.n++;
      byType.set(type, t);
    }
  }
  const out = new Map<string, Convention>();
  for (const [name, byType] of tally) {
    const total = [...byType.values()].reduce((a, t) => a + t.n, 0);
    const [type, best] = [...byType.entries()].sort((a, b) => b[1].n - a[1].n)[0];
    if (total >= 3 && best.n / total >= 0.8) out.set(name, { type, file: best.file });
  }
  return out;
}
