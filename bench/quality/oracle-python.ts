import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { IndexedSymbol } from '../../src/graph/symbol-table';
import { LspClient } from './lsp-client';
import type { OracleIncoming, SiteOracle, SiteRef } from './score-edges';
import type { SightlineIndex } from './sightline';
import { lineOf, nameOffset } from './sightline';

/**
 * The Python oracle: pyright's call hierarchy (`textDocument/prepareCallHierarchy` + `callHierarchy/incomingCalls`
 * from `pyright-langserver --stdio`) over the bench's Debian Python 3.11 standard library corpus.
 *
 * pyright is installed on first use into `.bench-cache/tools/pyright` at an exact version (npm, not a
 * devDependency: it is 15 MB that only this benchmark uses, and the bench already fetches its corpora there).
 *
 * Making pyright see the corpus as the standard library: pyright resolves `import os` to its bundled typeshed
 * stub (`os/__init__.pyi`) before any local file, so a call of `os.fspath` in the corpus would never reach the
 * corpus's `os.py`. The oracle therefore runs with a minimal typeshed (`typeshedPath`) that keeps only the
 * stubs pyright needs to type builtins (builtins, typing, typing_extensions, _typeshed, types, abc,
 * _collections_abc, collections, sys); every other import resolves to the corpus itself. The corpus modules of
 * those kept stubs (`typing.py`, `types.py`, `abc.py`, `_collections_abc.py`, `collections/`) are left out of the
 * scoring: their callers resolve to the stubs.
 *
 * Dispatch: pyright's call hierarchy of a method lists the calls whose static target is that method. The calls
 * that may dispatch to an override are those of the members it overrides: the base classes named in the class
 * header are resolved with pyright's `textDocument/definition`, the same-named method of each base (up the
 * hierarchy) is located, and its incoming calls are the override's dispatch callers (`self.m()` in a base class
 * included).
 */

const PYRIGHT = 'pyright@1.1.414';
const KEPT_STUBS = ['builtins.pyi', 'typing.pyi', 'typing_extensions.pyi', '_typeshed', 'types.pyi', 'abc.pyi', '_collections_abc.pyi', 'collections', 'sys'];
const STUBBED = /^(typing|types|abc|_collections_abc)\.py$|^collections\//;
const CACHE_VERSION = 2;
const MAX_BASE_DEPTH = 4;

interface CacheShape {
  version: number;
  incoming: Record<string, OracleIncoming | null>;
}

export class PythonOracle implements SiteOracle {
  private client: LspClient | undefined;
  private ready: Promise<void> | undefined;
  private readonly opened = new Set<string>();
  private readonly cache: CacheShape;
  private dirty = false;
  /** Answers taken from pyright in this run (the rest came from the cache). */
  asked = 0;
  /** References pyright lists among incoming calls that are not calls (`handler = self.on_end`), set aside. */
  nonCallRefs = 0;
  /** Callers of base methods set aside because the call names the base explicitly. */
  explicitBaseCalls = 0;

  constructor(
    private readonly index: SightlineIndex,
    /** The folder that holds the corpus root (`.bench-cache/python`): pyright's workspace, where its config goes. */
    private readonly workspace: string,
    /** The corpus root inside it (`usr/lib/python3.11`). */
    private readonly rootRel: string,
    private readonly toolsDir: string,
    private readonly cacheFile: string,
    private readonly log: (line: string) => void,
  ) {
    this.cache = loadCache(cacheFile);
  }

  covers(file: string): boolean {
    return file.endsWith('.py') && !STUBBED.test(file);
  }

  async incoming(sym: IndexedSymbol): Promise<OracleIncoming | undefined> {
    if (!this.covers(sym.file) || (sym.kind !== 'function' && sym.kind !== 'method')) return undefined;
    const key = this.keyOf(sym);
    if (!(key in this.cache.incoming)) {
      this.cache.incoming[key] = (await this.ask(sym)) ?? null;
      this.dirty = true;
      this.asked++;
      if (this.asked % 25 === 0) this.save();
    }
    const answer = this.cache.incoming[key];
    if (!answer) return undefined;
    const calls = (sites: SiteRef[]) => sites.filter((site) => this.isCall(site, sym.name === '__init__' ? undefined : sym.name));
    return { direct: calls(answer.direct), dispatch: calls(answer.dispatch).filter((site) => !this.explicitBaseCall(site)) };
  }

