import type { SymbolTable } from './symbol-table';
import { dirOf } from './symbol-table';

/**
 * Build and package facts read from disk by the engine (the graph layer reads no files):
 * go.mod module paths, Cargo crate source roots, tsconfig `paths`, workspace package names.
 */
export interface ProjectConfig {
  goModules: { dir: string; module: string }[];
  rustCrates: RustCrate[];
  tsPaths: { baseDir: string; pattern: string; targets: string[] }[];
  jsPackages: { name: string; dir: string; entry?: string }[];
}

/** A Cargo package of the workspace (src/engine/cargo-manifest.ts reads it). */
export interface RustCrate {
  /** The folder of its crate root (lib.rs or main.rs). */
  srcDir: string;
  /** The name `use` paths give it (`my-lib` → `my_lib`). */
  name?: string;
  /** Path dependencies by the name this crate uses for them → the dependency's manifest folder. */
  pathDeps?: Record<string, string>;
  /** The folder of its Cargo.toml. */
  dir?: string;
}

export const EMPTY_PROJECT: ProjectConfig = { goModules: [], rustCrates: [], tsPaths: [], jsPackages: [] };

export type ModuleTarget = { files: string[] } | { external: true } | undefined;

const JS_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** Resolves import specifiers to workspace files, per language family. */
export class ModuleResolver {
  private readonly pythonModules = new Map<string, string>();
  /**
   * Namespace packages (folders without `__init__.py`, PEP 420) under a source root such as `src/`: every dotted
   * tail of two or more parts (`plugins.sub.deep` for src/plugins/sub/deep.py), used when it names one file only.
   */
  private readonly pythonTails = new Map<string, string | null>();
  /** Dotted tails of folders holding Python files: `from plugins.formats import csv_format` names a namespace package. */
  private readonly pythonPackages = new Set<string>();

  constructor(
    private readonly table: SymbolTable,
    readonly config: ProjectConfig,
  ) {
    this.indexPython();
  }

  /**
   * Answers by importing file and specifier. Re-export chains ask the same barrel files for the same specifiers
   * once per imported name, which made linking a monorepo of `export *` barrels spend most of its time here. The
   * file set is fixed for a resolver's life (adding or removing a file rebuilds the graph), so answers stay true.
   */
  private readonly answers = new Map<string, Map<string, Map<string, ModuleTarget>>>();

  resolve(fromFile: string, family: string, source: string): ModuleTarget {
    // By family, file, then source: nested maps, not a concatenated key built and hashed on every call.
    let byFile = this.answers.get(family);
    if (!byFile) this.answers.set(family, (byFile = new Map()));
    let bySource = byFile.get(fromFile);
    if (!bySource) byFile.set(fromFile, (bySource = new Map()));
    const known = bySource.get(source);
    if (known !== undefined || bySource.has(source)) return known;
    const target = this.resolveUncached(fromFile, family, source);
    bySource.set(source, target);
    return target;
  }

  private resolveUncached(fromFile: string, family: string, source: string): ModuleTarget {
    switch (family) {
      case 'js':
        return this.resolveJs(fromFile, source);
      case 'python':
        return this.resolvePython(fromFile, source);
      case 'go':
        return this.resolveGo(fromFile, source);
      case 'rust':
        return this.resolveRustModule(fromFile, source.split('::'));
      default:
        return undefined;
    }
  }

  private has(file: string): boolean {
    return this.table.files.has(file);
  }

  // ---- JavaScript / TypeScript -------------------------------------------------------------

  private resolveJs(fromFile: string, source: string): ModuleTarget {
    if (source.startsWith('.')) {
      const file = this.jsFile(joinPath(dirOf(fromFile), source));
      return file ? { files: [file] } : undefined;
    }
    for (const { baseDir, pattern, targets } of this.config.tsPaths) {
      const star = pattern.indexOf('*');
      const matched = star < 0 ? (source === pattern ? '' : undefined) : source.startsWith(pattern.slice(0, star)) && source.endsWith(pattern.slice(star + 1)) ? source.slice(star, source.length - (pattern.length - star - 1)) : undefined;
      if (matched === undefined) continue;
      for (const target of targets) {
        const file = this.jsFile(joinPath(baseDir, target.replace('*', matched)));
        if (file) return { files: [file] };
      }
    }
    for (const pkg of this.config.jsPackages) {
      if (source !== pkg.name && !source.startsWith(`${pkg.name}/`)) continue;
      const sub = source.slice(pkg.name.length + 1);
      const candidates = sub ? [joinPath(pkg.dir, sub), joinPath(pkg.dir, `src/${sub}`)] : [pkg.entry ? joinPath(pkg.dir, pkg.entry) : '', joinPath(pkg.dir, 'src/index'), joinPath(pkg.dir, 'index')];
      for (const c of candidates) {
        const file = c && this.jsFile(c);
        if (file) return { files: [file] };
      }
    }
    return { external: true };
  }

