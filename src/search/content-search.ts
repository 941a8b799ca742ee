import MiniSearch from 'minisearch';
import type { TimeSlicer } from '../common/deadline';
import { textTerms } from './tokenize';

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

/**
 * One BM25 index over code bodies, signatures with doc comments, markdown chunks and wiki sections. Entries
 * are grouped by an owner (a source file, a markdown file, the wiki) so that a change replaces only its owner's.
 */
export class ContentSearch {
  private readonly mini = new MiniSearch<ContentDoc>({
    fields: ['title', 'text'],
    tokenize: textTerms,
    processTerm: (t) => t,
  });
  private readonly docs = new Map<string, ContentDoc>();
  private readonly owners = new Map<string, { version: unknown; ids: string[] }>();

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
    this.mini.addAll(fresh);
    this.owners.set(owner, { version, ids: fresh.map((d) => d.id) });
  }

  /**
   * Like replace, yielding to the event loop between documents: one file of thousands of symbols must not
   * hold the extension host for seconds. The owner is recorded first, so a search between slices sees part
   * of it rather than a stale version.
   */
  async replaceSliced(owner: string, version: unknown, docs: ContentDoc[], slicer: TimeSlicer): Promise<void> {
    this.remove(owner);
    const ids: string[] = [];
    this.owners.set(owner, { version: undefined, ids });
    for (const d of docs) {
      if (this.docs.has(d.id)) continue;
      this.docs.set(d.id, d);
      this.mini.add(d);
      ids.push(d.id);
      await slicer.tick();
    }
    this.owners.set(owner, { version, ids });
  }

  remove(owner: string): void {
    const prev = this.owners.get(owner);
    if (!prev) return;
    for (const id of prev.ids) {
      this.mini.discard(id);
      this.docs.delete(id);
    }
    this.owners.delete(owner);
  }

  ownersWithPrefix(prefix: string): string[] {
    return [...this.owners.keys()].filter((o) => o.startsWith(prefix));
  }

  get(id: string): ContentDoc | undefined {
    return this.docs.get(id);
  }

  search(query: string, accept: (doc: ContentDoc) => boolean, boost: (doc: ContentDoc) => number = () => 1): ContentHit[] {
    const results = this.mini.search(query, {
      boost: { title: 2 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      combineWith: 'OR',
      filter: (r) => accept(this.docs.get(r.id as string)!),
    });
    return results
      .map((r) => {
        const doc = this.docs.get(r.id as string)!;
        return { doc, score: r.score * boost(doc) };
      })
      .sort((a, b) => b.score - a.score || (a.doc.id < b.doc.id ? -1 : 1));
  }
}
