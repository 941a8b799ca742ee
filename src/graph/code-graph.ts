import { checkEvery, type DeadlineCheck } from '../common/deadline';
import type { CallRecord, FileRecord } from '../index/records';
import { languageInfo } from '../index/languages';
import { type CallEdgeData, CallEdges, type CallSite, MAX_RESOLUTIONS } from './call-edges';
import { ModuleResolver, type ProjectConfig } from './modules';
import { DispatchIndex, dispatchConfidence } from './dispatch';
import { ImportGraph } from './import-graph';
import { LinkReader, type LinkSnapshot, LinkWriter, SnapshotMismatch } from './link-snapshot';
import { type CallTarget, callKey, RelinkMemo } from './relink-memo';
import { CallResolver, type Resolution, type ResolvedCall } from './resolver';
import { type IndexedSymbol, SymbolTable } from './symbol-table';

export type { CallEdgeData, CallSite } from './call-edges';

/** A call made at module level: no caller symbol, so the edge's resolution and confidence travel with the site. */
export interface ModuleCallSite extends CallSite {
  resolution: Resolution;
  confidence: number;
}

export interface Reached {
  symbol: IndexedSymbol;
  depth: number;
  /** Of the edge that first reached this symbol (from the nearer side). */
  resolution: Resolution;
  confidence: number;
  sites: CallSite[];
}

const NO_CALLEES: ReadonlySet<string> = new Set();
const NO_TARGETS: CallTarget[] = [];

/**
 * The workspace's call graph (symbols) and import graph (files), linked from every file's records.
 * External packages are not nodes: an edge into a package outside the workspace is omitted.
 */
export class CodeGraph {
  readonly table: SymbolTable;
  readonly modules: ModuleResolver;
  /** The call graph: symbols and call edges in typed arrays (call-edges.ts). */
  readonly calls: CallEdges;
  readonly imports = new ImportGraph();
  /** Calls made at module level (no enclosing symbol): callee id → sites. */
  readonly moduleCallers = new Map<string, ModuleCallSite[]>();
  private rank?: Float64Array;
  private edits = 0;

  private readonly resolver: CallResolver;
  private readonly dispatch: DispatchIndex;
  /** Callees each file calls at module level, so an update can take its sites back out of moduleCallers. */
  private readonly moduleCalleesByFile = new Map<string, Set<string>>();
  /**
   * Files whose function values make edges out of another file's functions (`run(f)` here, `cb()` in run there):
   * an edit to either re-links the whole graph, because re-linking one file cannot take those edges back. A file
   * that only passes functions to another file's functions which do not call them stays out; the callee's file
   * is in (an edit there may start calling the parameter).
   */
  private readonly crossFileValueFlows = new Set<string>();
  /** What the calls of the files edited last resolved to: the next edit of one re-resolves only the calls it changed. */
  private readonly relinkMemo = new RelinkMemo();

  /** `table`: one already built from `files` (see build). */
  constructor(files: ReadonlyMap<string, FileRecord>, config: ProjectConfig, link = true, table?: SymbolTable) {
    this.table = table ?? new SymbolTable(files);
    this.modules = new ModuleResolver(this.table, config);
    this.resolver = new CallResolver(this.table, this.modules);
    this.dispatch = new DispatchIndex(this.table, this.resolver.types);
    this.calls = new CallEdges(this.table.all, this.table.byId, [...this.table.files.keys()].sort());
    for (const file of this.table.files.keys()) this.imports.addNode(file);
    if (link) for (const [file, record] of this.table.files) this.linkFile(file, record);
  }

  /**
   * Builds the graph like the constructor, but yields to the event loop every few milliseconds while linking:
   * linking a large workspace takes seconds, and the extension host must stay responsive meanwhile.
   * The graph is handed out only when complete.
   */
  static async build(files: ReadonlyMap<string, FileRecord>, config: ProjectConfig, sliceMs = 10): Promise<CodeGraph> {
    let sliceStart = performance.now();
    const pause = async (): Promise<void> => {
      if (performance.now() - sliceStart <= sliceMs) return;
      // setTimeout, not setImmediate: this layer is also type-checked for the browser (the panel).
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
    };
    // The symbol table, its lookups and the dispatch tables (which the first call linked would build) in slices too:
    // ~1.3 s at 1M lines otherwise.
    const graph = new CodeGraph(files, config, false, await SymbolTable.build(files, pause));
    await graph.dispatch.prepareInSlices(pause);
    for (const [file, record] of graph.table.files) {
      graph.linkFile(file, record);
      await pause();
    }
    return graph;
  }

