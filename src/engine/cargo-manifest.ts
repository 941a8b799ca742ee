import type { parse as parseToml } from 'smol-toml' with { 'resolution-mode': 'import' };
import type { RustCrate } from '../graph/modules';
import { joinPath } from '../graph/modules';

// smol-toml's types are written for ESM; its package also ships a CommonJS build, which this CommonJS code loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parse } = require('smol-toml') as { parse: typeof parseToml };

/**
 * One Cargo.toml as the resolver needs it: the crate it declares (the name code writes in `use`, hyphens
 * turned into underscores, `[lib] name` first), its source root, and the path dependencies it may rename
 * (`store = { path = "../storage", package = "storage" }` makes `use store::x` reach ../storage).
 * A `[workspace]`-only manifest declares no crate: its members carry their own Cargo.toml.
 * Unreadable TOML gives undefined; the caller skips the manifest.
 */
export function readCargoManifest(dir: string, text: string): RustCrate | undefined {
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const pkg = table(doc.package);
  const lib = table(doc.lib);
  if (!pkg && !lib) return undefined;
  const name = str(lib?.name) ?? str(pkg?.name);
  const libPath = str(lib?.path);
  const pathDeps: Record<string, string> = {};
  const crate: RustCrate = { srcDir: joinPath(dir, libPath ? dirOfPath(libPath) : 'src'), name: name?.replace(/-/g, '_'), pathDeps, dir };
  for (const section of ['dependencies', 'dev-dependencies', 'build-dependencies']) {
    for (const [key, spec] of Object.entries(table(doc[section]) ?? {})) {
      const path = str(table(spec)?.path);
      if (path) pathDeps[key.replace(/-/g, '_')] = joinPath(dir, path);
    }
  }
  return crate;
}

function table(x: unknown): Record<string, unknown> | undefined {
  return x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined;
}

function str(x: unknown): string | undefined {
  return typeof x === 'string' && x ? x : undefined;
}

function dirOfPath(p: string): string {
  const slash = p.lastIndexOf('/');
  return slash < 0 ? '.' : p.slice(0, slash);
}
