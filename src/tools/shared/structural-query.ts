import { invalidArgument } from '../../common/errors';
import { LANGUAGE_IDS } from '../../index/languages';
import { SYMBOL_KINDS } from '../../index/records';
import { starGlobMatcher } from '../../common/text-match';

/** The structural_search query language: `kind:method lang:python file:src/ name:get* calls:save returns:User` + bare words. */
export const FILTER_KEYS = ['kind', 'lang', 'file', 'name', 'calls', 'returns'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export interface StructuralQuery {
  filters: Partial<Record<FilterKey, string[]>>;
  words: string[];
}

export function parseStructuralQuery(query: string): StructuralQuery {
  const filters: StructuralQuery['filters'] = {};
  const words: string[] = [];
  for (const token of query.trim().split(/\s+/).filter(Boolean)) {
    const colon = token.indexOf(':');
    if (colon <= 0) {
      words.push(token.toLowerCase());
      continue;
    }
    const key = token.slice(0, colon).toLowerCase();
    const value = token.slice(colon + 1);
    if (!(FILTER_KEYS as readonly string[]).includes(key)) {
      throw invalidArgument(`Unknown filter "${key}:" in query. Allowed filters: ${FILTER_KEYS.map((k) => `${k}:`).join(' ')} — plus bare words matched against names and signatures.`);
    }
    if (!value) throw invalidArgument(`Filter "${key}:" needs a value, e.g. ${key}:${example(key as FilterKey)}.`);
    if (key === 'kind' && !(SYMBOL_KINDS as readonly string[]).includes(value)) {
      throw invalidArgument(`Unknown kind "${value}". Allowed kinds: ${SYMBOL_KINDS.join(', ')}.`);
    }
    if (key === 'lang' && !(LANGUAGE_IDS as readonly string[]).includes(value)) {
      throw invalidArgument(`Unknown lang "${value}". Allowed languages: ${LANGUAGE_IDS.join(', ')}.`);
    }
    (filters[key as FilterKey] ??= []).push(value);
  }
  if (words.length === 0 && Object.keys(filters).length === 0) throw invalidArgument('The query is empty. Give at least one filter (kind: lang: file: name: calls: returns:) or a word.');
  return { filters, words };
}

function example(key: FilterKey): string {
  return { kind: 'method', lang: 'python', file: 'src/', name: 'parse*', calls: 'save', returns: 'User' }[key];
}

/** `get*` style globs; without `*` a case-insensitive exact match. Never a regex: the query is the agent's input. */
export function globMatcher(pattern: string): (s: string) => boolean {
  return starGlobMatcher(pattern);
}

/** The declared result type in a signature: TS `): T`, Python `-> T`, Rust `-> T`, Go `) T` / `) (T, error)`. */
export function returnTypeOf(signature: string): string | undefined {
  const arrow = /->\s*(.+)$/.exec(signature);
  if (arrow) return arrow[1].trim();
  const close = signature.lastIndexOf(')');
  if (close < 0) return undefined;
  const rest = signature.slice(close + 1).replace(/^\s*:\s*/, '').replace(/\s*=>\s*$/, '').trim();
  return rest || undefined;
}