  private jsFile(base: string): string | undefined {
    if (this.has(base)) return base;
    // TypeScript's ESM style imports './x.js' for './x.ts'.
    const stripped = base.replace(/\.(m|c)?jsx?$/, '');
    for (const b of stripped === base ? [base] : [stripped, base]) {
      for (const ext of JS_EXTENSIONS) if (this.has(b + ext)) return b + ext;
      for (const ext of JS_EXTENSIONS) if (this.has(`${b}/index${ext}`)) return `${b}/index${ext}`;
    }
    return undefined;
  }

  // ---- Python ------------------------------------------------------------------------------

  /** Every .py file under its dotted name, counted from the top of its package (and from the root). */
  private indexPython(): void {
    const initDirs = new Set<string>();
    for (const file of this.table.files.keys()) if (/(^|\/)__init__\.pyi?$/.test(file)) initDirs.add(dirOf(file));
    for (const file of this.table.files.keys()) {
      if (!/\.pyi?$/.test(file)) continue;
      const parts = file.replace(/\.pyi?$/, '').split('/');
      if (parts[parts.length - 1] === '__init__') parts.pop();
      // Climb while the folder is a package: the dotted name starts below the first folder that is not.
      let top = parts.length - 1;
      while (top > 0 && initDirs.has(parts.slice(0, top).join('/'))) top--;
      const fromPackageRoot = parts.slice(top).join('.');
      const fromRoot = parts.join('.');
      for (const dotted of [fromPackageRoot, fromRoot]) {
        if (dotted && !this.pythonModules.has(dotted)) this.pythonModules.set(dotted, file);
      }
      for (let i = 1; i < parts.length - 1; i++) {
        const tail = parts.slice(i).join('.');
        this.pythonTails.set(tail, this.pythonTails.has(tail) && this.pythonTails.get(tail) !== file ? null : file);
      }
      for (let i = 0; i < parts.length - 1; i++) this.pythonPackages.add(parts.slice(i, parts.length - 1).join('.'));
    }
  }

  private resolvePython(fromFile: string, source: string): ModuleTarget {
    const dots = /^\.+/.exec(source)?.[0].length ?? 0;
    if (dots > 0) {
      let dir = dirOf(fromFile);
      for (let i = 1; i < dots; i++) dir = dirOf(dir);
      const rest = source.slice(dots).split('.').filter(Boolean).join('/');
      const base = rest ? joinPath(dir, rest) : dir;
      for (const c of [`${base}.py`, `${base}.pyi`, `${base}/__init__.py`, `${base}/__init__.pyi`]) if (this.has(c)) return { files: [c] };
      // A namespace package: no file of its own, but `from . import mod` finds its modules.
      return this.table.filesByDir.has(base) ? { files: [] } : undefined;
    }
    const file = this.pythonModules.get(source) ?? this.pythonTails.get(source);
    if (file) return { files: [file] };
    return this.pythonPackages.has(source) ? { files: [] } : { external: true };
  }

  // ---- Go ----------------------------------------------------------------------------------

  /**
   * A Go import path: a package of a workspace module (`example.com/app/store` under the go.mod that says
   * `module example.com/app`), of the standard library's own module (GOROOT/src/go.mod says `module std` and its
   * packages are imported by bare path: `strings`, `net/http`), or vendored (`vendor/golang.org/x/net/…` beside a
   * go.mod, the importing file's module first).
   */
  /**
   * A Go package's files by folder, one list per package: every importer gets the same list, so what is looked up
   * per module list (ModuleExports.exportedFrom: `fmt.Println`) is answered once per package, not once per importer.
   */
  private readonly goPackages = new Map<string, string[]>();

  private goPackageFiles(pkgDir: string): string[] {
    let files = this.goPackages.get(pkgDir);
    if (!files) this.goPackages.set(pkgDir, (files = (this.table.filesByDir.get(pkgDir) ?? []).filter((f) => f.endsWith('.go'))));
    return files;
  }

  private resolveGo(fromFile: string, importPath: string): ModuleTarget {
    const packageFiles = (pkgDir: string) => this.goPackageFiles(pkgDir);
    for (const { dir, module } of this.config.goModules) {
      let rel: string | undefined;
      if (module === 'std') rel = isStandardImportPath(importPath) ? importPath : undefined;
      else if (importPath === module || importPath.startsWith(`${module}/`)) rel = importPath.slice(module.length + 1);
      const files = rel === undefined ? [] : packageFiles(joinPath(dir, rel));
      if (files.length) return { files };
    }
    const enclosing = this.config.goModules.filter((m) => m.dir === '' || fromFile.startsWith(`${m.dir}/`)).sort((a, b) => b.dir.length - a.dir.length);
    for (const { dir } of [...enclosing, ...this.config.goModules.filter((m) => !enclosing.includes(m))]) {
      const files = packageFiles(joinPath(dir, `vendor/${importPath}`));
      if (files.length) return { files };
    }
    return { external: true };
  }

