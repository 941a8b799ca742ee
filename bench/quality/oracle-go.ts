import { execFileSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { goMethodShape } from '../../src/graph/signatures';
import type { IndexedSymbol } from '../../src/graph/symbol-table';
import type { OracleIncoming, SiteOracle, SiteRef } from './score-edges';
import type { SightlineIndex } from './sightline';
import { nameOffset, lineOf } from './sightline';

/**
 * The Go oracle: `callgraph` from Debian's golang-golang-x-tools over packages of the Go standard library that
 * the installed toolchain (golang-go, Go 1.19) ships, which is the same source as the bench's golang-1.19-src
 * corpus. One `-algo=cha` run answers both questions: its edges described as static calls are exactly what
 * `-algo=static` prints (checked on `std`: the same 56,441 edges), the direct calls; its "dynamic method call"
 * edges are interface method calls, resolved by class hierarchy analysis to every method of every type in the
 * program that implements the interface (dispatch).
 *
 * How answers map onto Sightline's symbols (by position, never by name alone):
 * - callee: callgraph prints the callee function's declaration position (`{{.Callee.Prog.Fset.Position
 *   .Callee.Pos}}`): file + line of its name, plus the last segment of its name (`(*net/http.Server).Serve`
 *   → `Serve`, generic instances `Index[int]` → `Index`), must match a Sightline function or method.
 * - caller: the Sightline symbol enclosing the call site (file:line:column), as for every other oracle, so
 *   closures (`Serve$1`) count as the function they are written in; package-level initialisers (`init`,
 *   no enclosing symbol) are module-level sites, counted apart.
 * - cannot be mapped, and left out: synthetic functions without a position (pointer wrappers, bound method
 *   closures, `init` dependency calls; their sites are `-`), anonymous function callees (`f$1()`, Sightline
 *   has no symbol for a func literal), and calls of func values (`-algo=cha` "dynamic function call": CHA
 *   matches them to every address-taken function of the same signature; counted, not scored).
 * - interface methods (no body) are never callees: they are not scored (`unmapped` in the report).
 * - files: only the files `go list` compiles for linux/amd64 (no `_test.go`, no other platforms) are
 *   analysed: targets are sampled there and Sightline callers elsewhere are not scored.
 */

const FORMAT = ['{{.Caller}}', '{{.Callee}}', '{{.Filename}}:{{.Line}}:{{.Column}}', '{{.Callee.Prog.Fset.Position .Callee.Pos}}', '{{.Description}}'].join('\t');
const EDGES_VERSION = 1;

export interface GoOracleStats {
  edges: number;
  funcValueCalls: number;
  synthetic: number;
  anonymousCallees: number;
  outsideCorpus: number;
}

interface GoEdge {
  site: SiteRef;
  dynamic: boolean;
}

export class GoOracle implements SiteOracle {
  /** Callee declaration key (`file:line:name`) → the sites that call it. */
  private readonly byCallee = new Map<string, GoEdge[]>();
  private readonly files: Set<string>;
  readonly stats: GoOracleStats = { edges: 0, funcValueCalls: 0, synthetic: 0, anonymousCallees: 0, outsideCorpus: 0 };
  /** `go1.19.8`: the toolchain whose GOROOT callgraph analysed. */
  readonly toolchain: string;

  constructor(
    private readonly index: SightlineIndex,
    packages: string[],
    cacheDir: string,
    log: (line: string) => void,
  ) {
    ensureCallgraph(log);
    this.toolchain = /go\d+(\.\d+)*/.exec(execFileSync('go', ['version'], { encoding: 'utf8' }))?.[0] ?? 'go';
    const src = path.join(execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim(), 'src');
    const goroot = fs.realpathSync(src);
    // callgraph prints GOROOT's own spelling (/usr/lib/go-1.19/src, a symlink to /usr/share/go-1.19/src).
    const prefixes = [...new Set([`${src}/`, `${goroot}/`])];
    this.files = new Set(goListFiles(packages, goroot));
    for (const line of this.run('cha', packages, goroot, cacheDir, log)) {
      const [, callee, site, decl, described] = line.split('\t');
      // `go f()` and `defer f()` are "concurrent …" / "deferred …" calls of the same kinds.
      const description = described.replace(/^(concurrent|deferred) /, '');
      if (description === 'dynamic function call') {
        this.stats.funcValueCalls++;
        continue;
      }
      const s = parsePos(site, prefixes);
      const d = parsePos(decl, prefixes);
      if (!s || !d) {
        this.stats.synthetic++;
        continue;
      }
      const name = shortName(callee);
      if (name.includes('$')) {
        this.stats.anonymousCallees++;
        continue;
      }
      if (!this.files.has(s.file) || !this.files.has(d.file)) {
        this.stats.outsideCorpus++;
        continue;
      }
      this.stats.edges++;
      const key = `${d.file}:${d.line}:${name}`;
      const list = this.byCallee.get(key) ?? [];
      list.push({ site: s, dynamic: description === 'dynamic method call' });
      this.byCallee.set(key, list);
    }
  }

  covers(file: string): boolean {
    return this.files.has(file);
  }

  /**
   * Every Go function or method with a body has an answer (no callers is an answer): callgraph builds SSA for all
   * of them. An interface method has no body and never appears as a callee (CHA names the implementations), so
   * it has no answer: scoring it would count Sightline's right `x.M()` → `Iface.M` edges as false.
   */
  async incoming(sym: IndexedSymbol): Promise<OracleIncoming | undefined> {
    if (!this.files.has(sym.file) || (sym.kind !== 'function' && sym.kind !== 'method')) return undefined;
    const owner = sym.parent === undefined ? undefined : this.index.graph.table.byFile.get(sym.file)?.[sym.parent];
    if (owner?.kind === 'interface') return undefined;
    const line = lineOf(this.index, sym.file, nameOffset(this.index, sym));
    const edges = this.byCallee.get(`${sym.file}:${line}:${sym.name}`) ?? [];
    return { direct: edges.filter((e) => !e.dynamic).map((e) => e.site), dispatch: edges.filter((e) => e.dynamic).map((e) => e.site) };
  }

  /**
   * CHA as x/tools 0.5 runs it resolves an interface call to every method of the same name and signature, whatever
   * the receiver's interface: `c.Write(b)` on a net.Conn lists (*compress/gzip.Writer).Write, which has no Read or
   * Close and can never be in a net.Conn (checked on the std answer: such a site lists all ~93 Write methods).
   * Sightline dispatches to the types whose method set satisfies the receiver's interface. A miss where Sightline
   * resolved the site to an interface method of the target's name and signature but left the target out is that.
   */
  artifact(sym: IndexedSymbol, siteTargets: string[]): string | undefined {
    if (sym.kind !== 'method' || siteTargets.includes(sym.id)) return undefined;
    const shape = goMethodShape(sym.signature, sym.name);
    const table = this.index.graph.table;
    for (const id of siteTargets) {
      const t = table.byId.get(id);
      if (!t || t.name !== sym.name || t.kind !== 'method' || t.parent === undefined) continue;
      if (table.byFile.get(t.file)?.[t.parent]?.kind !== 'interface') continue;
      if (shape !== undefined && goMethodShape(t.signature, t.name) === shape) {
        return "the callee's type does not satisfy the receiver's interface (by Sightline's method sets); CHA lists every method of that name and signature";
      }
    }
    return undefined;
  }

  /** callgraph's answer for the packages, cached in .bench-cache (a cold `std` run takes minutes). */
  private run(algo: 'cha', packages: string[], goroot: string, cacheDir: string, log: (line: string) => void): string[] {
    const version = execFileSync('go', ['version'], { encoding: 'utf8' }).trim();
    const key = crypto.createHash('sha256').update(JSON.stringify([EDGES_VERSION, version, algo, packages])).digest('hex').slice(0, 16);
    const file = path.join(cacheDir, `go-callgraph-${algo}-${key}.tsv`);
    if (!fs.existsSync(file)) {
      log(`running callgraph -algo=${algo} ${packages.join(' ')} (${version}; cached in ${path.relative(process.cwd(), file)})`);
      const out = execFileSync('callgraph', [`-algo=${algo}`, `-format=${FORMAT}`, ...packages], { cwd: goroot, encoding: 'utf8', maxBuffer: 1 << 30 });
      fs.mkdirSync(cacheDir, { recursive: true });
      fs.writeFileSync(`${file}.tmp`, out);
      fs.renameSync(`${file}.tmp`, file);
    }
    return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  }
}

/** Installs Debian's golang-go and golang-golang-x-tools (`/usr/bin/callgraph`) on first use. */
function ensureCallgraph(log: (line: string) => void): void {
  const has = (bin: string) => {
    try {
      execFileSync('sh', ['-c', `command -v ${bin}`], { stdio: 'pipe' });
      return true;
    } catch {
      return false;
    }
  };
  if (has('callgraph') && has('go')) return;
  log('installing golang-go and golang-golang-x-tools (callgraph) with apt-get');
  try {
    execFileSync('apt-get', ['install', '-y', 'golang-go', 'golang-golang-x-tools'], { stdio: 'pipe' });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'pipe' });
    execFileSync('apt-get', ['install', '-y', 'golang-go', 'golang-golang-x-tools'], { stdio: 'pipe' });
  }
}

