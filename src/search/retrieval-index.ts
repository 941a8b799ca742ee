import { type Deadline, type DeadlineCheck, TimeSlicer } from '../common/deadline';
import type { Disposable } from '../common/disposable';
import type { CodeGraph } from '../graph/code-graph';
import type { IndexedSymbol } from '../graph/symbol-table';
import { type Collection, groupCollections } from './collections';
import { type ContentDoc, type ContentHit, ContentSearch, type Store } from './content-search';
import { type Chunk, chunkMarkdown, type MarkdownDocument, parseMarkdown } from './markdown';
import type { ChangeTime, RetrievalSource } from './source';
import { SymbolSearch, type SymbolHit, type SymbolResults } from './symbol-search';
import { generateWiki, type WikiPage } from './wiki';

/** Code bodies longer than this are indexed by their head: enough for BM25, bounded memory. */
const BODY_INDEX_CHARS = 4000;
const CONTAINER_INDEX_CHARS = 1200;
/** Every file may index at least this much body text (see codeDocs), and up to twice its length. */
const FILE_BODY_MIN_CHARS = 64 * 1024;
const CONTAINER_KINDS: ReadonlySet<string> = new Set(['class', 'interface', 'struct', 'enum', 'trait', 'module', 'type']);

export interface DocEntry {
  rel: string;
  version: string;
  parsed: MarkdownDocument;
  chunks: Chunk[];
  collections: string[];
}

export interface ContentQuery {
  stores: readonly Store[];
  collection?: string;
  /** Keep only entries whose file changed inside [since, until] (ISO strings compare in time order when both are UTC-normalised). */
  since?: Date;
  until?: Date;
}

/**
 * The retrieval indexes of one workspace: symbol names, code and doc text, markdown collections and the
 * generated wiki. They follow the code index: after each indexing run only what changed is rebuilt (files
 * whose record changed, markdown whose size or mtime changed); the wiki is regenerated when the graph is.
 */
export class RetrievalIndex implements Disposable {
  private readonly symbols = new SymbolSearch();
  private readonly content: ContentSearch;
  private docs = new Map<string, DocEntry>();
  private pages: WikiPage[] = [];
  private collectionList: Collection[] = [];
  private current?: CodeGraph;
  private stale = true;
  private contentSynced = false;
  /** Counts syncs, so a text-index build knows whether what it built is still current. */
  private generation = 0;
  private syncing?: Promise<void>;
  private contentBuild?: Promise<void>;
  private times?: ReadonlyMap<string, ChangeTime>;
  private readonly subscription: Disposable;

  constructor(
    private readonly source: RetrievalSource,
    readonly repository: string,
    private readonly collectionGlobs: readonly string[] = [],
    /** Whether the text index may run on a worker thread (see text-index.ts), and who hears if that fails. */
    textIndex: { useWorker?: boolean; onWorkerFailure?: (reason: string) => void } = {},
  ) {
    this.content = new ContentSearch(textIndex.useWorker, textIndex.onWorkerFailure);
    this.subscription = source.onDidIndex(() => {
      this.stale = true;
      this.times = undefined;
    });
  }

  /**
   * Waits for the code index, brings the retrieval indexes in step with it, and returns them. The work is
   * done in slices that yield to the event loop, and shared: calls arriving meanwhile wait for the same run.
   */
  async ready(): Promise<this> {
    for (;;) {
      const graph = await this.source.ready();
      if (!this.stale && graph === this.current) return this;
      this.syncing ??= this.sync(graph).finally(() => (this.syncing = undefined));
      await this.syncing;
    }
  }

  get graph(): CodeGraph {
    return this.current!;
  }

  private async sync(graph: CodeGraph): Promise<void> {
    this.stale = false;
    const slicer = new TimeSlicer();
    // An edit can be re-linked into the same graph object: the symbols' own change check says whether code moved.
    const codeChanged = (await this.symbols.sync(graph, slicer)) || graph !== this.current;
    const docsChanged = await this.syncDocs(slicer);
    if (docsChanged || codeChanged) {
      this.pages = await generateWiki({ repository: this.repository, graph, docs: [...this.docs.keys()], readText: (rel) => this.source.readText(rel) }, slicer);
    }
    this.current = graph;
    this.generation++;
    this.contentSynced = false;
  }

  /**
   * The text index is the costly one (it reads every symbol's body), so it is brought in step only when a
   * search needs it: listing, outlines, symbol search and reads never wait for it. Built in slices that yield
   * to the event loop (the first build on a large repository takes seconds), shared by the calls that wait.
   */
  private async contentReady(): Promise<void> {
    while (!this.contentSynced) {
      this.contentBuild ??= this.syncContent().finally(() => (this.contentBuild = undefined));
      await this.contentBuild;
    }
  }

