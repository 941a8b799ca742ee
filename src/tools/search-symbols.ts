import { z } from 'zod';
import { errorMessage, isSightlineError } from '../common/errors';
import { fitToBudget } from '../common/tokens';
import type { IndexedSymbol } from '../graph/symbol-table';
import { maxTokensArg, workspaceArg } from './common-args';
import { providerSymbolJson } from './language-shared';
import { defineTool, READ_ONLY } from './tool';

/** 0 = no match; higher is better: exact name, prefix, word start, substring, then in-order letters. */
export function fuzzyScore(name: string, query: string): number {
  const n = name.toLowerCase();
  const q = query.toLowerCase();
  if (n === q) return 100;
  if (n.startsWith(q)) return 80 - Math.min(20, n.length - q.length);
  const at = n.indexOf(q);
  if (at > 0) return (/[^a-z0-9]/.test(n[at - 1]) || name[at] !== n[at] ? 60 : 50) - Math.min(20, n.length - q.length);
  let i = 0;
  for (const c of n) if (c === q[i]) i++;
  return i === q.length ? 20 - Math.min(15, n.length - q.length) : 0;
}

interface Hit {
  name: string;
  kind: string;
  file: string;
  line: number;
  character: number;
  container?: string;
  symbol_id?: string;
  signature?: string;
  sources: string[];
  score: number;
}

export const searchSymbolsTool = defineTool({
  name: 'search_symbols',
  title: 'Search symbols',
  description:
    'Finds symbols (functions, classes, methods, types, …) anywhere in the workspace by name, fuzzily: exact names first, then prefixes, substrings and ' +
    'in-order letters (`cmpt` finds `compute`). Merges the language servers\' workspace symbols (VS Code) with Sightline\'s index, so it answers even where ' +
    'no language server runs. Use it when you know roughly what something is called but not where it is. Returns { symbols: [{name, kind, file, line, ' +
    'character, container?, symbol_id?, signature?, sources}], total, truncated }; symbol_id works with every graph tool.',
  group: 'navigate',
  inputSchema: {
    query: z.string().min(1).max(200).describe('Name or part of a name. Case-insensitive.'),
    kind: z.string().min(1).max(40).optional().describe('Keep only this kind (function, method, class, interface, …).'),
    limit: z.number().int().min(1).max(200).default(50).describe('Most symbols to return (1–200, default 50).'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const engine = ctx.workspaces.pick(args.workspace);
    const graph = await engine.ready();
    const hits = new Map<string, Hit>();
    const add = (hit: Hit) => {
      const key = `${hit.file}:${hit.line}:${hit.name}`;
      const prev = hits.get(key);
      if (prev) {
        prev.sources = [...new Set([...prev.sources, ...hit.sources])];
        prev.symbol_id ??= hit.symbol_id;
        prev.signature ??= hit.signature;
      } else hits.set(key, hit);
    };
    const query = args.query.trim().replace(/\(\)$/, '');
    const indexHit = (s: IndexedSymbol, score: number): Hit => ({
      name: s.name,
      kind: s.kind,
      file: s.file,
      line: s.lineStart,
      character: s.character,
      ...(s.qualifiedName !== s.name ? { container: s.qualifiedName.slice(0, s.qualifiedName.length - s.name.length - 1) } : {}),
      symbol_id: s.id,
      signature: s.signature,
      sources: ['index'],
      score,
    });
    for (const s of graph.table.all) {
      const score = Math.max(fuzzyScore(s.name, query), fuzzyScore(s.qualifiedName, query));
      if (score > 0) add(indexHit(s, score));
    }
    let providerNote: string | undefined;
    if (ctx.features.workspaceSymbols) {
      try {
        for (const p of await ctx.features.workspaceSymbols(query, engine.root, ctx.signal)) {
          // Language servers decorate names (TypeScript: `compute()`): match and key on the bare name.
          const name = p.name.replace(/\(\)$/, '');
          const score = fuzzyScore(name, query);
          if (score === 0) continue;
          const j = providerSymbolJson(engine, { ...p, name });
          add({ name, kind: j.kind, file: j.file, line: j.line, character: j.character, ...(p.container ? { container: p.container } : {}), ...(j.symbol_id ? { symbol_id: j.symbol_id } : {}), sources: ['language_server'], score });
        }
      } catch (e) {
        if (isSightlineError(e) && e.kind === 'cancelled') throw e;
        providerNote = `Language servers did not answer (${errorMessage(e)}); these results are from the index only.`;
      }
    }
    const ranked = [...hits.values()]
      .filter((h) => !args.kind || h.kind.toLowerCase() === args.kind.toLowerCase())
      .sort((a, b) => b.score - a.score || a.name.length - b.name.length || (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line))
      .slice(0, args.limit)
      .map(({ score: _score, ...h }) => h);
    return fitToBudget(ranked, args.max_tokens, (kept, truncated) => ({ query, symbols: kept, total: ranked.length, truncated, ...(providerNote ? { note: providerNote } : {}) }));
  },
});