/** The .go files (relative to GOROOT/src) that `go list` compiles for the packages and their dependencies. */
function goListFiles(packages: string[], goroot: string): string[] {
  const out = execFileSync('go', ['list', '-deps', '-f', '{{.Dir}}\t{{join .GoFiles ","}}\t{{join .CgoFiles ","}}', ...packages], { cwd: goroot, encoding: 'utf8', maxBuffer: 1 << 28 });
  return out.split('\n').filter(Boolean).flatMap((line) => {
    const [dir, goFiles, cgoFiles] = line.split('\t');
    const rel = path.relative(goroot, fs.realpathSync(dir));
    if (rel.startsWith('..')) return [];
    return [goFiles, cgoFiles].filter(Boolean).flatMap((list) => list.split(',')).map((f) => path.join(rel, f).split(path.sep).join('/'));
  });
}

/** `/usr/lib/go-1.19/src/net/http/server.go:120:5` → corpus-relative site (undefined for synthetic `-` / `:0:0`). */
function parsePos(text: string, prefixes: string[]): SiteRef | undefined {
  const m = /^(.*):(\d+):(\d+)$/.exec(text);
  if (!m || !m[1] || m[2] === '0') return undefined;
  const prefix = prefixes.find((p) => m[1].startsWith(p));
  return prefix ? { file: m[1].slice(prefix.length), line: Number(m[2]), character: Number(m[3]) } : undefined;
}

