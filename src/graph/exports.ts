import type { FileRecord, ImportRecord } from '../index/records';
import type { Denotation } from './denotation';
import type { ModuleResolver } from './modules';
import type { IndexedSymbol, SymbolTable } from './symbol-table';

const MAX_REEXPORT_DEPTH = 8;

/**
 * What each file imports and exports: import bindings by local name, and the symbols a module exports under a
 * name through re-export chains (`export *`, `export { a as b }`, Python `__init__` and Rust `pub use`).
 */
export class ModuleExports {
  private readonly fileBindings = new Map<string, Map<string, Denotation>>();

  constructor(
    private readonly table: SymbolTable,
    private readonly modules: ModuleResolver,
  ) {}

  bindings(file: string, record: FileRecord, family: string): Map<string, Denotation> {
    let map = this.fileBindings.get(file);
    if (map) return map;
    map = new Map();
    this.fileBindings.set(file, map);
    for (const imp of record.imports) {
      if (imp.local === undefined || imp.reexport) continue;
      const d = this.denoteImport(file, family, imp);
      if (d && !map.has(imp.local)) map.set(imp.local, d);
    }
    return map;
  }

  private denoteImport(file: string, family: string, imp: ImportRecord): Denotation | undefined {
    const target = this.modules.resolve(file, family, imp.source);
    if (family === 'rust' && (!target || 'external' in target)) {
      // `use inner::deeper::deep` where `inner` is a `mod inner { … }` block, not a file.
      const inline = this.modules.rustInlineItem(file, [...imp.source.split('::'), ...(imp.name && !imp.namespace ? [imp.name] : [])]);
      const symbols = inline ? (this.table.byQualified.get(inline.qualified) ?? []).filter((s) => s.file === inline.file) : [];
      if (symbols.length) return { kind: 'symbols', symbols, resolution: 'import' };
    }
    if (!target) return undefined;
    if ('external' in target) return { kind: 'external' };
    if (imp.namespace) return { kind: 'module', files: target.files };
    if (family === 'python' || family === 'rust') {
      // `from pkg import mod` / `use crate::a::m` may name a module rather than a symbol.
      const sub = this.modules.resolve(file, family, family === 'python' ? `${imp.source}${imp.source.endsWith('.') ? '' : '.'}${imp.name}` : `${imp.source}::${imp.name}`);
      if (sub && 'files' in sub) return { kind: 'module', files: sub.files };
    }
    const symbols = target.files.flatMap((f) => this.exported(f, imp.name!, family, 0));
    if (symbols.length) return { kind: 'symbols', symbols, resolution: 'import' };
    if (imp.name === 'default') {
      // `export default class X` is captured as X: take the one top-level type or function named like the binding.
      const named = target.files.flatMap((f) => this.table.topLevel.get(f)?.get(imp.local!) ?? []);
      if (named.length) return { kind: 'symbols', symbols: named, resolution: 'import' };
    }
    return undefined;
  }

  /**
   * Answers of `exported` by file, name and family. A monorepo's barrels (`export * from './components'` over
   * hundreds of files) are walked once per name instead of once per import of it. Valid for the resolver's life:
   * an edit that changes a file's symbols or imports rebuilds the graph, and in-place updates keep the symbol
   * objects these lists hold.
   */
  private readonly exportedAnswers = new Map<string, IndexedSymbol[]>();
  /** Questions being answered further up the stack: a re-export cycle stops there. */
  private readonly asking = new Set<string>();
  /** Set while answering when a cycle or the depth limit cut the walk: such an answer is not kept. */
  private cut = false;

  /** Answers of `exportedFrom` by module (the resolver's own answer list, kept per specifier) and name. */
  private readonly byModule = new WeakMap<readonly string[], Map<string, IndexedSymbol[]>>();

  /**
   * The symbols a module exports under `name`, over all of its files: a Go package is every file of its folder,
   * and `fmt.Println` asked each of fmt's files at every call (2.4 s of a Go std index). Callers must not change
   * the list they get.
   */
  exportedFrom(files: readonly string[], name: string, family: string): IndexedSymbol[] {
    let byName = this.byModule.get(files);
    if (!byName) {
      byName = new Map();
      this.byModule.set(files, byName);
    }
    let found = byName.get(name);
    if (!found) {
      found = files.length === 1 ? this.exported(files[0], name, family, 0) : files.flatMap((f) => this.exported(f, name, family, 0));
      byName.set(name, found);
    }
    return found;
  }