  save(): void {
    if (!this.dirty) return;
    fs.mkdirSync(path.dirname(this.cacheFile), { recursive: true });
    fs.writeFileSync(`${this.cacheFile}.tmp`, JSON.stringify(this.cache));
    fs.renameSync(`${this.cacheFile}.tmp`, this.cacheFile);
    this.dirty = false;
  }

  async dispose(): Promise<void> {
    this.save();
    await this.client?.dispose();
  }

  private keyOf(sym: IndexedSymbol): string {
    return `${sym.file}:${lineOf(this.index, sym.file, nameOffset(this.index, sym))}:${sym.name}`;
  }

  private async ask(sym: IndexedSymbol): Promise<OracleIncoming | undefined> {
    const direct = await this.callsOf(sym);
    if (!direct) return undefined;
    // `C()` calls the class, which pyright's hierarchy lists under the class, not under `__init__`.
    const owner = sym.parent === undefined ? undefined : this.index.graph.table.byFile.get(sym.file)?.[sym.parent];
    if (sym.name === '__init__' && owner?.kind === 'class') direct.push(...((await this.callsOf(owner)) ?? []));
    const dispatch: SiteRef[] = [];
    for (const base of await this.baseMembers(sym)) dispatch.push(...((await this.callsOf(base)) ?? []));
    return { direct, dispatch };
  }

  /** pyright's incoming calls of the function at the symbol's name, as corpus sites (undefined: no call hierarchy item). */
  private async callsOf(sym: IndexedSymbol): Promise<SiteRef[] | undefined> {
    const client = await this.start();
    const uri = this.open(sym.file);
    const at = this.position(sym);
    const items = (await client.request('textDocument/prepareCallHierarchy', { textDocument: { uri }, position: at })) as any[] | null;
    if (!items?.length) return undefined;
    const calls = ((await client.request('callHierarchy/incomingCalls', { item: items[0] })) ?? []) as { from: { uri: string }; fromRanges: { start: { line: number; character: number } }[] }[];
    return calls.flatMap((call) => {
      const file = this.relative(call.from.uri);
      return file === undefined ? [] : call.fromRanges.map((r) => ({ file, line: r.start.line + 1, character: r.start.character + 1 }));
    });
  }

  /** The methods a method overrides, up its class hierarchy as pyright resolves the base class names. */
  private async baseMembers(sym: IndexedSymbol): Promise<IndexedSymbol[]> {
    const table = this.index.graph.table;
    const owner = sym.parent === undefined ? undefined : table.byFile.get(sym.file)?.[sym.parent];
    if (sym.kind !== 'method' || !owner || owner.kind !== 'class') return [];
    const out: IndexedSymbol[] = [];
    const seen = new Set<string>([owner.id]);
    let classes = [owner];
    for (let depth = 0; depth < MAX_BASE_DEPTH && classes.length; depth++) {
      const next: IndexedSymbol[] = [];
      for (const cls of classes) {
        for (const base of await this.baseClasses(cls)) {
          if (seen.has(base.id)) continue;
          seen.add(base.id);
          next.push(base);
          const member = (table.byFile.get(base.file) ?? []).find((m) => m.parent === base.local && m.name === sym.name && (m.kind === 'method' || m.kind === 'function'));
          if (member) out.push(member);
        }
      }
      classes = next;
    }
    return out;
  }

  /** The corpus classes a class header names as bases (`class D(B, mod.C):`), resolved by pyright's go-to-definition. */
  private async baseClasses(cls: IndexedSymbol): Promise<IndexedSymbol[]> {
    const client = await this.start();
    const text = this.index.texts.get(cls.file) ?? '';
    const header = /^[^(:]*\(([^)]*)\)\s*:/.exec(text.slice(nameOffset(this.index, cls), nameOffset(this.index, cls) + 2000));
    if (!header) return [];
    const start = nameOffset(this.index, cls) + header[0].indexOf('(') + 1;
    const out: IndexedSymbol[] = [];
    for (const m of header[1].matchAll(/[A-Za-z_][\w.]*/g)) {
      if (/^(metaclass|object)$/.test(m[0])) continue;
      // The last segment of a dotted base (`mod.C`) is what go-to-definition must be asked about.
      const offset = start + m.index! + m[0].lastIndexOf('.') + 1;
      const line = lineOf(this.index, cls.file, offset);
      const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
      const defs = (await client.request('textDocument/definition', { textDocument: { uri: this.open(cls.file) }, position: { line: line - 1, character: offset - lineStart } })) as { uri?: string; targetUri?: string; range?: any; targetSelectionRange?: any }[] | null;
      for (const d of defs ?? []) {
        const file = this.relative(d.uri ?? d.targetUri ?? '');
        const range = d.range ?? d.targetSelectionRange;
        if (file === undefined || !range) continue;
        const found = (this.index.graph.table.byFile.get(file) ?? []).find((s) => s.kind === 'class' && s.lineStart <= range.start.line + 1 && range.start.line + 1 <= s.lineEnd && s.name === m[0].slice(m[0].lastIndexOf('.') + 1));
        if (found) out.push(found);
      }
    }
    return out;
  }