  /**
   * The graph from a snapshot of its own edges (see link-snapshot.ts) instead of resolving every call: what a warm
   * start does when no file changed since the snapshot was written. Throws SnapshotMismatch when the snapshot does
   * not fit these records; the caller then links with `build`.
   */
  static restore(files: ReadonlyMap<string, FileRecord>, config: ProjectConfig, snapshot: LinkSnapshot): CodeGraph {
    const graph = new CodeGraph(files, config, false);
    const all = graph.table.all;
    const calls = graph.calls;
    const fileList = calls.fileNames;
    if (snapshot.resolutions.length > MAX_RESOLUTIONS) throw new SnapshotMismatch(`${snapshot.resolutions.length} resolution kinds`);
    const resolutions = snapshot.resolutions.map((r) => {
      if (!/^[a-z_]{1,24}$/.test(r)) throw new SnapshotMismatch(`bad resolution kind ${JSON.stringify(r.slice(0, 40))}`);
      return r as Resolution;
    });
    reserveFor(calls, snapshot.calls);
    const edges = new LinkReader(snapshot.calls);
    while (!edges.done) {
      const from = edges.index(all.length);
      const to = edges.index(all.length);
      const edge = calls.addEdge(from, to, resolutions[edges.index(resolutions.length)], edges.confidence());
      if (edge === undefined) throw new SnapshotMismatch(`edge ${all[from].id} -> ${all[to].id} twice`);
      const n = edges.index(Number.MAX_SAFE_INTEGER);
      for (let i = 0; i < n; i++) calls.appendSite(edge, edges.index(fileList.length), edges.position(), edges.position());
    }
    const moduleCalls = new LinkReader(snapshot.moduleCalls);
    while (!moduleCalls.done) {
      const to = all[moduleCalls.index(all.length)].id;
      const n = moduleCalls.index(Number.MAX_SAFE_INTEGER);
      const list: ModuleCallSite[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const file = fileList[moduleCalls.index(fileList.length)];
        list[i] = { file, line: moduleCalls.position(), character: moduleCalls.position(), resolution: resolutions[moduleCalls.index(resolutions.length)], confidence: moduleCalls.confidence() };
        let callees = graph.moduleCalleesByFile.get(file);
        if (!callees) graph.moduleCalleesByFile.set(file, (callees = new Set()));
        callees.add(to);
      }
      graph.moduleCallers.set(to, list);
    }
    const imports = new LinkReader(snapshot.imports);
    while (!imports.done) {
      const from = fileList[imports.index(fileList.length)];
      const to = fileList[imports.index(fileList.length)];
      const line = imports.position();
      if (graph.imports.hasDirectedEdge(from, to)) throw new SnapshotMismatch(`import ${from} -> ${to} twice`);
      graph.imports.addDirectedEdge(from, to, { line });
    }
    return graph;
  }

  /** This graph's edges as a snapshot that `restore` reads back into an identical graph (same edges, sites and order). */
  exportLinks(key: string): LinkSnapshot {
    const calls = this.calls;
    let callNumbers = 0;
    calls.forEachEdgeNumber((edge) => {
      callNumbers += LinkWriter.callNumbers(calls.siteCount(edge));
    });
    const writer = new LinkWriter(new Map(calls.fileNames.map((f, i) => [f, i])), callNumbers);
    const ordinal = (id: string) => this.table.byId.get(id)!.ordinal;
    calls.forEachEdgeNumber((edge, from, to) => {
      writer.call(from, to, calls.edgeResolution(edge), calls.edgeConfidence(edge), calls.siteCount(edge));
      calls.forEachSite(edge, (file, line, character) => writer.site(file, line, character));
    });
    for (const [target, list] of this.moduleCallers) writer.moduleCall(ordinal(target), list);
    this.imports.forEachEdge((_edge, data, source, target) => writer.importEdge(source, target, data.line));
    return writer.finish(key);
  }

