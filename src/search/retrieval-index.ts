import { type Deadline, TimeSlicer } from '../common/deadline';
import type { Disposable } from '../common/disposable';
import type { CodeGraph } from '../graph/code-graph';
import type { IndexedSymbol } from '../graph/symbol-table';
import { type Collection, groupCollections } from './collections';
import { createHash } from 'node:crypto';
import { errorMessage } from '../common/errors';
import { lineStarts } from '../common/text-match';
import { type ContentDoc, type ContentHit, ContentSearch, onePerRef, type Store } from './content-search';
import { type Chunk, chunkMarkdown, type MarkdownDocument, parseMarkdown } from './markdown';
import type { ChangeTime, RetrievalSource, TextIndexFile } from './source';
import { SymbolSearch, type SymbolHit, type SymbolResults } from './symbol-search';
import type { TextEntry } from './text-index';
import { decodeRetrievalFile, deflatePage, encodeRetrievalFile, markdownOnce, type PersistedWiki } from './retrieval-file';
import { generateWiki, WIKI_RECIPE, type WikiPage } from './wiki';

/** Code bodies longer than this are indexed by their head: enough for BM25, bounded memory. */
const BODY_INDEX_CHARS = 4000;
const CONTAINER_INDEX_CHARS = 1200;
/** Every file may index at least this much body text (see codeDocs), and up to twice its length. */
const FILE_BODY_MIN_CHARS = 64 * 1024;
const CONTAINER_KINDS: ReadonlySet<string> = new Set(['class', 'interface', 'struct', 'enum', 'trait', 'module', 'type']);
/**
 * What the text index's entries are made from, beyond the files: bump when codeDocs, chunkDoc, wikiDocs or the
 * tokenizer change, so a persisted index built the old way is rebuilt, not served.
 */
const ENTRY_RECIPE = 1;
/** The overlay is folded into the saved index once this many entries changed (or a twentieth of the index). */
const SAVE_AFTER_CHANGES = 2000;

