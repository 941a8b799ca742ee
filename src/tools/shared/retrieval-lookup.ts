import * as path from 'node:path';
import { notFound } from '../../common/errors';
import { resolveInWorkspace } from '../../common/paths';
import type { Engine } from '../../engine/engine';
import { parseSymbolId } from '../../graph/symbol-id';
import type { IndexedSymbol } from '../../graph/symbol-table';
import type { Collection } from '../../search/collections';
import type { RetrievalIndex } from '../../search/retrieval-index';
import { deadlineOf } from './context';
import type { ToolContext } from './tool';

/** Finds the things retrieve-group tools address by id, across every workspace folder, with errors that say what exists. */

/** A folder's retrieval indexes, waited for no longer than the call's budget (the build goes on for later calls). */
export function retrievalReady(ctx: ToolContext, engine: Engine): Promise<RetrievalIndex> {
  return engine.retrievalWithin(deadlineOf(ctx));
}

export async function repositoryIndex(ctx: ToolContext, repository?: string): Promise<{ engine: Engine; index: RetrievalIndex }> {
  const engine = ctx.workspaces.pick(repository);
  return { engine, index: await retrievalReady(ctx, engine) };
}

export async function findCollection(ctx: ToolContext, collectionId: string): Promise<{ engine: Engine; index: RetrievalIndex; collection: Collection }> {
  const known: string[] = [];
  for (const engine of ctx.workspaces.engines) {
    // Collection ids start with their repository's slug: only that folder needs indexing to answer.
    if (!collectionId.startsWith(`${path.basename(engine.root)}:`)) continue;
    const index = await retrievalReady(ctx, engine);
    const collection = index.collections().find((c) => c.id === collectionId);
    if (collection) return { engine, index, collection };
    known.push(...index.collections().map((c) => c.id));
  }
  throw notFound(`No collection "${collectionId}".${known.length ? ` Collections of that repository: ${known.slice(0, 20).join(', ')}.` : ' Call list_collections for the ids.'}`);
}

export async function findNode(ctx: ToolContext, nodeId: string, repository?: string): Promise<{ engine: Engine; index: RetrievalIndex; symbol: IndexedSymbol }> {
  const engines = repository ? [ctx.workspaces.pick(repository)] : ctx.workspaces.engines;
  for (const engine of engines) {
    const index = await retrievalReady(ctx, engine);
    const symbol = index.graph.table.byId.get(nodeId);
    if (symbol) return { engine, index, symbol };
  }
  const near = engines.length ? (await (await retrievalReady(ctx, engines[0])).searchSymbols(parseSymbolId(nodeId)?.qualifiedName ?? nodeId, undefined, 5, deadlineOf(ctx))).slice(0, 5).map((h) => h.symbol.id) : [];
  throw notFound(`No node "${nodeId}" in the index. Node ids are symbol ids (\`file#Qualified.name\`).${near.length ? ` Did you mean: ${near.join(', ')}?` : ' Find one with search_symbols or retrieve.'}`);
}

/** A document of a collection. The id is checked against the workspace boundary first, so an escape is refused as one. */
export function collectionDocument(engine: Engine, index: RetrievalIndex, collection: Collection, documentId: string) {
  const { rel } = resolveInWorkspace(engine.root, documentId);
  const entry = index.documents().get(rel);
  if (!entry || !collection.documents.includes(rel)) {
    throw notFound(`${rel} is not a document of collection ${collection.id}. Its documents: ${collection.documents.slice(0, 20).join(', ')}${collection.documents.length > 20 ? ' …' : ''}.`);
  }
  return entry;
}
