import type { TimeSlicer } from '../common/deadline';
import { type RawHits, TextIndex, type TextEntry } from './text-index';

/** The four kinds of text `retrieve` ranks together (BM25 over identifier-aware, stemmed terms). */
export const STORES = ['code', 'ast_summary', 'repo_doc', 'wiki'] as const;
export type Store = (typeof STORES)[number];

/** An entry as a hit shows it. Its text is not kept: `RetrievalIndex.textOf` reads it again for a snippet. */
export interface ContentDoc {
  /** Unique across stores: `<store>|<key>`. */
  id: string;
  store: Store;
  /** The file the text comes from (for a wiki section: the page's folder). */
  file: string;
  title: string;
  line_start: number;
  line_end: number;
  /** What a read tool takes to open the hit: a symbol id, chunk id or wiki page#section. */
  ref: string;
  /** Markdown chunks: the collections their document belongs to (a folder's, and any glob's). */
  collections?: string[];
}

export interface ContentHit {
  doc: ContentDoc;
  score: number;
}

/** Entries are indexed this many at a time between yields to the event loop. */
const INDEX_BATCH = 500;

/**
 * One BM25 index over code bodies, signatures with doc comments, markdown chunks and wiki sections. Entries are
 * grouped by an owner (a source file, a markdown file, the wiki) so that a change replaces only its owner's. Only
 * the term index is held (text-index.ts), not the entries: a hit's id is turned back into what it cites by
 * `resolve`, from the graph and the documents the retrieval index holds anyway.
 */
export class ContentSearch {
  readonly index = new TextIndex();

  /** Whether `owner`'s entries were built from `version` (a content hash, or a size+mtime key). */
  isCurrent(owner: string, version: string): boolean {
    return this.index.isCurrent(owner, version);
  }

  /**
   * Replaces an owner's entries; a long list is tokenized a batch at a time, yielding between batches. The entries
   * are taken from `entries` a batch at a time too, so a list made as it is read (the wiki's sections) is never held
   * whole.
   */
  async replaceSliced(owner: string, version: string, entries: Iterable<TextEntry>, slicer: TimeSlicer): Promise<void> {
    const it = entries[Symbol.iterator]();
    let next = it.next();
    // A batch never ends between a symbol's signature and its body (`top` counts them once when they are neighbours).
    const batch = (): TextEntry[] => {
      const out: TextEntry[] = [];
      while (!next.done && (out.length < INDEX_BATCH || next.value.id.startsWith('code|'))) {
        out.push(next.value);
        next = it.next();
      }
      return out;
    };
    this.index.replace(owner, version, batch());
    while (!next.done) {
      await slicer.tick();
      // Replaced again meanwhile (a newer sync): this older list stops here.
      if (!this.index.isCurrent(owner, version)) return;
      this.index.append(owner, version, batch());
    }
  }

  remove(owner: string): void {
    this.index.remove(owner);
  }

  ownersWithPrefix(prefix: string): string[] {
    return this.index.ownersWithPrefix(prefix);
  }

  /** Hits best first: BM25 from the text index, then `accept` and `boost` over what `resolve` makes of each id. */
  search(query: string, stores: ReadonlySet<Store>, resolve: (id: string) => ContentDoc | undefined, accept: (doc: ContentDoc) => boolean, boost: (doc: ContentDoc) => number): ContentHit[] {
    return rank(this.index.search(query, storeBytes(stores)), resolve, accept, boost);
  }

  /**
   * The best `limit` citations (one per symbol, chunk or section: a symbol's signature and body are one) and how
   * many there are, resolving only the entries that can be among them: with no filter but the stores, `boost` is
   * at most `maxBoost`, so an entry whose plain score is that far below the best is never looked at.
   */
  top(query: string, stores: ReadonlySet<Store>, limit: number, maxBoost: number, resolve: (id: string) => ContentDoc | undefined, boost: (doc: ContentDoc) => number): { hits: ContentHit[]; total: number } {
    const { total, candidates } = this.index.top(query, storeBytes(stores), 2 * limit, maxBoost);
    return { hits: bestResolved(candidates, limit, maxBoost, resolve, boost), total };
  }
}

/** Stores by the first byte of an entry id (code, ast_summary, repo_doc, wiki: all different). */
function storeBytes(stores: ReadonlySet<Store>): (storeByte: number) => boolean {
  const bytes = new Set([...stores].map((s) => s.charCodeAt(0)));
  return (b) => bytes.has(b);
}

/**
 * What `onePerRef(rank(raw, …)).slice(0, limit)` gives, resolving the entries best plain score first, in rounds of
 * twice as many, and stopping once `limit` citations score above what any entry left could reach (its plain score
 * times `maxBoost`): a query whose best hits are close in score can leave tens of thousands of candidates, of
 * which a few hundred are looked at.
 */
function bestResolved(raw: RawHits, limit: number, maxBoost: number, resolve: (id: string) => ContentDoc | undefined, boost: (doc: ContentDoc) => number): ContentHit[] {
  const n = raw.ids.length;
  const ascending = Float64Array.from(raw.scores).sort();
  const hits: ContentHit[] = [];
  const best = new Map<string, number>();
  let upper = Infinity;
  for (let round = 4 * limit; ; round *= 2) {
    // This round takes the entries from the round-th best plain score up to where the last round stopped.
    const floor = round < n ? ascending[n - round] : -Infinity;
    for (let i = 0; i < n; i++) {
      const plain = raw.scores[i];
      if (plain < floor || plain >= upper) continue;
      const doc = resolve(raw.ids[i]);
      if (!doc) continue;
      const score = plain * boost(doc);
      hits.push({ doc, score });
      if (!((best.get(doc.ref) ?? -1) >= score)) best.set(doc.ref, score);
    }
    if (floor === -Infinity) break;
    // Every entry not looked at is below `floor`: boosted, at most floor × maxBoost.
    const reach = floor * maxBoost;
    let above = 0;
    for (const v of best.values()) if (v > reach) above++;
    if (above >= limit) break;
    upper = floor;
  }
  return onePerRef(hits.sort(byScore)).slice(0, limit);
}

function byScore(a: ContentHit, b: ContentHit): number {
  return b.score - a.score || (a.doc.id < b.doc.id ? -1 : 1);
}

function rank(raw: RawHits, resolve: (id: string) => ContentDoc | undefined, accept: (doc: ContentDoc) => boolean, boost: (doc: ContentDoc) => number): ContentHit[] {
  const hits: ContentHit[] = [];
  for (let i = 0; i < raw.ids.length; i++) {
    // An id whose symbol or section is gone (changed since the entry was indexed) is not served.
    const doc = resolve(raw.ids[i]);
    if (doc && accept(doc)) hits.push({ doc, score: raw.scores[i] * boost(doc) });
  }
  return hits.sort(byScore);
}

/** The best hit of each citation (`ref`): a symbol's body and its signature are the same citation. */
export function onePerRef(hits: ContentHit[]): ContentHit[] {
  const seen = new Set<string>();
  return hits.filter((h) => !seen.has(h.doc.ref) && seen.add(h.doc.ref));
}