/** Where the text index is persisted, and who hears about it (both optional: without them it lives in memory). */
export interface TextIndexOptions {
  file?: TextIndexFile;
  log?: (level: 'info' | 'warn', message: string) => void;
}

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
  /** What `pages` were generated from (see wikiKey), and what they hash to (pagesHash: the text index's version of them). */
  private pagesKey?: string;
  private pagesVersion?: string;
  /** The wiki saved with the text index, until the first sync takes it (its key matches) or generates another. */
  private restoredWiki?: PersistedWiki;
  /** The key of the wiki in the file as loaded or last saved: a file whose wiki is of another key is saved again. */
  private savedWikiKey?: string;
  /** The ranks saved with the wiki, for the graph (at its version) whose key they were saved under: see symbolRanks. */
  private restoredRanks?: { graph: CodeGraph; version: number; byOrdinal: Float64Array };
  private collectionList: Collection[] = [];
  private current?: CodeGraph;
  /** `current`'s version when it was synced: an edit re-linked in place bumps it. */
  private currentVersion = -1;
  private stale = true;
  private contentSynced = false;
  /** Counts syncs, so a text-index build knows whether what it built is still current. */
  private generation = 0;
  private syncing?: Promise<void>;
  private contentBuild?: Promise<void>;
  /** The graph and version the symbol-name index was last brought in step with (built on the first name query). */
  private symbolsAt?: { graph: CodeGraph; version: number };
  private symbolsBuild?: Promise<void>;
  private times?: ReadonlyMap<string, ChangeTime>;
  private readonly subscription: Disposable;
  /** Reading the persisted text index (once: a missing or untrusted file is built again, not read again). */
  private loading?: Promise<void>;
  private savedOnce = false;
  private saving?: Promise<void>;
  /** What a save in progress writes: written synchronously on dispose if it has not finished. */
  private unsaved?: Buffer[];
  /** Chunks and wiki sections by id, for turning hits back into citations; rebuilt when docs or pages change. */
  private chunkById?: Map<string, { entry: DocEntry; chunk: Chunk }>;
  private sectionById?: Map<string, { page: WikiPage; section: WikiPage['sections'][number] }>;

  constructor(
    private readonly source: RetrievalSource,
    readonly repository: string,
    private readonly collectionGlobs: readonly string[] = [],
    private readonly textIndex: TextIndexOptions = {},
  ) {
    this.content = new ContentSearch();
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
    // An edit can be re-linked into the same graph object: its version says whether code moved. The symbol-name
    // index is not brought in step here (only name queries need it, see symbolsReady): `retrieve` does not wait for it.
    const codeChanged = graph !== this.current || graph.version !== this.currentVersion;
    const docsChanged = await this.syncDocs(slicer);
    // The persisted text index comes with the wiki it indexed: read it before deciding to generate the wiki.
    await this.loadPersisted();
    if (docsChanged || codeChanged) {
      const key = this.wikiKey(graph);
      if (key !== this.pagesKey) {
        const restored = this.restoredWiki;
        this.restoredWiki = undefined;
        const reuse = restored?.key === key;
        this.pages = reuse ? restored.pages : await generateWiki({ repository: this.repository, graph, docs: [...this.docs.keys()], readText: (rel) => this.source.readText(rel), keep: deflatePage }, slicer);
        this.pagesKey = key;
        this.pagesVersion = reuse ? restored.hash : undefined;
        this.restoredRanks = reuse && restored.ranks ? { graph, version: graph.version, byOrdinal: restored.ranks } : undefined;
        if (reuse) this.textIndex.log?.('info', `The saved wiki is current: ${restored.pages.length} pages served as saved.`);
        this.sectionById = undefined;
      }
    }
    if (docsChanged) this.chunkById = undefined;
    this.current = graph;
    this.currentVersion = graph.version;
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
    const files = this.source.indexedFiles();
    for (const owner of this.content.ownersWithPrefix('src:')) if (!graph.table.files.has(owner.slice(4))) this.content.remove(owner);
    for (const file of graph.table.files.keys()) {
      const version = `${ENTRY_RECIPE}:${files.get(file)?.hash ?? ''}`;
      if (!this.content.isCurrent(`src:${file}`, version)) await this.content.replaceSliced(`src:${file}`, version, this.codeEntries(file, graph.table.byFile.get(file) ?? []), slicer);
      await slicer.tick();
    }
    const docs = this.docs;
    for (const owner of this.content.ownersWithPrefix('doc:')) if (!docs.has(owner.slice(4))) this.content.remove(owner);
    for (const [rel, entry] of docs) {
      // Collections are part of a chunk's citation, not of its entry: the version is the file's.
      const version = `${ENTRY_RECIPE}:${entry.version}`;
      if (!this.content.isCurrent(`doc:${rel}`, version)) await this.content.replaceSliced(`doc:${rel}`, version, entry.chunks.map((c) => chunkEntry(entry, c)), slicer);
    }
    const pages = this.pages;
    this.pagesVersion ??= pagesHash(pages);
    const wikiVersion = `${ENTRY_RECIPE}:${this.pagesVersion}`;
    if (!this.content.isCurrent('wiki', wikiVersion)) await this.content.replaceSliced('wiki', wikiVersion, wikiEntries(pages), slicer);
    // Re-synced meanwhile (a new graph, changed docs): the caller's loop builds again from the new state.
    this.contentSynced = generation === this.generation;
    if (this.contentSynced) this.saveIfWorthIt();
  }

  /**
   * The text index as last saved, if it can be trusted; entries of files changed since are replaced by the sync.
   * The wiki saved with it is kept for the sync, which takes it if it was generated from what the graph is now.
   */
  private loadPersisted(): Promise<void> {
    this.loading ??= this.readPersisted();
    return this.loading;
  }

  private async readPersisted(): Promise<void> {
    const file = this.textIndex.file;
    if (!file) return;
    try {
      const started = performance.now();
      const bytes = await file.load();
      if (!bytes) return;
      const { segment, wiki } = decodeRetrievalFile(bytes);
      this.content.index.load(segment);
      this.restoredWiki = wiki;
      this.savedWikiKey = wiki?.key;
      const ms = Math.round(performance.now() - started);
      this.textIndex.log?.('info', `Loaded the text index: ${this.content.index.entryCount} entries, ${(bytes.length / 1e6).toFixed(1)} MB, in ${ms} ms.`);
    } catch (e) {
      this.textIndex.log?.('warn', `The saved text index is not usable (${errorMessage(e)}): rebuilding it.`);
    }
  }

  /**
   * Saves the text index once it was built, and again when enough changed since (the overlay is merged into one
   * segment first): a few edits are re-indexed from their files on the next start rather than written each time.
   */
  private saveIfWorthIt(): void {
    const file = this.textIndex.file;
    const index = this.content.index;
    // Pages generated again the same (a key made another way, a change undone) change no entry, but the file must
    // say which key they are of, or every start generates them again: saved once by the first sync that can.
    const wikiUnsaved = !this.savedOnce && this.pagesKey !== undefined && this.pagesKey !== this.savedWikiKey;
    if (!file || this.saving || (index.changedSinceMerge === 0 && !wikiUnsaved)) return;
    if (this.savedOnce && index.changedSinceMerge < Math.max(SAVE_AFTER_CHANGES, index.entryCount / 20)) return;
    this.savedOnce = true;
    this.savedWikiKey = this.pagesKey;
    // The ranks only while the graph is at the version the key was made for (an edit since makes other ranks).
    const ranks = this.graph.version === this.currentVersion ? { ranks: this.symbolRanks() } : {};
    const { pieces: bytes, pages } = encodeRetrievalFile(index.encodePieces(), this.pagesKey === undefined ? undefined : { key: this.pagesKey, hash: this.pagesVersion ?? pagesHash(this.pages), pages: this.pages, ...ranks });
    if (pages) {
      // The same pages, their markdown read from the deflated bytes when a snippet or wiki_page needs it.
      this.pagesVersion ??= pagesHash(this.pages);
      this.pages = pages;
      this.sectionById = undefined;
    }
    this.unsaved = bytes;
    this.saving = file
      .save(bytes)
      .then(() => (this.unsaved = undefined))
      .catch((e) => this.textIndex.log?.('warn', `Could not save the text index: ${errorMessage(e)}`))
      .finally(() => (this.saving = undefined));
  }

  /**
   * Reads the persisted text index now, if it has not been, and warms its query path (TextIndex.warm; the engine
   * calls this in idle time after a warm start): a `retrieve` that comes later finds it loaded. Builds nothing: a missing or untrusted file is left for the first
   * search to build.
   */
  async preload(): Promise<void> {
    await this.loadPersisted();
    this.content.index.warm();
  }

  /** Waits for a save in progress (tests, and a process about to exit). */
  async saved(): Promise<void> {
    await this.saving;
  }

  private codeEntries(file: string, symbols: IndexedSymbol[]): TextEntry[] {
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
      const summary: TextEntry = { id: `ast_summary|${s.id}`, title: s.qualifiedName, text: summaryText(s) };
      if (s.kind === 'field' || !lines.length || bodyBudget <= 0) return [summary];
      // A type's members are indexed on their own: its entry needs only its head, not every method again.
      const body = bodyText(lines, s);
      bodyBudget -= body.length;
      return [summary, { id: `code|${s.id}`, title: s.qualifiedName, text: body }];
    });
  }

  /** What a hit's id cites: the symbol, chunk or wiki section it was indexed from, as it is now (undefined if gone). */
  private resolve(id: string): ContentDoc | undefined {
    const bar = id.indexOf('|');
    const store = id.slice(0, bar) as Store;
    const ref = id.slice(bar + 1);
    if (store === 'code' || store === 'ast_summary') {
      const s = this.graph.table.byId.get(ref);
      return s && { id, store, file: s.file, title: s.qualifiedName, line_start: s.lineStart, line_end: s.lineEnd, ref };
    }
    if (store === 'repo_doc') {
      this.chunkById ??= new Map([...this.docs.values()].flatMap((entry) => entry.chunks.map((chunk) => [chunk.id, { entry, chunk }] as const)));
      const found = this.chunkById.get(ref);
      if (!found) return undefined;
      const { entry, chunk } = found;
      return { id, store, file: entry.rel, title: chunk.heading_path.join(' › ') || entry.parsed.title, line_start: chunk.line_start, line_end: chunk.line_end, ref, collections: entry.collections };
    }
    if (store === 'wiki') {
      this.sectionById ??= new Map(this.pages.flatMap((page) => page.sections.map((section) => [`${page.id}#${section.slug}`, { page, section }] as const)));
      const found = this.sectionById.get(ref);
      if (!found) return undefined;
      const { page, section } = found;
      return { id, store, file: page.id, title: `${page.title} › ${section.title}`, line_start: section.line_start, line_end: section.line_end, ref };
    }
    return undefined;
  }

  /**
   * The text a hit was indexed from, for its snippet: read again from the file, the symbol, the chunk or the wiki
   * page rather than kept beside the index (the entries' texts were the largest thing retrieval held).
   */
  textOf(doc: ContentDoc): string {
    if (doc.store === 'repo_doc') return this.chunkById?.get(doc.ref)?.chunk.text ?? '';
    if (doc.store === 'wiki') {
      const found = this.sectionById?.get(doc.ref);
      return found ? linesOf(found.page.markdown, found.section.line_start, found.section.line_end) : '';
    }
    const s = this.graph.table.byId.get(doc.ref);
    if (!s) return '';
    if (doc.store === 'ast_summary') return summaryText(s);
    try {
      return bodyText(this.source.readText(s.file).split('\n'), s);
    } catch {
      return summaryText(s);
    }
  }

  /**
   * What the wiki is generated from, as one hash: the graph's key (every source file's content hash, the project
   * configuration and the formats, so the same key means the same symbols, edges and ranks; see
   * RetrievalSource.graphKey), the docs and their versions, and the recipes. The same key gives the same pages
   * (generateWiki is deterministic), so saved pages can be served as they are. Costs no PageRank and no pass over
   * the symbols: a warm start can serve the saved wiki without ranking the graph first.
   */
  private wikiKey(graph: CodeGraph): string {
    const hash = createHash('sha1').update(`${WIKI_RECIPE}\0${ENTRY_RECIPE}\0${this.repository}\0${this.source.graphKey(graph)}\0`);
    for (const rel of [...this.docs.keys()].sort()) hash.update(rel).update('\0').update(this.docs.get(rel)!.version).update('\0');
    return hash.digest('hex');
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

  /**
   * Brings the symbol-name index in step with the current graph: built on the first name query of a process (not
   * before the first `retrieve`, which does not read it), then kept in step file by file. Shared by the calls that
   * wait; with a deadline, gives up waiting at it while the build goes on.
   */
  private async symbolsReady(deadline?: Deadline): Promise<void> {
    const inStep = () => this.symbolsAt?.graph === this.graph && this.symbolsAt.version === this.graph.version;
    while (!inStep()) {
      this.symbolsBuild ??= (async () => {
        const graph = this.graph;
        const version = graph.version;
        await this.symbols.sync(graph, new TimeSlicer());
        this.symbolsAt = { graph, version };
      })().finally(() => (this.symbolsBuild = undefined));
      const hint = 'The symbol-name index of this repository is still being built: retry in a few seconds.';
      await (deadline ? deadline.race(this.symbolsBuild, hint) : this.symbolsBuild);
    }
  }

  /** See SymbolSearch.search: `enough` lets it skip the costly kinds of match once that many better ones are found. */
  async searchSymbols(query: string, filter?: (s: IndexedSymbol) => boolean, enough?: number, deadline?: Deadline): Promise<SymbolHit[]> {
    await this.symbolsReady(deadline);
    return this.symbols.search(this.graph, query, filter, enough, deadline);
  }

  /** See SymbolSearch.top: the `limit` best hits as search_symbols lists them, and how many matched (`filter`: all when undefined). */
  async topSymbols(query: string, filter: ((s: IndexedSymbol) => boolean) | undefined, limit: number, deadline?: Deadline): Promise<SymbolResults> {
    await this.symbolsReady(deadline);
    return this.symbols.top(this.graph, query, filter, limit, deadline);
  }

  private async waitForContent(deadline?: Deadline): Promise<void> {
    if (this.contentSynced) return;
    const hint = 'The text index of this repository is still being built: retry in a few seconds (search_symbols and the read tools answer meanwhile).';
    await (deadline ? deadline.race(this.contentReady(), hint) : this.contentReady());
  }

  /**
   * BM25 over the chosen stores, code boosted by centrality, filtered by collection and change time. Waits for
   * the text index (see contentReady); with a deadline, gives up waiting at it while the build goes on.
   */
  async searchContent(query: string, q: ContentQuery, deadline?: Deadline): Promise<ContentHit[]> {
    await this.waitForContent(deadline);
    const stores = new Set(q.stores);
    // A wiki page's time is its files' newest: found only for a time filter (change times ask git once).
    let pageTimes: Map<string, string | undefined> | undefined;
    return this.content.search(
      query,
      stores,
      (id) => this.resolve(id),
      (doc) => {
        if (q.collection && !doc.collections?.includes(q.collection)) return false;
        if (!q.since && !q.until) return true;
        const at = doc.store === 'wiki' ? (pageTimes ??= new Map(this.pages.map((p) => [p.id, this.newestChange(p.files)]))).get(doc.file) : this.changeTime(doc.file)?.at;
        if (!at) return false;
        const t = Date.parse(at);
        return (!q.since || t >= q.since.getTime()) && (!q.until || t <= q.until.getTime());
      },
      (doc) => this.boost(doc),
    );
  }

  /**
   * The best `limit` citations for `query` (one per symbol, chunk or section) and how many match: what `retrieve`
   * and `collection_search` show. Without a collection or time filter only the entries that can be among the
   * best are turned into citations (see ContentSearch.top); with one, every hit is, as `searchContent` does.
   */
  async topContent(query: string, q: ContentQuery, limit: number, deadline?: Deadline): Promise<{ hits: ContentHit[]; total: number }> {
    if (q.collection || q.since || q.until) {
      const all = onePerRef(await this.searchContent(query, q, deadline));
      return { hits: all.slice(0, limit), total: all.length };
    }
    await this.waitForContent(deadline);
    return this.content.top(query, new Set(q.stores), limit, this.maxBoost(), (id) => this.resolve(id), (doc) => this.boost(doc));
  }

  /** Code is boosted by centrality (PageRank over call edges), up to 5×. */
  private boost(doc: ContentDoc): number {
    if (doc.store !== 'code' && doc.store !== 'ast_summary') return 1;
    const s = this.graph.table.byId.get(doc.ref);
    return 1 + 4 * Math.sqrt(s ? this.symbolRanks()[s.ordinal] : 0);
  }

  /**
   * The graph's ranks by ordinal (CodeGraph.symbolRanks): those saved with the wiki while the graph is the one they
   * were restored for, so the first `retrieve` of a warm start computes no PageRank; else the graph's own.
   */
  private symbolRanks(): Float64Array {
    const graph = this.graph;
    const restored = this.restoredRanks;
    if (restored?.graph === graph && restored.version === graph.version) return restored.byOrdinal;
    return graph.symbolRanks();
  }

  private maxBoost(): number {
    const graph = this.graph;
    let best = maxBoosts.get(graph);
    if (best === undefined) {
      let rank = 0;
      for (const r of this.symbolRanks()) rank = Math.max(rank, r);
      best = 1 + 4 * Math.sqrt(rank);
      maxBoosts.set(graph, best);
    }
    return best;
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
    if (this.unsaved) {
      try {
        this.textIndex.file?.saveSync(this.unsaved);
      } catch (e) {
        this.textIndex.log?.('warn', `Could not save the text index: ${errorMessage(e)}`);
      }
      this.unsaved = undefined;
    }
  }
}