  // ---- Rust --------------------------------------------------------------------------------

  /** The module path (crate-relative segments) of a Rust file, and its crate's source dir. */
  rustModulePath(file: string): { srcDir: string; path: string[] } | undefined {
    const crate = this.config.rustCrates.filter((c) => file.startsWith(c.srcDir ? `${c.srcDir}/` : '')).sort((a, b) => b.srcDir.length - a.srcDir.length)[0];
    if (!crate) return undefined;
    const rel = (crate.srcDir ? file.slice(crate.srcDir.length + 1) : file).replace(/\.rs$/, '').split('/');
    const last = rel[rel.length - 1];
    if (last === 'mod' || (rel.length === 1 && (last === 'lib' || last === 'main'))) rel.pop();
    return { srcDir: crate.srcDir, path: rel };
  }

  private rustFile(srcDir: string, path: string[]): string | undefined {
    if (path.length === 0) {
      for (const root of ['lib.rs', 'main.rs']) if (this.has(joinPath(srcDir, root))) return joinPath(srcDir, root);
      return undefined;
    }
    const base = joinPath(srcDir, path.join('/'));
    for (const c of [`${base}.rs`, `${base}/mod.rs`]) if (this.has(c)) return c;
    return undefined;
  }

  /** Resolves `crate::a::b`, `super::x`, `self::y`, or a child module `m` of the current file. */
  resolveRustModule(fromFile: string, segments: string[]): ModuleTarget {
    const here = this.rustModulePath(fromFile);
    if (!here) return { external: true };
    let path: string[];
    let rest = segments;
    if (rest[0] === 'crate') {
      path = [];
      rest = rest.slice(1);
    } else if (rest[0] === 'self' || rest[0] === 'super') {
      path = [...here.path];
      while (rest[0] === 'self' || rest[0] === 'super') {
        if (rest[0] === 'super') path.pop();
        rest = rest.slice(1);
      }
    } else {
      // A child module of this file (`mod m;`), else another crate: a workspace member or path dependency
      // (`use other_crate::f`), or one from crates.io.
      path = [...here.path];
      const child = this.rustFile(here.srcDir, [...path, rest[0]]);
      if (!child) {
        const crate = this.workspaceCrate(here.srcDir, rest[0]);
        if (!crate) return { external: true };
        const file = this.rustFile(crate.srcDir, rest.slice(1));
        return file ? { files: [file] } : undefined;
      }
    }
    const file = this.rustFile(here.srcDir, [...path, ...rest]);
    return file ? { files: [file] } : undefined;
  }

  /**
   * A path into an inline module (`mod inner { pub mod deeper { pub fn deep() {} } }`, used as
   * `inner::deeper::deep` or `crate::a::inner::f`): the file that declares it and the item's qualified name
   * there (`inner.deeper.deep`), when that file has such a symbol.
   */
  rustInlineItem(fromFile: string, segments: string[]): { file: string; qualified: string } | undefined {
    let lead = 0;
    while (lead < segments.length - 1 && (segments[lead] === 'crate' || segments[lead] === 'self' || segments[lead] === 'super')) lead++;
    for (let k = segments.length - 1; k >= lead; k--) {
      const target = k === 0 ? { files: [fromFile] } : this.resolveRustModule(fromFile, segments.slice(0, k));
      if (!target || !('files' in target)) continue;
      const qualified = segments.slice(k).join('.');
      const file = target.files.find((f) => this.table.byQualified.get(qualified)?.some((s) => s.file === f));
      if (file) return { file, qualified };
    }
    return undefined;
  }

  /** The workspace crate `name` denotes from the crate at `fromSrcDir`: its path dependency of that name, else the member so named. */
  private workspaceCrate(fromSrcDir: string, name: string): RustCrate | undefined {
    const from = this.config.rustCrates.find((c) => c.srcDir === fromSrcDir);
    const depDir = from?.pathDeps?.[name];
    if (depDir !== undefined) {
      const dep = this.config.rustCrates.find((c) => c.dir === depDir);
      if (dep) return dep;
    }
    return this.config.rustCrates.find((c) => c.name === name && c.srcDir !== fromSrcDir);
  }
}

export function joinPath(dir: string, rel: string): string {
  const parts = dir ? dir.split('/') : [];
  for (const seg of rel.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return parts.join('/');
}

/** The standard library's import paths have no domain in their first element (`net/http`, not `golang.org/x/net`). */
function isStandardImportPath(importPath: string): boolean {
  return !importPath.split('/')[0].includes('.');
}
