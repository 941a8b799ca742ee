import { z } from 'zod';
import { anchoredSnippet, collapseWhitespace } from '../search/snippet';
import { nodeIdArg, nodeRepositoryArg, snippetCharsArg } from './retrieval-args';
import { findNode } from './retrieval-lookup';
import { symbolJson } from './symbols';
import { defineTool, READ_ONLY } from './tool';

const GRAPH_LIMIT = 10;
const LINKED_DOCS_LIMIT = 5;

export const readNodeTool = defineTool({
  name: 'read_node',
  title: 'Read a code node',
  description:
    'A code symbol by `node_id` (any symbol_id): its body excerpt, and optionally callers and callees, a summary, and docs naming it. Returns { node, body, graph, summary, linked_docs }.',
  group: 'retrieve',
  inputSchema: {
    node_id: nodeIdArg,
    repository: nodeRepositoryArg,
    snippet_chars: snippetCharsArg(1500),
    with_graph: z.boolean().default(false),
    with_summary: z.boolean().default(false).describe('Signature, doc, centrality, counts.'),
    with_linked_docs: z.boolean().default(false).describe('Docs that name it.'),
  },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { index, symbol } = await findNode(ctx, args.node_id, args.repository);
    const graph = index.graph;
    const lines = index.readText(symbol.file).split('\n').slice(symbol.lineStart - 1, symbol.lineEnd);
    const flat = collapseWhitespace(lines.join('\n'));
    const truncated = flat.length > args.snippet_chars;
    const callers = args.with_graph || args.with_summary ? graph.walk([symbol.id], 'in', 1) : [];
    const callees = args.with_graph || args.with_summary ? graph.walk([symbol.id], 'out', 1) : [];
    const result: Record<string, unknown> = {
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
      const ranks = graph.table.all.map((s) => graph.symbolRank(s.id)).sort((a, b) => a - b);
      const rank = graph.symbolRank(symbol.id);
      result.summary = {
        signature: symbol.signature,
        doc: symbol.doc ?? null,
        // Percentile among all symbols: 1 = the most central of the repository.
        centrality: ranks.length ? Math.round((ranks.filter((r) => r <= rank).length / ranks.length) * 100) / 100 : 0,
        callers: callers.length,
        callees: callees.length,
        lines: symbol.lineEnd - symbol.lineStart + 1,
      };
    }
    if (args.with_linked_docs) {
      const mention = new RegExp(`(^|[^\\w$])${symbol.name.replace(/[$]/g, '\\$')}([^\\w$]|$)`);
      result.linked_docs = index
        .searchContent(symbol.name, { stores: ['repo_doc'] })
        .filter((h) => mention.test(h.doc.text))
        .slice(0, LINKED_DOCS_LIMIT)
        .map((h) => ({ chunk_id: h.doc.ref, collection_id: h.doc.collections?.[0], heading: h.doc.title, line_start: h.doc.line_start, snippet: anchoredSnippet(h.doc.text, symbol.name, 300).snippet }));
    }
    return result;
  },
});
