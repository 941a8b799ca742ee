import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

/**
 * The reference answer: TypeScript's own language service call hierarchy over the same files Sightline indexes.
 * Answers are raw positions (file, offset) so they can be cached on disk independently of how Sightline
 * extracts symbols; the comparison maps them onto Sightline's symbols.
 */

/** How the reference at a site is used: only `call` and `new` are calls in find_callers' sense. */
export type SiteUse = 'call' | 'new' | 'tagged' | 'decorator' | 'jsx' | 'ref';

/**
 * TS's call hierarchy merges a method with everything it shares a rename family with (base, overrides and
 * sibling implementations of one interface). Each site is therefore classified by the checker's static target:
 * `direct` = the target itself, `base` = a member the target overrides or implements (a call that may dispatch
 * to it), `family` = any other relative (a sibling's call that never reaches the target).
 */
export type SiteRelation = 'direct' | 'base' | 'family';

export interface OracleSite {
  file: string;
  pos: number;
  use: SiteUse;
  rel: SiteRelation;
}

export interface OracleCallee {
  /** The callee declaration's file and name offset (absent for declarations outside the corpus). */
  file: string;
  pos: number;
  name: string;
  sites: { pos: number; use: SiteUse }[];
}

/** A declaration inside the corpus, by file and the offset of its name. */
export interface OracleDecl {
  file: string;
  pos: number;
}

interface CacheShape {
  version: number;
  incoming: Record<string, OracleSite[] | null>;
  outgoing: Record<string, OracleCallee[] | null>;
  /**
   * Members each method overrides or implements, object-literal methods included (added later: an older cache
   * simply lacks it; `bases`, the class-only answers of earlier runs, is no longer read).
   */
  literalBases?: Record<string, OracleDecl[]>;
}

const CACHE_VERSION = 6;

export class Oracle {
  private readonly service: ts.LanguageService;
  private readonly cache: CacheShape;
  private dirty = false;
  private readonly rootFiles: Set<string>;