  private linkFile(file: string, record: FileRecord): void {
    this.linkImports(file, record);
    this.linkCalls(file, record);
  }

  /**
   * Re-links one edited file in place, in time proportional to that file. Possible when the edit keeps the
   * file's outward shape (see sameShape): then no other file's resolution can change, only this file's own
   * calls and imports. Returns false when the shape changed; the caller rebuilds the graph then.
   */
  updateFile(file: string, record: FileRecord): boolean {
    const old = this.table.files.get(file);
    if (!old || !sameShape(old, record) || this.crossFileValueFlows.has(file)) return false;
    this.table.replaceRecord(file, record);
    for (const sym of this.table.byFile.get(file) ?? []) this.calls.dropOutEdges(sym.ordinal);
    for (const target of this.moduleCalleesByFile.get(file) ?? []) {
      const rest = (this.moduleCallers.get(target) ?? []).filter((site) => site.file !== file);
      if (rest.length) this.moduleCallers.set(target, rest);
      else this.moduleCallers.delete(target);
    }
    this.moduleCalleesByFile.delete(file);
    this.imports.dropOutEdges(file);
    this.linkImports(file, record);
    this.linkCalls(file, record, this.relinkMemo.callsOf(file, record));
    for (const target of this.moduleCalleesByFile.get(file) ?? []) this.moduleCallers.get(target)!.sort(bySite);
    this.rank = undefined;
    this.edits++;
    return true;
  }

  /**
   * Builds now what linking builds on first use and a graph restored from its snapshot lacks: the symbol table's
   * by-name lookups, the resolver's and dispatch's workspace-wide tables. Answers are the same; the first edit
   * after a warm start then re-links in the time later edits take (on patternfly it paid ~0.5–1.3 s for them).
   */
  prepareEdits(): void {
    void this.table.byQualified;
    this.resolver.prepare();
    this.dispatch.prepare();
  }

  /** The callees `file` calls at module level (their sites in that file are in moduleCallers). */
  moduleCalleesOf(file: string): ReadonlySet<string> {
    return this.moduleCalleesByFile.get(file) ?? NO_CALLEES;
  }

  /** Bumped by every in-place update: caches derived from the graph (postings, summaries) compare it. */
  get version(): number {
    return this.edits;
  }

  /** `memo`: the targets of this file's calls known from its last update, read and filled (see RelinkMemo). */
  private linkCalls(file: string, record: FileRecord, memo?: Map<string, CallTarget[]>): void {
    const symbols = this.table.byFile.get(file)!;
    // The resolver's answers for calls that pass arguments, which value flows ask for again (see LinkedCalls).
    const linked = new Map<CallRecord, ResolvedCall | undefined>();
    const passing = argumentCalls(record);
    for (const call of record.calls) {
      let targets: CallTarget[];
      if (memo) {
        const key = callKey(call);
        const known = memo.get(key);
        targets = known ?? this.callTargets(file, record, call, passing, linked);
        if (!known) memo.set(key, targets);
      } else {
        targets = this.callTargets(file, record, call, passing, linked);
      }
      const site = { file, line: call.line, character: call.character };
      const from = call.enclosing === undefined ? undefined : symbols[call.enclosing];
      for (const t of targets) this.addCall(file, from, t.to, site, t.resolution, t.confidence);
    }
    for (const flow of this.resolver.valueFlows(file, record, linked)) {
      const site = { file: flow.from?.file ?? file, line: flow.line, character: flow.character };
      // Edges placed in another file go stale when either file is re-linked alone; a flow without edges (a function
      // passed to one that does not call it, yet) only needs the callee's file re-linked with this one.
      if (site.file !== file) (flow.targets.length ? this.crossFileValueFlows.add(file) : this.crossFileValueFlows).add(site.file);
      for (const target of flow.targets) this.addCall(file, flow.from, target, site, 'value', flow.confidence);
    }
  }

