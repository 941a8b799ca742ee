import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Finds the runtime and grammar .wasm files and the query files. The bundles (dist/*.js) find them beside
 * themselves (esbuild.mjs copies them to dist/wasm and dist/queries); compiled tests and tsx runs find them in
 * node_modules and the repository's queries/ folder.
 */
function candidates(kind: 'wasm' | 'queries'): string[] {
  const here = __dirname;
  return [path.join(here, kind), path.join(here, '..', kind), path.join(here, '..', '..', kind), path.join(here, '..', '..', '..', kind)];
}

export function locateWasm(file: string, pkg: string): string {
  for (const dir of candidates('wasm')) {
    const p = path.join(dir, file);
    if (fs.existsSync(p)) return p;
  }
  return require.resolve(`${pkg}/${file}`);
}

export function locateQuery(file: string): string {
  for (const dir of candidates('queries')) {
    const p = path.join(dir, file);
    if (fs.existsSync(p)) return p;
  }
  throw new Error(`query file ${file} not found next to ${__dirname}`);
}
