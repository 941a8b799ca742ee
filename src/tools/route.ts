import * as path from 'node:path';
import { z } from 'zod';
import { STORES } from '../search/content-search';
import { queryArg } from './shared/retrieval-args';
import { defineTool, READ_ONLY } from './shared/tool';
import { list } from './shared/outputs';
import { deadlineOf } from './shared/context';
import { retrievalReady } from './shared/retrieval-lookup';

interface Candidate {
  kind: 'repository' | 'collection';
  id: string;
  repository: string;
  raw: number;
  hits: number;
  best: { title: string; file: string; line: number };
}

export const routeTool = defineTool({
  name: 'route',
  title: 'Route a question',
  description:
    'Which repositories and doc collections best answer `query`, each with a score in [0,1] and a one-line why. Use before retrieve when several are open.',
  group: 'retrieve',
  inputSchema: {
    query: queryArg,
    top_k: z.number().int().min(1).max(10).default(3).describe('Per list.'),
  },
  outputSchema: { repositories: list, collections: list },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const candidates = new Map<string, Candidate>();
    const credit = (kind: Candidate['kind'], id: string, repository: string, score: number, best: Candidate['best']) => {
      const c = candidates.get(`${kind}:${id}`) ?? { kind, id, repository, raw: 0, hits: 0, best };
      // The three best hits count fully, the rest a little: one strong section beats many weak mentions.
      c.raw += c.hits < 3 ? score : score * 0.1;
      c.hits++;
      candidates.set(`${kind}:${id}`, c);
    };
    for (const engine of ctx.workspaces.engines) {
      const slug = path.basename(engine.root);
      const index = await retrievalReady(ctx, engine);
      for (const hit of (await index.searchContent(args.query, { stores: STORES }, deadlineOf(ctx))).slice(0, 200)) {
        const best = { title: hit.doc.title, file: hit.doc.file, line: hit.doc.line_start };
        credit('repository', slug, slug, hit.score, best);
        for (const collection of hit.doc.collections ?? []) credit('collection', collection, slug, hit.score, best);
      }
    }
    const ranked = (kind: Candidate['kind']) => {
      const list = [...candidates.values()].filter((c) => c.kind === kind).sort((a, b) => b.raw - a.raw || (a.id < b.id ? -1 : 1));
      const top = list[0]?.raw ?? 1;
      return list.slice(0, args.top_k).map((c) => ({
        ...(kind === 'repository' ? { slug: c.id } : { id: c.id, repository: c.repository }),
        score: Math.round((c.raw / top) * 1000) / 1000,
        why: `${c.hits} matching ${c.hits === 1 ? 'entry' : 'entries'}; best: "${c.best.title}" (${c.best.file}:${c.best.line})`,
      }));
    };
    const repositories = ranked('repository');
    if (repositories.length === 0) {
      return { repositories, collections: [], hint: `Nothing in any workspace folder matches "${args.query}". Try other words, or search_symbols for a name.` };
    }
    return { repositories, collections: ranked('collection') };
  },
});
