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

  /** The symbols a module file exports under `name`, following re-export chains. */
  exported(file: string, name: string, family: string, depth = 0): IndexedSymbol[] {
    if (depth > MAX_REEXPORT_DEPTH) return [];
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