  constructor(
    private readonly root: string,
    files: string[],
    private readonly cacheFile: string | undefined,
  ) {
    this.rootFiles = new Set(files.map((f) => path.join(root, f)));
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      strict: true,
      allowJs: true,
      checkJs: false,
      jsx: ts.JsxEmit.Preserve,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    };
    // A workspace's own tsconfig `paths` decide its imports for the oracle as for the index.
    const tsconfig = path.join(root, 'tsconfig.json');
    if (fs.existsSync(tsconfig)) {
      const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(tsconfig, ts.sys.readFile).config ?? {}, ts.sys, root);
      if (parsed.options.paths) Object.assign(options, { paths: parsed.options.paths, baseUrl: parsed.options.baseUrl ?? root });
    }
    const texts = new Map<string, string>();
    const host: ts.LanguageServiceHost = {
      getCompilationSettings: () => options,
      getScriptFileNames: () => [...this.rootFiles],
      getScriptVersion: () => '1',
      getScriptSnapshot: (name) => {
        let text = texts.get(name);
        if (text === undefined) {
          if (!fs.existsSync(name)) return undefined;
          text = fs.readFileSync(name, 'utf8');
          texts.set(name, text);
        }
        return ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => root,
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    };
    this.service = ts.createLanguageService(host, ts.createDocumentRegistry());
    this.cache = this.loadCache();
  }

  private loadCache(): CacheShape {
    if (this.cacheFile && fs.existsSync(this.cacheFile)) {
      try {
        const c = JSON.parse(fs.readFileSync(this.cacheFile, 'utf8')) as CacheShape;
        if (c.version === CACHE_VERSION) return c;
      } catch {
        // A corrupt cache is rebuilt, never trusted.
      }
    }
    return { version: CACHE_VERSION, incoming: {}, outgoing: {} };
  }

  save(): void {
    if (!this.cacheFile || !this.dirty) return;
    fs.mkdirSync(path.dirname(this.cacheFile), { recursive: true });
    fs.writeFileSync(this.cacheFile, JSON.stringify(this.cache));
    this.dirty = false;
  }

  /** The parsed file (workspace-relative path), for scorers that enumerate declarations as TypeScript sees them. */
  sourceFile(file: string): ts.SourceFile | undefined {
    return this.service.getProgram()?.getSourceFile(path.join(this.root, file));
  }

  /**
   * What the name at (file, pos) refers to for the checker: its declarations, or undefined when TypeScript has no
   * symbol there (an untyped receiver in plain JavaScript: `layer.match()` on a parameter). Declarations outside
   * the corpus are given with an empty file.
   */
  symbolAt(file: string, pos: number): OracleDecl[] | undefined {
    const program = this.service.getProgram();
    const sf = program?.getSourceFile(path.join(this.root, file));
    const node = sf && innermostAt(sf, pos);
    if (!program || !node) return undefined;
    const checker = program.getTypeChecker();
    let sym = checker.getSymbolAtLocation(node);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    if (!sym?.declarations?.length) return undefined;
    return sym.declarations.map((d) => {
      const name = ts.getNameOfDeclaration(d) ?? d;
      const at = d.getSourceFile();
      return { file: this.rel(at.fileName) ?? '', pos: name.getStart(at) };
    });
  }

  private rel(abs: string): string | undefined {
    if (!this.rootFiles.has(abs)) return undefined;
    return path.relative(this.root, abs).split(path.sep).join('/');
  }

  /** Incoming call sites of the function or method named at (file, pos); null when TS sees no callable there. */
  incoming(file: string, pos: number): OracleSite[] | null {
    return this.cached(this.cache.incoming, file, pos, (abs) => {
      const related = this.relatives(abs, pos);
      return this.service.provideCallHierarchyIncomingCalls(abs, pos).flatMap((call) => {
        const from = this.rel(call.from.file);
        if (!from) return [];
        return call.fromSpans.map((span) => ({ file: from, pos: span.start, use: this.useAt(call.from.file, span.start), rel: this.relation(call.from.file, span.start, related) }));
      });
    });
  }

  /**
   * Outgoing calls of the function or method named at (file, pos), to declarations inside the corpus. An
   * overload signature has no body: the question goes to the implementation.
   */
  outgoing(file: string, pos: number): OracleCallee[] | null {
    return this.cached(this.cache.outgoing, file, pos, (abs) =>
      this.service.provideCallHierarchyOutgoingCalls(abs, this.implementationAt(abs, pos)).flatMap((call) => {
        const to = this.rel(call.to.file);
        if (!to) return [];
        const sites = call.fromSpans.map((s) => ({ pos: s.start, use: this.useAt(abs, s.start, s.length) }));
        return [{ file: to, pos: call.to.selectionSpan.start, name: call.to.name, sites }];
      }),
    );
  }

  /** One cached oracle question: answered only when TS has a call hierarchy item at the position. */
  private cached<T>(store: Record<string, T[] | null>, file: string, pos: number, ask: (abs: string) => T[]): T[] | null {
    const key = `${file}:${pos}`;
    if (key in store) return store[key];
    const abs = path.join(this.root, file);
    const items = this.service.prepareCallHierarchy(abs, pos);
    const result = items && (!Array.isArray(items) || items.length) ? ask(abs) : null;
    store[key] = result;
    this.dirty = true;
    return result;
  }

  /**
   * The corpus members the method named at (file, pos) overrides or implements, up the whole class/interface
   * hierarchy, or for an object literal's method the member of the type the literal is written for (what a call
   * through a base type may dispatch to it from). Members declared outside the corpus
   * (lib.d.ts `toString`, `Iterator.next`) have no callers in the corpus to ask about and are left out.
   */
  bases(file: string, pos: number): OracleDecl[] {
    const store = (this.cache.literalBases ??= {});
    const key = `${file}:${pos}`;
    if (key in store) return store[key];
    const out: OracleDecl[] = [];
    const abs = path.join(this.root, file);
    const program = this.service.getProgram();
    const sf = program?.getSourceFile(abs);
    const node = sf && innermostAt(sf, pos);
    const literal = node ? this.literalBases(node, program!.getTypeChecker()) : [];
    for (const base of [...this.relatives(abs, pos).bases, ...literal]) {
      for (const decl of base.declarations ?? []) {
        const name = ts.getNameOfDeclaration(decl);
        const at = decl.getSourceFile();
        const rel = this.rel(at.fileName);
        if (name && rel) out.push({ file: rel, pos: name.getStart(at) });
      }
    }
    store[key] = out;
    this.dirty = true;
    return out;
  }

  /** Where the declaration with a body of the symbol named at `pos` names it (`pos` itself when there is none). */
  private implementationAt(absFile: string, pos: number): number {
    const program = this.service.getProgram();
    const sf = program?.getSourceFile(absFile);
    const node = sf && innermostAt(sf, pos);
    const symbol = node && program!.getTypeChecker().getSymbolAtLocation(node);
    const impl = symbol?.declarations?.find((d) => (ts.isFunctionLike(d) && 'body' in d && d.body !== undefined && d.getSourceFile() === sf));
    const name = impl && ts.getNameOfDeclaration(impl);
    return name ? name.getStart(sf) : pos;
  }

  /** The target's own symbol and the members it overrides or implements, up the class/interface hierarchy. */
  private relatives(absFile: string, pos: number): { self?: ts.Symbol; bases: Set<ts.Symbol> } {
    const program = this.service.getProgram();
    const sf = program?.getSourceFile(absFile);
    const node = sf && innermostAt(sf, pos);
    if (!program || !node) return { bases: new Set() };
    const checker = program.getTypeChecker();
    const self = checker.getSymbolAtLocation(node);
    const bases = new Set<ts.Symbol>();
    const owner = node.parent?.parent;
    if (self && owner && (ts.isClassLike(owner) || ts.isInterfaceDeclaration(owner))) {
      const seen = new Set<ts.Type>();
      const visit = (t: ts.Type) => {
        // `extends Subscriber<T>` is a reference to the generic class: walk the class itself.
        const type = (((t as ts.ObjectType).objectFlags ?? 0) & ts.ObjectFlags.Reference ? (t as ts.TypeReference).target : t) ?? t;
        if (seen.has(type)) return;
        seen.add(type);
        const member = type.getProperty(self.name);
        if (member && member !== self) bases.add(member);
        for (const b of (type.isClassOrInterface() ? checker.getBaseTypes(type) : [])) visit(b);
        for (const decl of type.getSymbol()?.declarations ?? []) {
          if (!ts.isClassLike(decl)) continue;
          for (const clause of decl.heritageClauses ?? []) if (clause.token === ts.SyntaxKind.ImplementsKeyword) for (const t of clause.types) visit(checker.getTypeAtLocation(t));
        }
      };
      const own = checker.getTypeAtLocation(owner);
      for (const b of own.isClassOrInterface() ? checker.getBaseTypes(own) : []) visit(b);
      for (const clause of owner.heritageClauses ?? []) for (const t of clause.types) visit(checker.getTypeAtLocation(t));
    }
    return { self, bases };
  }

  /**
   * An object literal's method implements the member of the same name of the type the literal is written for (a
   * typed constant, a declared return type, an argument): `const proto: Logger = { pipe() {…} }` implements
   * Logger's `pipe` (Pipeable.pipe), exactly as a class that says `implements Logger` would. Only used for the
   * dispatch bases, so the cached call hierarchies stay valid.
   */
  private literalBases(node: ts.Node, checker: ts.TypeChecker): ts.Symbol[] {
    const member = node.parent;
    const literal = member?.parent;
    if (!member || !literal || !ts.isObjectLiteralExpression(literal) || !(ts.isMethodDeclaration(member) || ts.isPropertyAssignment(member))) return [];
    const self = checker.getSymbolAtLocation(node);
    const contextual = checker.getContextualType(literal);
    const name = self?.name;
    if (!contextual || !name) return [];
    const out: ts.Symbol[] = [];
    for (const t of contextual.isUnionOrIntersection() ? contextual.types : [contextual]) {
      const base = t.getProperty(name);
      if (base && base !== self && base.declarations?.some((d) => !literal.properties.includes(d as ts.ObjectLiteralElementLike))) out.push(base);
    }
    return out;
  }

  private relation(absFile: string, pos: number, related: { self?: ts.Symbol; bases: Set<ts.Symbol> }): SiteRelation {
    const program = this.service.getProgram();
    const sf = program?.getSourceFile(absFile);
    const node = sf && innermostAt(sf, pos);
    if (!program || !node || !related.self) return 'direct';
    const checker = program.getTypeChecker();
    let sym = checker.getSymbolAtLocation(node);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    if (!sym || sym === related.self) return 'direct';
    if (related.bases.has(sym)) return 'base';
    // Union/intersection receivers produce transient symbols: compare declarations.
    const decls = new Set(related.self.declarations ?? []);
    if (sym.declarations?.some((d) => decls.has(d))) return 'direct';
    for (const b of related.bases) if (sym.declarations?.some((d) => b.declarations?.includes(d))) return 'base';
    return 'family';
  }

  /** Whether the reference at `pos` is the callee of a call (TS also reports plain `obj.method` references). */
  private useAt(absFile: string, pos: number, length?: number): SiteUse {
    const sf = this.service.getProgram()?.getSourceFile(absFile);
    if (!sf) return 'ref';
    // Incoming spans cover the name; outgoing spans cover the whole callee expression (`ns.f`).
    let node = innermostAt(sf, pos);
    while (node && length !== undefined && node.getEnd() < pos + length && node.parent) node = node.parent;
    if (!node) return 'ref';
    const parent0 = node.parent;
    if (parent0 && (ts.isPropertyAccessExpression(parent0) && parent0.name === node)) node = parent0;
    while (node.parent && (ts.isParenthesizedExpression(node.parent) || ts.isNonNullExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent) || ts.isTypeAssertionExpression(node.parent))) node = node.parent;
    const p = node.parent;
    if (!p) return 'ref';
    if (ts.isCallExpression(p) && p.expression === node) return 'call';
    if (ts.isNewExpression(p) && p.expression === node) return 'new';
    if (ts.isTaggedTemplateExpression(p) && p.tag === node) return 'tagged';
    if (ts.isDecorator(p)) return 'decorator';
    if (ts.isJsxOpeningElement(p) || ts.isJsxSelfClosingElement(p)) return 'jsx';
    return 'ref';
  }
}

function innermostAt(sf: ts.SourceFile, pos: number): ts.Node | undefined {
  let node: ts.Node = sf;
  for (;;) {
    let next: ts.Node | undefined;
    ts.forEachChild(node, (c) => {
      if (next === undefined && c.getStart(sf) <= pos && pos < c.getEnd()) next = c;
    });
    if (!next) return node === sf ? undefined : node;
    node = next;
  }
}
