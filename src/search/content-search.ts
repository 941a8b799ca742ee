import type { TimeSlicer } from '../common/deadline';
import { InlineTextIndex, type IndexedText, type TextIndex, WorkerTextIndex } from './text-index';

/** The four kinds of text `retrieve` ranks together (BM25 over identifier-aware, stemmed terms). */
export const STORES = ['code', 'ast_summary', 'repo_doc', 'wiki'] as const;
export type Store = (typeof STORES)[number];

export interface ContentDoc {
  /** Unique across stores: `<store>|<key>`. */
  id: string;
  store: Store;
  /** The file the text comes from (for a wiki section: the page's folder). */
  file: string;
  title: string;
  text: string;
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

/** Entries are posted to the text index this many at a time (one structured clone each on a worker). */
const POST_BATCH = 500;

/**
 * One BM25 index over code bodies, signatures with doc comments, markdown chunks and wiki sections. Entries
 * are grouped by an owner (a source file, a markdown file, the wiki) so that a change replaces only its owner's.
 * The entries live here; the term index itself on a worker thread when `useWorker` (see text-index.ts).
 */
export class ContentSearch {
  private index: TextIndex;
  private readonly docs = new Map<string, ContentDoc>();
  private readonly owners = new Map<string, { version: unknown; ids: string[] }>();

  constructor(useWorker = false, private readonly onWorkerFailure: (reason: string) => void = () => undefined) {
    this.index = useWorker ? this.startWorker() : new InlineTextIndex();
  }

  private startWorker(): TextIndex {
    try {
      return new WorkerTextIndex((e) => this.inline(e.message));
    } catch (e) {
      this.onWorkerFailure(e instanceof Error ? e.message : String(e));
      return new InlineTextIndex();
    }
  }

  /** The worker failed: the same entries, indexed on this thread from now on. */
  private inline(reason: string): void {
    this.onWorkerFailure(reason);
    this.index = new InlineTextIndex();
    for (const { ids } of this.owners.values()) this.index.add(ids.map((id) => indexed(this.docs.get(id)!)));
  }

  /** Whether `owner`'s entries were built from `version` (an object identity or a size+mtime key). */
  isCurrent(owner: string, version: unknown): boolean {
    return this.owners.get(owner)?.version === version;
  }

  replace(owner: string, version: unknown, docs: ContentDoc[]): void {
    this.remove(owner);
    // Ids are unique by construction; should two ever collide, the first wins rather than failing the whole index.
    const seen = new Set<string>();
    const fresh = docs.filter((d) => !this.docs.has(d.id) && !seen.has(d.id) && seen.add(d.id));
    for (const d of fresh) this.docs.set(d.id, d);
    this.index.add(fresh.map(indexed));
    this.owners.set(owner, { version, ids: fresh.map((d) => d.id) });
  }

  /**
   * Like replace, yielding to the event loop between batches: one file of thousands of symbols must not hold
   * the extension host for seconds (inline, a batch is indexed here). The owner is recorded first, so a search
   * between slices sees part of it rather than a stale version.
   */
  async replaceSliced(owner: string, version: unknown, docs: ContentDoc[], slicer: TimeSlicer): Promise<void> {
    this.remove(owner);
    const ids: string[] = [];
    this.owners.set(owner, { version: undefined, ids });
    let batch: IndexedText[] = [];
    for (const d of docs) {
      if (this.docs.has(d.id)) continue;
      this.docs.set(d.id, d);
      batch.push(indexed(d));
      ids.push(d.id);
      if (batch.length === POST_BATCH || this.index instanceof InlineTextIndex) {
        this.index.add(batch);
        batch = [];
        await slicer.tick();
      }
    }
    if (batch.length) this.index.add(batch);
    this.owners.set(owner, { version, ids });
  }

  remove(owner: string): void {
    const prev = this.owners.get(owner);
    if (!prev) return;
    this.index.discard(prev.ids);
    for (const id of prev.ids) this.docs.delete(id);
    this.owners.delete(owner);
  }

  ownersWithPrefix(prefix: string): string[] {
    return [...this.owners.keys()].filter((o) => o.startsWith(prefix));
  }

  get(id: string): ContentDoc | undefined {
    return this.docs.get(id);
  }

  /** Hits best first: BM25 from the text index, then `accept` and `boost` here, where the entries are. */
  async search(query: string, accept: (doc: ContentDoc) => boolean, boost: (doc: ContentDoc) => number = () => 1): Promise<ContentHit[]> {
    let raw;
    try {
      raw = await this.index.search(query);
    } catch (e) {
      // The worker died while this search waited: the index is rebuilt inline (see inline) and asked again.
      if (!(this.index instanceof InlineTextIndex)) throw e;
      raw = await this.index.search(query);
    }
    const hits: ContentHit[] = [];
    for (let i = 0; i < raw.ids.length; i++) {
      // An entry removed after the search was posted is no longer served.
      const doc = this.docs.get(raw.ids[i]);
      if (doc && accept(doc)) hits.push({ doc, score: raw.scores[i] * boost(doc) });
    }
    return hits.sort((a, b) => b.score - a.score || (a.doc.id < b.doc.id ? -1 : 1));
  }

  dispose(): void {
    this.index.dispose();
  }
}

function indexed(d: ContentDoc): IndexedText {
  return { id: d.id, title: d.title, text: d.text };
}
