import type { SymbolTable } from './symbol-table';
import { dirOf } from './symbol-table';

/**
 * Build and package facts read from disk by the engine (the graph layer reads no files):
 * go.mod module paths, Cargo crate source roots, tsconfig `paths`, workspace package names.
 */
export interface ProjectConfig {
  goModules: { dir: string; module: string }[];
  rustCrates: { srcDir: string }[];
  tsPaths: { baseDir: string; pattern: string; targets: string[] }[];
  jsPackages: { name: string; dir: string; entry?: string }[];
}

export const EMPTY_PROJECT: ProjectConfig = { goModules: [], rustCrates: [], tsPaths: [], jsPackages: [] };

export type ModuleTarget = { files: string[] } | { external: true } | undefined;

const JS_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** Resolves import specifiers to workspace files, per language family. */
export class ModuleResolver {
  private readonly pythonModules = new Map<string, string>();

  constructor(
    private readonly table: SymbolTable,
    readonly config: ProjectConfig,
  ) {
    this.indexPython();
  }

  resolve(fromFile: string, family: string, source: string): ModuleTarget {
    switch (family) {
      case 'js':
        return this.resolveJs(fromFile, source);
      case 'python':
        return this.resolvePython(fromFile, source);
      case 'go':
        return this.resolveGo(source);
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
      return undefined;
    }
    const file = this.pythonModules.get(source);
    return file ? { files: [file] } : { external: true };
  }

  // ---- Go ----------------------------------------------------------------------------------

  private resolveGo(importPath: string): ModuleTarget {
    for (const { dir, module } of this.config.goModules) {
      if (importPath !== module && !importPath.startsWith(`${module}/`)) continue;
      const pkgDir = joinPath(dir, importPath.slice(module.length + 1));
      const files = (this.table.filesByDir.get(pkgDir) ?? []).filter((f) => f.endsWith('.go'));
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
      // A child module of this file (`mod m;`), else an external crate.
      path = [...here.path];
      const child = this.rustFile(here.srcDir, [...path, rest[0]]);
      if (!child) return { external: true };
    }
    const file = this.rustFile(here.srcDir, [...path, ...rest]);
    return file ? { files: [file] } : undefined;
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