  /** The symbols a module file exports under `name`, following re-export chains. */
  exported(file: string, name: string, family: string, depth = 0): IndexedSymbol[] {
    // A file that re-exports nothing exports its own top-level names only: no walk, so nothing to keep (Go std
    // asked 177k such questions, and building each one's key cost more than the answer).
    if (depth <= MAX_REEXPORT_DEPTH && !this.mayReexport(file, family)) return this.table.topLevel.get(file)?.get(name) ?? [];
    const key = `${family}\0${file}\0${name}`;
    const known = this.exportedAnswers.get(key);
    if (known) return known;
    if (this.exportNames(file, family)?.has(name) === false) return [];
    if (depth > MAX_REEXPORT_DEPTH || this.asking.has(key)) {
      this.cut = true;
      return [];
    }
    const cutAbove = this.cut;
    this.cut = false;
    this.asking.add(key);
    const found = this.exportedUncached(file, name, family, depth);
    this.asking.delete(key);
    if (!this.cut) this.exportedAnswers.set(key, found);
    this.cut ||= cutAbove;
    return found;
  }

  /**
   * Every name `file` can export (its top-level names, named re-exports, and the names of what it re-exports with
   * `export *`), for barrels only: most names asked of a barrel are not there, and proving that used to walk every
   * file under it. Undefined when a re-export cycle cut the walk (then there is no shortcut) or for a file without
   * star re-exports (its own lookup is already cheap).
   */
  private exportNames(file: string, family: string): ReadonlySet<string> | undefined {
    const key = `${family}\0${file}`;
    const known = this.namesByFile.get(key);
    if (known !== undefined) return known ?? undefined;
    const record = this.table.files.get(file);
    const names = record?.imports.some((imp) => imp.reexport && imp.name === '*') ? this.collectNames(file, family, new Set()) : undefined;
    this.namesByFile.set(key, names ?? null);
    return names;
  }

  /** By family and file; null: no shortcut for that file. */
  private readonly namesByFile = new Map<string, ReadonlySet<string> | null>();

  private collectNames(file: string, family: string, visiting: Set<string>): ReadonlySet<string> | undefined {
    const key = `${family}\0${file}`;
    const known = this.namesByFile.get(key);
    if (known) return known;
    if (visiting.has(file) || visiting.size > MAX_REEXPORT_DEPTH) return undefined;
    const record = this.table.files.get(file);
    const names = new Set<string>(this.table.topLevel.get(file)?.keys() ?? []);
    if (!record) return names;
    visiting.add(file);
    try {
      for (const imp of record.imports) {
        if (imp.local !== undefined && imp.name !== undefined && imp.name !== '*' && (imp.reexport || family !== 'js')) names.add(imp.local);
        if (!(imp.reexport && imp.name === '*')) continue;
        const target = this.modules.resolve(file, family, imp.source);
        if (!target || !('files' in target)) continue;
        for (const f of target.files) {
          const below = this.collectNames(f, family, visiting);
          if (!below) return undefined;
          for (const n of below) names.add(n);
        }
      }
      // Complete (nothing below was cut): true for every later question, whatever its depth.
      this.namesByFile.set(key, names);
      return names;
    } finally {
      visiting.delete(file);
    }
  }

  /** Files with an import `exportedUncached` follows (by family: only JS needs `export` to re-export a name). */
  private readonly reexporting = { js: new Map<string, boolean>(), other: new Map<string, boolean>() };

  private mayReexport(file: string, family: string): boolean {
    const known = family === 'js' ? this.reexporting.js : this.reexporting.other;
    let answer = known.get(file);
    if (answer === undefined) {
      const imports = this.table.files.get(file)?.imports ?? [];
      answer = imports.some((imp) => imp.name !== undefined && (imp.name === '*' ? imp.reexport === true : imp.reexport === true || family !== 'js'));
      known.set(file, answer);
    }
    return answer;
  }

  private exportedUncached(file: string, name: string, family: string, depth: number): IndexedSymbol[] {
    const top = this.table.topLevel.get(file)?.get(name);
    if (top?.length) return top;
    const record = this.table.files.get(file);
    if (!record) return [];
    for (const imp of record.imports) {
      const named = imp.local === name && imp.name !== undefined && imp.name !== '*';
      const star = imp.reexport && imp.name === '*';
      // JS re-exports need `export`; Python and Rust modules re-export whatever they import.
      if (!(named && (imp.reexport || family !== 'js')) && !star) continue;
      const target = this.modules.resolve(file, family, imp.source);
      if (!target || !('files' in target)) continue;
      const found = target.files.flatMap((f) => this.exported(f, star ? name : imp.name!, family, depth + 1));
      if (found.length) return found;
    }
    return [];
  }

  starImports(file: string, record: FileRecord, family: string): string[] {
    return record.imports
      .filter((i) => i.name === '*' && !i.reexport)
      .flatMap((i) => {
        const t = this.modules.resolve(file, family, i.source);
        return t && 'files' in t ? t.files : [];
      });
  }
}