/** The largest boost of a graph's code (its most central symbol's): computed once per graph. */
const maxBoosts = new WeakMap<CodeGraph, number>();

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

/**
 * Lines [from, to] (1-based) of `text` joined by newlines: what `text.split('\n').slice(from - 1, to).join('\n')`
 * gives, found by looking for the newlines instead of splitting the whole text (a wiki page is ~100 kB at a million
 * lines, and a `retrieve` answer cut up to one per hit).
 */
export function linesOf(text: string, from: number, to: number): string {
  // Counted from the end (never a section's lines): as slice counts them.
  if (from < 1 || to < 0) return text.split('\n').slice(from - 1, to).join('\n');
  let start = 0;
  for (let line = 1; line < from; line++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) return '';
    start = nl + 1;
  }
  let end = start;
  for (let line = from; line <= to; line++) {
    const nl = text.indexOf('\n', end);
    if (nl < 0) return text.slice(start);
    if (line === to) return text.slice(start, nl);
    end = nl + 1;
  }
  return '';
}

function summaryText(s: IndexedSymbol): string {
  return `${s.signature}\n${s.doc ?? ''}`;
}

function bodyText(lines: readonly string[], s: IndexedSymbol): string {
  return headOfLines(lines, s.lineStart - 1, s.lineEnd, CONTAINER_KINDS.has(s.kind) ? CONTAINER_INDEX_CHARS : BODY_INDEX_CHARS);
}