  private async syncContent(): Promise<void> {
    const generation = this.generation;
    const graph = this.graph;
    const slicer = new TimeSlicer();
    for (const owner of this.content.ownersWithPrefix('src:')) if (!graph.table.files.has(owner.slice(4))) this.content.remove(owner);
    for (const [file, record] of graph.table.files) {
      if (!this.content.isCurrent(`src:${file}`, record)) await this.content.replaceSliced(`src:${file}`, record, this.codeDocs(file, graph.table.byFile.get(file) ?? []), slicer);
      await slicer.tick();
    }
    const docs = this.docs;
    for (const owner of this.content.ownersWithPrefix('doc:')) if (!docs.has(owner.slice(4))) this.content.remove(owner);
    for (const [rel, entry] of docs) {
      if (!this.content.isCurrent(`doc:${rel}`, entry)) await this.content.replaceSliced(`doc:${rel}`, entry, entry.chunks.map((c) => chunkDoc(entry, c)), slicer);
    }
    const pages = this.pages;
    if (!this.content.isCurrent('wiki', pages)) await this.content.replaceSliced('wiki', pages, pages.flatMap(wikiDocs), slicer);
    // Re-synced meanwhile (a new graph, changed docs): the caller's loop builds again from the new state.
    this.contentSynced = generation === this.generation;
  }

  private codeDocs(file: string, symbols: IndexedSymbol[]): ContentDoc[] {
    let lines: string[] = [];
    let length = 0;
    try {
      const text = this.source.readText(file);
      length = text.length;
      lines = text.split('\n');
    } catch {
      // A file deleted since indexing: its signatures are still worth finding until the next run drops it.
    }
    // Bodies of ordinary code add up to about the file's length. Nested definitions overlap, and thousands of
    // them would make the index grow with the square of the file: past this much text, only signatures.
    let bodyBudget = Math.max(FILE_BODY_MIN_CHARS, 2 * length);
    return symbols.flatMap((s) => {
      const summary: ContentDoc = { id: `ast_summary|${s.id}`, store: 'ast_summary', file, title: s.qualifiedName, text: `${s.signature}\n${s.doc ?? ''}`, line_start: s.lineStart, line_end: s.lineEnd, ref: s.id };
      if (s.kind === 'field' || !lines.length || bodyBudget <= 0) return [summary];
      // A type's members are indexed on their own: its entry needs only its head, not every method again.
      const body = headOfLines(lines, s.lineStart - 1, s.lineEnd, CONTAINER_KINDS.has(s.kind) ? CONTAINER_INDEX_CHARS : BODY_INDEX_CHARS);
      bodyBudget -= body.length;
      return [summary, { id: `code|${s.id}`, store: 'code', file, title: s.qualifiedName, text: body, line_start: s.lineStart, line_end: s.lineEnd, ref: s.id }];
    });
  }

  /** Re-reads and re-chunks markdown whose size or mtime changed; returns whether any did. */
  private async syncDocs(slicer: TimeSlicer): Promise<boolean> {
    const files = this.source.docFiles();
    const collections = groupCollections(this.repository, files.map((f) => f.rel), this.collectionGlobs);
    const membership = new Map<string, string[]>();
    for (const c of collections) for (const d of c.documents) membership.set(d, [...(membership.get(d) ?? []), c.id]);
    let changed = files.length !== this.docs.size;
    const next = new Map<string, DocEntry>();
    for (const f of files) {
      const version = `${f.size}:${f.mtimeMs}`;
      const prev = this.docs.get(f.rel);
      if (prev && prev.version === version) {
        next.set(f.rel, prev);
        continue;
      }
      changed = true;
      let text: string;
      try {
        text = this.source.readText(f.rel);
      } catch {
        continue;
      }
      const entry: DocEntry = { rel: f.rel, version, parsed: parseMarkdown(f.rel, text), chunks: chunkMarkdown(f.rel, text), collections: membership.get(f.rel) ?? [] };
      next.set(f.rel, entry);
      await slicer.tick();
    }
    this.docs = next;
    this.collectionList = collections.map((c) => ({ ...c, documents: c.documents.filter((d) => next.has(d)) }));
    return changed;
  }

  /** See SymbolSearch.search: `enough` lets it skip the costly kinds of match once that many better ones are found. */
  searchSymbols(query: string, filter?: (s: IndexedSymbol) => boolean, enough?: number, deadline?: DeadlineCheck): SymbolHit[] {
    return this.symbols.search(this.graph, query, filter, enough, deadline);
  }