  /**
   * `super().m()` and `Base.m(self)` name the base method explicitly: they never dispatch to an override, though
   * pyright lists them among the base method's callers. Set aside (an artifact of taking the base's callers).
   */
  private explicitBaseCall(site: SiteRef): boolean {
    const text = this.index.texts.get(site.file) ?? '';
    const lineStart = site.line === 1 ? 0 : nthLineStart(text, site.line);
    const before = text.slice(lineStart, lineStart + site.character - 1);
    const explicit = /\bsuper\([^()]*\)\.$/.test(before) || /(^|[^\w.])[A-Z]\w*\.$/.test(before);
    if (explicit) this.explicitBaseCalls++;
    return explicit;
  }

  /**
   * pyright's incoming calls include plain references (`parser.Handler = self.on_end`): a site counts as a call
   * when the name is followed by `(` or used as a decorator. (`__init__` sites are the class name in `C(…)`.)
   */
  private isCall(site: SiteRef, name: string | undefined): boolean {
    const text = this.index.texts.get(site.file) ?? '';
    const at = nthLineStart(text, site.line) + site.character - 1;
    const ident = name ?? /^\w+/.exec(text.slice(at, at + 200))?.[0] ?? '';
    const call = /^\s*\(/.test(text.slice(at + ident.length, at + ident.length + 200)) || /@\s*[\w.]*$/.test(text.slice(nthLineStart(text, site.line), at));
    if (!call) this.nonCallRefs++;
    return call;
  }

  private position(sym: IndexedSymbol): { line: number; character: number } {
    const offset = nameOffset(this.index, sym);
    const text = this.index.texts.get(sym.file) ?? '';
    return { line: lineOf(this.index, sym.file, offset) - 1, character: offset - (text.lastIndexOf('\n', offset - 1) + 1) };
  }

  private open(file: string): string {
    const abs = path.join(this.workspace, this.rootRel, file);
    const uri = pathToFileURL(abs).href;
    if (!this.opened.has(file)) {
      this.opened.add(file);
      this.client!.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version: 1, text: this.index.texts.get(file) ?? fs.readFileSync(abs, 'utf8') } });
    }
    return uri;
  }

  /** A file URI as a corpus-relative path; undefined outside the corpus (typeshed stubs). */
  private relative(uri: string): string | undefined {
    if (!uri.startsWith('file:')) return undefined;
    const rel = path.relative(path.join(this.workspace, this.rootRel), fileURLToPath(uri)).split(path.sep).join('/');
    return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel;
  }

  private start(): Promise<LspClient> {
    this.ready ??= (async () => {
      const server = installPyright(this.toolsDir, this.log);
      const typeshed = minimalTypeshed(this.toolsDir, path.dirname(server));
      fs.writeFileSync(
        path.join(this.workspace, 'pyrightconfig.json'),
        JSON.stringify({
          include: [this.rootRel],
          exclude: ['**/site-packages', '**/dist-packages'],
          typeshedPath: typeshed,
          executionEnvironments: [{ root: this.rootRel }],
          typeCheckingMode: 'off',
          pythonVersion: '3.11',
          pythonPlatform: 'Linux',
          useLibraryCodeForTypes: true,
        }),
      );
      this.client = new LspClient('node', [server, '--stdio'], () => null, (line) => process.env.QUALITY_DEBUG && this.log(`pyright: ${line}`));
      const uri = pathToFileURL(this.workspace).href;
      await this.client.request('initialize', { processId: process.pid, rootUri: uri, workspaceFolders: [{ uri, name: 'python' }], capabilities: { textDocument: { callHierarchy: {}, definition: {} }, workspace: { configuration: true, workspaceFolders: true } } });
      // pyright finds the workspace's files after `initialized`; a reference search before that sees open files only.
      const found = this.client.waitForLog(/Found \d+ source file/);
      this.client.notify('initialized', {});
      await found;
    })();
    return this.ready.then(() => this.client!);
  }
}