  /**
   * The edges one call makes, in order: each resolved target, then the overrides that target may dispatch to.
   * `passing`/`linked`: the resolver's answer for a call that passes arguments is kept in `linked`, for the value
   * flows to read instead of resolving it again (see LinkedCalls).
   */
  private callTargets(file: string, record: FileRecord, call: CallRecord, passing: ArgumentCalls | undefined, linked: Map<CallRecord, ResolvedCall | undefined>): CallTarget[] {
    let resolved = this.selfCallInSubclasses(file, call);
    if (!resolved) {
      resolved = this.resolver.resolve(file, record, call);
      if (passing?.get(call.line)?.has(call.character)) linked.set(call, resolved && { ...resolved });
    }
    if (!resolved) return NO_TARGETS;
    if (resolved.builtinInterface === 'error') {
      const methods = this.dispatch.goErrorMethods();
      resolved.targets = methods;
      resolved.confidence = dispatchConfidence(resolved.confidence, methods.length, true);
    }
    const out: CallTarget[] = [];
    let direct: Set<string> | undefined;
    for (const target of resolved.targets) {
      out.push({ to: target, resolution: resolved.resolution, confidence: resolved.confidence });
      // The overrides this call may run instead (see dispatch.ts): edges of their own, marked `dispatch`.
      const overrides = this.dispatch.targets(call, target, resolved.receiverTypes);
      if (!overrides.length) continue;
      direct ??= new Set(resolved.targets.map((t) => t.id));
      const confidence = dispatchConfidence(resolved.confidence, overrides.length, this.dispatch.interfaceMember(target) || this.dispatch.throughTypedInterface(target, resolved.receiverTypes));
      for (const o of overrides) if (!direct.has(o.id)) out.push({ to: o, resolution: 'dispatch', confidence });
    }
    return out;
  }

  /**
   * `self.m()` / `this.m()` where the class has no `m` of its own or from its bases, but subclasses define it: a
   * dispatch to those (else the resolver would guess by name alone).
   */
  private selfCallInSubclasses(file: string, call: CallRecord): ResolvedCall | undefined {
    if (call.receiver !== 'self' && call.receiver !== 'this') return undefined;
    const enclosing = call.enclosing !== undefined ? this.table.byFile.get(file)?.[call.enclosing] : undefined;
    const owner = this.resolver.types.enclosingType(file, enclosing);
    if (!owner || owner.local < 0 || owner.lang === 'go' || owner.lang === 'rust') return undefined;
    if (this.resolver.types.members(owner, call.name).length) return undefined;
    const targets = this.dispatch.subclassMembers(owner, call.name);
    return targets.length ? { targets, resolution: 'dispatch', confidence: dispatchConfidence(1, targets.length) } : undefined;
  }

  /** One call site into `to`, from the symbol `from` or (undefined) from module level; an edge keeps its most certain resolution. */
  private addCall(file: string, fromSymbol: IndexedSymbol | undefined, toSymbol: IndexedSymbol, site: CallSite, resolution: Resolution, confidence: number): void {
    // A symbol of the table (the table's own object at its ordinal) needs no lookup by id; a stand-in does.
    if (this.table.all[toSymbol.ordinal] !== toSymbol && !this.table.byId.has(toSymbol.id)) return;
    const to = toSymbol.id;
    if (fromSymbol === undefined) {
      const list = this.moduleCallers.get(to) ?? [];
      // One call site reached twice (a dispatch target shared by two of its targets) stays one site: duplicates are adjacent.
      const same = list[list.length - 1];
      if (same && sameSite(same, site)) {
        if (confidence > same.confidence) Object.assign(same, { resolution, confidence });
        return;
      }
      list.push({ ...site, resolution, confidence });
      this.moduleCallers.set(to, list);
      let callees = this.moduleCalleesByFile.get(file);
      if (!callees) this.moduleCalleesByFile.set(file, (callees = new Set()));
      callees.add(to);
      return;
    }
    this.calls.addCall(fromSymbol.ordinal, toSymbol.ordinal, resolution, confidence, this.calls.fileNumber(site.file), site.line, site.character);
  }