function chunkEntry(entry: DocEntry, c: Chunk): TextEntry {
  return { id: `repo_doc|${c.id}`, title: c.heading_path.join(' › ') || entry.parsed.title, text: c.text };
}

/**
 * The wiki's sections as entries, made as they are read: a section's text is a slice of its page's markdown (no copy
 * of it, no array of the page's lines), and the entries are never all held at once (at a million lines they were
 * ~25 MB of strings, garbage once indexed).
 */
function* wikiEntries(pages: readonly WikiPage[]): Generator<TextEntry> {
  for (const page of pages) {
    const markdown = markdownOnce(page);
    const starts = lineStarts(markdown);
    for (const s of page.sections) yield { id: `wiki|${page.id}#${s.slug}`, title: `${page.title} › ${s.title}`, text: lineRange(markdown, starts, s.line_start, s.line_end) };
  }
}

/** text.split('\n').slice(from - 1, to).join('\n') as one slice of `text`, whose line starts are `starts`. */
export function lineRange(text: string, starts: Uint32Array, from: number, to: number): string {
  if (from < 1 || to < 0) return text.split('\n').slice(from - 1, to).join('\n');
  const last = Math.min(to, starts.length);
  if (from > last) return '';
  return text.slice(starts[from - 1], last < starts.length ? starts[last] - 1 : text.length);
}

/** The wiki's version: what its pages say (regenerated on every graph change, mostly to the same text). */
function pagesHash(pages: readonly WikiPage[]): string {
  const hash = createHash('sha1');
  for (const p of pages) hash.update(p.id).update('\0').update(markdownOnce(p)).update('\0');
  return hash.digest('hex');
}
