import * as fs from 'node:fs';
import * as path from 'node:path';

declare const __SIGHTLINE_VERSION__: string | undefined;

/** The package version: inlined by esbuild into bundles, read from package.json when run from compiled sources. */
export function sightlineVersion(): string {
  if (typeof __SIGHTLINE_VERSION__ === 'string') return __SIGHTLINE_VERSION__;
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'sightline' && pkg.version) return pkg.version;
    }
  }
  return '0.0.0';
}