  private linkImports(file: string, record: FileRecord): void {
    const family = languageInfo(record.lang).family;
    const seen = new Set<string>();
    for (const imp of record.imports) {
      const target = this.modules.resolve(file, family, imp.source);
      let files = target && 'files' in target ? target.files : [];
      // `from pkg import mod` depends on pkg/mod.py, not only on pkg/__init__.py.
      if (family === 'python' && imp.name && imp.name !== '*') {
        const sub = this.modules.resolve(file, family, `${imp.source}${imp.source.endsWith('.') ? '' : '.'}${imp.name}`);
        if (sub && 'files' in sub) files = sub.files;
      }
      for (const to of files) {
        if (to === file || seen.has(to)) continue;
        seen.add(to);
        this.imports.addDirectedEdge(file, to, { line: imp.line });
      }
    }
  }

  /**
   * Breadth-first over callers (`in`) or callees (`out`) up to `depth`, nearest first, each symbol once.
   * `dispatch: false` leaves out the edges that reach an override only through its base (resolution `dispatch`).
   */
  walk(start: string[], direction: 'in' | 'out', depth: number, minConfidence = 0, options: { dispatch?: boolean; deadline?: DeadlineCheck } = {}): Reached[] {
    const withDispatch = options.dispatch !== false;
    const seen = new Set(start);
    const out: Reached[] = [];
    let frontier = start;
    let visited = 0;
    for (let d = 1; d <= depth && frontier.length; d++) {
      const next: string[] = [];
      for (const id of frontier) {
        // The call graph hands the edge's data to the callback: no second lookup per edge.
        const visit = (_edge: number, data: CallEdgeData, source: string, target: string) => {
          // A hub's callers on a huge graph (edge by edge: one hub can have 100,000): stop at the call's budget.
          checkEvery(options.deadline, visited++, 'Lower depth or raise min_confidence to narrow the walk.');
          const other = direction === 'in' ? source : target;
          if (seen.has(other) || data.confidence < minConfidence || (!withDispatch && data.resolution === 'dispatch')) return;
          seen.add(other);
          next.push(other);
          out.push({ symbol: this.table.byId.get(other)!, depth: d, resolution: data.resolution, confidence: data.confidence, sites: data.sites });
        };
        if (direction === 'in') this.calls.forEachInEdge(id, visit);
        else this.calls.forEachOutEdge(id, visit);
      }
      frontier = next;
    }
    return out;
  }

  /** PageRank over the call graph: callees of many callers rank high. Computed once per graph version. */
  symbolRank(id: string): number {
    const sym = this.table.byId.get(id);
    return sym ? this.symbolRanks()[sym.ordinal] : 0;
  }

  /** Every symbol's rank (symbolRank) by its ordinal: for passes over all symbols, without a lookup by id each. */
  symbolRanks(): Float64Array {
    this.rank ??= this.calls.order ? this.calls.pageRank(50, 1e-6) : new Float64Array(0);
    return this.rank;
  }

  /** Import cycles: strongly connected components of more than one file, largest first, files sorted. */
  importCycles(filter?: (file: string) => boolean): string[][] {
    return this.imports
      .stronglyConnectedComponents()
      .filter((c) => c.length > 1)
      .map((c) => c.sort())
      .filter((c) => !filter || c.some(filter))
      .sort((a, b) => b.length - a.length || (a[0] < b[0] ? -1 : 1));
  }

  /** The workspace overrides and implementations of a base, interface or trait method (what a call to it may run). */
  implementations(id: string): IndexedSymbol[] {
    const sym = this.table.byId.get(id);
    return sym ? this.dispatch.implementations(sym) : [];
  }

  /**
   * Base and interface members a method overrides or implements (callers of those may reach it by dispatch), the
   * interface members an object literal's methods implement included.
   */
  overridden(id: string): IndexedSymbol[] {
    const sym = this.table.byId.get(id);
    return sym ? [...new Set([...this.resolver.overriddenBy(sym), ...this.dispatch.implemented(sym)])] : [];
  }

