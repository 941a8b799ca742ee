import { z } from 'zod';
import { containsIdentifier } from '../common/text-match';
import { anchoredSnippet, collapseWhitespace } from '../search/snippet';
import { nodeIdArg, nodeRepositoryArg, snippetCharsArg } from './shared/retrieval-args';
import { findNode } from './shared/retrieval-lookup';
import { symbolJson, type SymbolJson } from './shared/symbols';
import { defineTool, READ_ONLY } from './shared/tool';
import { symbolRef } from './shared/outputs';
import { deadlineOf } from './shared/context';

const GRAPH_LIMIT = 10;
const LINKED_DOCS_LIMIT = 5;

export const readNodeTool = defineTool({
  name: 'read_node',
  title: 'Read a code node',
  description:
    'Reads one code symbol by its node id (a symbol_id from retrieve, search_symbols or any graph tool): its body as a whitespace-collapsed ' +
    'excerpt of up to snippet_chars (content_truncated when longer; read_file_range gives the exact lines). Optionally its direct callers ' +
    'and callees (with_graph, up to 10 each), a summary (with_summary: signature, doc comment, centrality, caller/callee counts), and the ' +
    'markdown sections that mention it by name (with_linked_docs, up to 5). Returns { node, body, content_truncated, graph?, summary?, linked_docs? }.',
  group: 'retrieve',
  inputSchema: {
    node_id: nodeIdArg,
    repository: nodeRepositoryArg,
    snippet_chars: snippetCharsArg(1500),
    with_graph: z.boolean().default(false).describe('Add direct callers and callees.'),
    with_summary: z.boolean().default(false).describe('Add signature, doc comment, centrality and caller/callee counts.'),
    with_linked_docs: z.boolean().default(false).describe('Add markdown sections that mention the symbol by name.'),
  },
  outputSchema: { node: symbolRef, body: z.string(), content_truncated: z.boolean() },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const { index, symbol } = await findNode(ctx, args.node_id, args.repository);
    const graph = index.graph;
    const lines = index.readText(symbol.file).split('\n').slice(symbol.lineStart - 1, symbol.lineEnd);
    const flat = collapseWhitespace(lines.join('\n'));
    const truncated = flat.length > args.snippet_chars;
    const callers = args.with_graph || args.with_summary ? graph.walk([symbol.id], 'in', 1) : [];
    const callees = args.with_graph || args.with_summary ? graph.walk([symbol.id], 'out', 1) : [];
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
      result.linked_docs = (await index.searchContent(symbol.name, { stores: ['repo_doc'] }, deadlineOf(ctx)))
        .filter((h) => containsIdentifier(h.doc.text, symbol.name))
        .slice(0, LINKED_DOCS_LIMIT)
        .map((h) => ({ chunk_id: h.doc.ref, collection_id: h.doc.collections?.[0], heading: h.doc.title, line_start: h.doc.line_start, snippet: anchoredSnippet(h.doc.text, symbol.name, 300).snippet }));
    }
    return result;
  },
});