/**
 * What kind of call a missed site is, from the syntax before its `(` (callgraph's column is the parenthesis):
 * the per-cause table the call-graph engineers read to decide what to fix next.
 */
export function classifyGoSite(lineText: string, character: number, target: IndexedSymbol): string {
  const before = lineText.slice(0, Math.max(0, character - 1));
  const callee = /([\w.]+(?:\[[^\]]*\])?|\)\.\w+|\]\.\w+)$/.exec(before)?.[0] ?? '';
  const stmt = /^\s*(go|defer)\s/.exec(lineText)?.[1];
  const prefix = stmt ? `${stmt} ` : '';
  if (/\[[^\]]*\]$/.test(callee)) return `${prefix}generic instantiation F[T]()`;
  if (target.kind !== 'method') return `${prefix}${callee.includes('.') ? 'function pkg.F()' : 'function F()'}`;
  if (callee.startsWith(')')) return `${prefix}method on a call result f().M()`;
  if (callee.startsWith(']')) return `${prefix}method on an index expression x[i].M()`;
  const parts = callee.split('.');
  if (parts.length === 1) return `${prefix}method value or embedded call M()`;
  if (parts.length === 2) return `${prefix}method on a variable x.M()`;
  return `${prefix}method on a field chain x.f.M()`;
}

/** `(*net/http.Server).Serve` → `Serve`; `slices.Index[int]` → `Index`; `net/http.Serve$1` keeps its `$1`. */
export function shortName(ssaName: string): string {
  const plain = ssaName.replace(/\[.*\]$/, '');
  return plain.slice(plain.lastIndexOf('.') + 1);
}