  edgeCount(): number {
    return this.calls.size;
  }
}

/**
 * Where the calls are (line, then characters) that a file's argument records pass functions to; undefined when
 * none. Numbers, not `line:character` strings: every call of the file is looked up here.
 */
function argumentCalls(record: FileRecord): ArgumentCalls | undefined {
  let out: Map<number, Set<number>> | undefined;
  for (const v of record.values ?? []) {
    if (v.kind !== 'arg' || v.callLine === undefined || v.callCharacter === undefined) continue;
    out ??= new Map();
    let characters = out.get(v.callLine);
    if (!characters) out.set(v.callLine, (characters = new Set()));
    characters.add(v.callCharacter);
  }
  return out;
}

type ArgumentCalls = ReadonlyMap<number, ReadonlySet<number>>;

function sameSite(a: CallSite | undefined, b: CallSite): boolean {
  return a !== undefined && a.file === b.file && a.line === b.line && a.character === b.character;
}

function bySite(a: CallSite, b: CallSite): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.character - b.character;
}

/**
 * What other files can see of a file: its symbols (names, nesting, kinds, bases, signatures — Go return
 * types are read from signatures), its imports and re-exports, its field types, module-level variables and
 * returned values (JS: what functions return and what `module.exports` holds), and its package. Bodies,
 * positions, docs and local variables are private to the file: an edit that changes only those re-links
 * only this file.
 */
export function sameShape(a: FileRecord, b: FileRecord): boolean {
  if (a.lang !== b.lang || a.packageName !== b.packageName) return false;
  if (a.symbols.length !== b.symbols.length || a.imports.length !== b.imports.length) return false;
  for (let i = 0; i < a.symbols.length; i++) {
    const x = a.symbols[i];
    const y = b.symbols[i];
    if (x.name !== y.name || x.qualifiedName !== y.qualifiedName || x.kind !== y.kind || x.parent !== y.parent || x.signature !== y.signature || x.trait !== y.trait || x.returns !== y.returns) return false;
    if ((x.heritage ?? []).join('\0') !== (y.heritage ?? []).join('\0')) return false;
  }
  for (let i = 0; i < a.imports.length; i++) {
    const x = a.imports[i];
    const y = b.imports[i];
    if (x.source !== y.source || x.name !== y.name || x.local !== y.local || x.namespace !== y.namespace || x.reexport !== y.reexport) return false;
  }
  return outwardBindings(a) === outwardBindings(b) && outwardValues(a) === outwardValues(b);
}

/**
 * The bindings other files read: field types, module-level variables (`engine = Engine()` is called through
 * from other modules) and the values functions return by name (`g = make(); g()` elsewhere).
 */
function outwardBindings(r: FileRecord): string {
  return r.bindings
    .filter((x) => x.field || x.scope === undefined || x.name === 'return')
    .map((x) => `${x.name}\0${x.type}\0${x.scope}\0${x.fromCall}\0${x.alias}\0${x.collection}`)
    .join('\n');
}

/** JS: what functions return and what `module.exports` holds are read by the files that call them. */
function outwardValues(r: FileRecord): string {
  return (r.values ?? []).filter((v) => v.kind === 'return' || v.kind === 'export').map((v) => `${v.kind}\0${v.scope}\0${v.ref}`).join('\n');
}

/**
 * Sizes the call arrays for a snapshot's edges before they are read (see CallEdges.reserve). Counted from the
 * numbers without trusting them: a count that is not a plausible integer stops the count, and the reader, which
 * checks every number, refuses the snapshot.
 */
function reserveFor(calls: CallEdges, numbers: ArrayLike<number>): void {
  let edges = 0;
  let sites = 0;
  for (let at = 0; at + 4 < numbers.length; ) {
    const n = numbers[at + 4];
    if (!Number.isSafeInteger(n) || n < 0 || n > numbers.length) break;
    edges++;
    sites += n;
    at += 5 + 3 * n;
  }
  calls.reserve(edges, sites);
}
