import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ProjectConfig } from '../graph/modules';
import { joinPath } from '../graph/modules';
import { dirOf } from '../graph/symbol-table';
import { replaceComments } from '../common/text-match';
import { readCargoManifest } from './cargo-manifest';

/**
 * Reads the build files that decide how imports resolve: go.mod, Cargo.toml, tsconfig/jsconfig `paths`
 * and package.json names. Only files the scanner already listed as being in the workspace are consulted.
 */
export function readProjectConfig(root: string, configFiles: string[]): ProjectConfig {
  const config: ProjectConfig = { goModules: [], rustCrates: [], tsPaths: [], jsPackages: [] };
  for (const rel of configFiles) {
    const base = path.basename(rel);
    const dir = dirOf(rel);
    let text: string;
    try {
      text = fs.readFileSync(path.join(root, rel), 'utf8');
    } catch {
      continue;
    }
    if (base === 'go.mod') {
      const m = /^module\s+(\S+)/m.exec(text);
      if (m) config.goModules.push({ dir, module: m[1] });
    } else if (base === 'Cargo.toml') {
      const crate = readCargoManifest(dir, text);
      if (crate) config.rustCrates.push(crate);
    } else if (base === 'tsconfig.json' || base === 'jsconfig.json') {
      const parsed = parseJsonc(text) as { compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> } } | undefined;
      const opts = parsed?.compilerOptions;
      if (opts?.paths) {
        const baseDir = joinPath(dir, opts.baseUrl ?? '.');
        for (const [pattern, targets] of Object.entries(opts.paths)) config.tsPaths.push({ baseDir, pattern, targets });
      }
    } else if (base === 'package.json') {
      const parsed = parseJsonc(text) as { name?: string; main?: string; types?: string; source?: string } | undefined;
      if (parsed?.name) config.jsPackages.push({ name: parsed.name, dir, entry: (parsed.source ?? parsed.types ?? parsed.main)?.replace(/^\.\//, '') });
    }
  }
  // Longest module path first, so nested modules win over their parents.
  config.goModules.sort((a, b) => b.module.length - a.module.length);
  return config;
}

/** tsconfig allows comments and trailing commas. */
function parseJsonc(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      // Comments out, strings kept, by hand: the regex for it was quadratic on a run of unclosed `/*` or `\"`.
      const stripped = replaceComments(text, '', true).replace(/,(\s*[}\]])/g, '$1');
      return JSON.parse(stripped);
    } catch {
      return undefined;
    }
  }
}