function nthLineStart(text: string, line: number): number {
  let at = 0;
  for (let l = 1; l < line && at >= 0; l++) at = text.indexOf('\n', at) + 1;
  return at;
}

function loadCache(file: string): CacheShape {
  try {
    const c = JSON.parse(fs.readFileSync(file, 'utf8')) as CacheShape;
    if (c.version === CACHE_VERSION) return c;
  } catch {
    // Missing or corrupt: rebuilt, never trusted.
  }
  return { version: CACHE_VERSION, incoming: {} };
}

/** `pyright-langserver`'s script, installed into the bench's tools folder on first use. */
function installPyright(toolsDir: string, log: (line: string) => void): string {
  const dir = path.join(toolsDir, 'pyright');
  const server = path.join(dir, 'node_modules', 'pyright', 'langserver.index.js');
  const version = PYRIGHT.split('@')[1];
  const installed = (() => {
    try {
      return (JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', 'pyright', 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      return undefined;
    }
  })();
  if (installed !== version) {
    log(`installing ${PYRIGHT} into ${path.relative(process.cwd(), dir)}`);
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('npm', ['install', '--no-save', '--no-package-lock', '--prefix', dir, PYRIGHT], { stdio: 'pipe' });
  }
  return server;
}

/** A typeshed holding only the stubs pyright needs for builtins, so every other stdlib import resolves to the corpus. */
function minimalTypeshed(toolsDir: string, pyrightDir: string): string {
  const full = path.join(pyrightDir, 'dist', 'typeshed-fallback', 'stdlib');
  const dir = path.join(toolsDir, `typeshed-minimal-${fs.readFileSync(path.join(pyrightDir, 'dist', 'typeshed-fallback', 'commit.txt'), 'utf8').trim().slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, 'stdlib', 'VERSIONS'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(path.join(dir, 'stdlib'), { recursive: true });
    for (const name of KEPT_STUBS) fs.cpSync(path.join(full, name), path.join(dir, 'stdlib', name), { recursive: true });
    const kept = new Set(KEPT_STUBS.map((n) => n.replace(/\.pyi$/, '')));
    const versions = fs.readFileSync(path.join(full, 'VERSIONS'), 'utf8').split('\n').filter((l) => kept.has(l.split(':')[0].trim()));
    fs.writeFileSync(path.join(dir, 'stdlib', 'VERSIONS'), `${versions.join('\n')}\n`);
  }
  return dir;
}

/**
 * What kind of call a missed site is, from the text before the name pyright reports (its range is the name):
 * the per-cause table the call-graph engineers read to decide what to fix next.
 */
export function classifyPythonSite(lineText: string, character: number, target: IndexedSymbol): string {
  const before = lineText.slice(0, Math.max(0, character - 1));
  const after = lineText.slice(character - 1 + target.name.length).trimStart();
  if (target.name === '__init__' && !before.endsWith('.')) return 'constructor C()';
  const called = after.startsWith('(') ? '' : ' (not followed by `(`: decorator, callback or multi-line)';
  if (/@\s*[\w.]*$/.test(before)) return 'decorator @f';
  if (/\bsuper\(\s*[\w, ]*\)\.$/.test(before)) return `super().m()${called}`;
  if (/\b(self|cls)\.$/.test(before)) return `${/\bself\.$/.test(before) ? 'self' : 'cls'}.m()${called}`;
  if (/\b(self|cls)\.\w+(\.\w+)*\.$/.test(before)) return `attribute chain self.a.m()${called}`;
  if (/\)\.$/.test(before)) return `method on a call result f().m()${called}`;
  if (/\]\.$/.test(before)) return `method on an index expression x[i].m()${called}`;
  if (/\w\.\w+\.$/.test(before)) return `${target.kind === 'method' ? 'method on an attribute chain a.b.m()' : 'function through a dotted module path a.b.f()'}${called}`;
  if (/\w\.$/.test(before)) return `${target.kind === 'method' ? 'method on a variable x.m()' : 'module attribute mod.f()'}${called}`;
  return `plain call f()${called}`;
}
