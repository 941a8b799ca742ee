import { z } from 'zod';
import { containsIdentifier } from '../common/text-match';
import { anchoredSnippet, collapseWhitespace } from '../search/snippet';
import { nodeIdArg, nodeRepositoryArg, snippetCharsArg } from './shared/retrieval-args';
import { findNode } from './shared/retrieval-lookup';
import { symbolJson, type SymbolJson } from './shared/symbols';
import { defineTool, READ_ONLY } from './shared/tool';
import { symbolRef } from './shared/outputs';
import { checkEvery } from '../common/deadline';
import { deadlineOf } from './shared/context';

const GRAPH_LIMIT = 10;
const LINKED_DOCS_LIMIT = 5;

export const readNodeTool = defineTool({
  name: 'read_node',
  title: 'Read a code node',
  description:
    'A code symbol by `node_id` (any symbol_id): its body excerpt, and optionally callers and callees, a summary, and docs naming it.',
  group: 'retrieve',
  inputSchema: {
    node_id: nodeIdArg,
    repository: nodeRepositoryArg,
    snippet_chars: snippetCharsArg(1500),
    with_graph: z.boolean().default(false),
    with_summary: z.boolean().default(false).describe('Signature, doc, centrality, counts.'),
    with_linked_docs: z.boolean().default(false).describe('Docs that name it.'),
  },
  outputSchema: { node: symbolRef, body: z.string(), content_truncated: z.boolean() },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { engine, index, symbol } = await findNode(ctx, args.node_id, args.repository);
    const graph = index.graph;
    // The symbol's lines only: a node in a 10,000-line file is not worth splitting the whole file for.
    const { lines } = await engine.readLines(symbol.file, symbol.lineStart, symbol.lineEnd);
    const flat = collapseWhitespace(lines.join('\n'));
    const truncated = flat.length > args.snippet_chars;
    const deadline = deadlineOf(ctx);
    const callers = args.with_graph || args.with_summary ? graph.walk([symbol.id], 'in', 1, 0, { deadline }) : [];
    const callees = args.with_graph || args.with_summary ? graph.walk([symbol.id], 'out', 1, 0, { deadline }) : [];
    const result: { node: SymbolJson; body: string; content_truncated: boolean; graph?: unknown; summary?: unknown; linked_docs?: unknown } = {
      node: symbolJson(symbol),
      body: truncated ? `${flat.slice(0, args.snippet_chars - 1)}…` : flat,
      content_truncated: truncated,
    };
    if (args.with_graph) {
      result.graph = {
        callers: callers.slice(0, GRAPH_LIMIT).map((r) => ({ id: r.symbol.id, resolution: r.resolution, confidence: r.confidence })),
        callees: callees.slice(0, GRAPH_LIMIT).map((r) => ({ id: r.symbol.id, resolution: r.resolution, confidence: r.confidence })),
        ...(callers.length > GRAPH_LIMIT || callees.length > GRAPH_LIMIT ? { truncated: true, hint: 'More callers or callees: use related or find_callers/find_callees.' } : {}),
      };
    }
    if (args.with_summary) {
      // One pass over the symbols, not a sort of them all: how many rank at or below this one.
      const rank = graph.symbolRank(symbol.id);
      const all = graph.table.all;
      let below = 0;
      for (let i = 0; i < all.length; i++) {
        checkEvery(deadline, i, 'Leave out with_summary on a repository this large.');
        if (graph.symbolRank(all[i].id) <= rank) below++;
      }
      result.summary = {
        signature: symbol.signature,
        doc: symbol.doc ?? null,
        // Percentile among all symbols: 1 = the most central of the repository.
        centrality: all.length ? Math.round((below / all.length) * 100) / 100 : 0,
        callers: callers.length,
        callees: callees.length,
        lines: symbol.lineEnd - symbol.lineStart + 1,
      };
    }
    if (args.with_linked_docs) {
      result.linked_docs = (await index.searchContent(symbol.name, { stores: ['repo_doc'] }, deadline))
        .filter((h) => containsIdentifier(index.textOf(h.doc), symbol.name))
        .slice(0, LINKED_DOCS_LIMIT)
        .map((h) => ({ chunk_id: h.doc.ref, collection_id: h.doc.collections?.[0], heading: h.doc.title, line_start: h.doc.line_start, snippet: anchoredSnippet(index.textOf(h.doc), symbol.name, 300).snippet }));
    }
    return result;
  },
});