  /** See SymbolSearch.top: the `limit` best hits as search_symbols lists them, and how many matched. */
  topSymbols(query: string, filter: (s: IndexedSymbol) => boolean, limit: number, deadline?: DeadlineCheck): SymbolResults {
    return this.symbols.top(this.graph, query, filter, limit, deadline);
  }

  /**
   * BM25 over the chosen stores, code boosted by centrality, filtered by collection and change time. Waits for
   * the text index (see contentReady); with a deadline, gives up waiting at it while the build goes on.
   */
  async searchContent(query: string, q: ContentQuery, deadline?: Deadline): Promise<ContentHit[]> {
    if (!this.contentSynced) {
      const hint = 'The text index of this repository is still being built: retry in a few seconds (search_symbols and the read tools answer meanwhile).';
      await (deadline ? deadline.race(this.contentReady(), hint) : this.contentReady());
    }
    const stores = new Set(q.stores);
    const pageTimes = new Map(this.pages.map((p) => [p.id, this.newestChange(p.files)]));
    const search = this.content.search(
      query,
      (doc) => {
        if (!stores.has(doc.store)) return false;
        if (q.collection && !doc.collections?.includes(q.collection)) return false;
        if (!q.since && !q.until) return true;
        const at = doc.store === 'wiki' ? pageTimes.get(doc.file) : this.changeTime(doc.file)?.at;
        if (!at) return false;
        const t = Date.parse(at);
        return (!q.since || t >= q.since.getTime()) && (!q.until || t <= q.until.getTime());
      },
      (doc) => (doc.store === 'code' || doc.store === 'ast_summary' ? 1 + 4 * Math.sqrt(this.graph.symbolRank(doc.ref)) : 1),
    );
    return deadline ? deadline.race(search, 'Use fewer or more specific words.') : search;
  }

  changeTime(file: string): ChangeTime | undefined {
    this.times ??= this.source.changeTimes();
    return this.times.get(file);
  }

  /** How change times were found: git commits, modification times, or both (files git does not track use mtime). */
  timeBasis(): 'git_commit' | 'mtime' | 'git_commit_and_mtime' {
    this.times ??= this.source.changeTimes();
    const bases = new Set([...this.times.values()].map((t) => t.basis));
    return bases.size > 1 ? 'git_commit_and_mtime' : bases.has('git_commit') ? 'git_commit' : 'mtime';
  }

  private newestChange(files: string[]): string | undefined {
    const times = files.map((f) => this.changeTime(f)?.at).filter((t): t is string => !!t);
    return times.sort((a, b) => Date.parse(b) - Date.parse(a))[0];
  }

  collections(): readonly Collection[] {
    return this.collectionList;
  }

  documents(): ReadonlyMap<string, DocEntry> {
    return this.docs;
  }

  wikiPages(): readonly WikiPage[] {
    return this.pages;
  }

  readText(rel: string): string {
    return this.source.readText(rel);
  }

  dispose(): void {
    this.subscription.dispose();
    this.content.dispose();
  }
}

/**
 * The first `max` characters of lines [from, to) joined by newlines, without joining the rest first: thousands
 * of nested functions each spanning most of a file would otherwise copy the file once per function.
 */
export function headOfLines(lines: readonly string[], from: number, to: number, max: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = from; i < Math.min(to, lines.length) && length < max; i++) {
    const line = (i > from ? '\n' : '') + lines[i];
    parts.push(line.length > max - length ? line.slice(0, max - length) : line);
    length += line.length;
  }
  return parts.join('');
}

function chunkDoc(entry: DocEntry, c: Chunk): ContentDoc {
  return {
    id: `repo_doc|${c.id}`,
    store: 'repo_doc',
    file: entry.rel,
    title: c.heading_path.join(' › ') || entry.parsed.title,
    text: c.text,
    line_start: c.line_start,
    line_end: c.line_end,
    ref: c.id,
    collections: entry.collections,
  };
}

function wikiDocs(page: WikiPage): ContentDoc[] {
  const lines = page.markdown.split('\n');
  return page.sections.map((s) => ({
    id: `wiki|${page.id}#${s.slug}`,
    store: 'wiki',
    file: page.id,
    title: `${page.title} › ${s.title}`,
    text: lines.slice(s.line_start - 1, s.line_end).join('\n'),
    line_start: s.line_start,
    line_end: s.line_end,
    ref: `${page.id}#${s.slug}`,
  }));
}
