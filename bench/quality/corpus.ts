import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Registry packages used as corpora, fetched once with `npm pack` into the git-ignored `.bench-cache/`.
 * The layout `.bench-cache/npm/<name>@<version>/package/` is shared with the speed bench, so a corpus is
 * downloaded once per checkout whichever bench runs first.
 */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const CACHE_DIR = path.join(REPO_ROOT, '.bench-cache');

export interface Corpus {
  /** `effect@3.22.4` */
  spec: string;
  /** The unpacked package folder. */
  root: string;
  /** Files to index and to ask the oracle about, relative to `root`, sorted. */
  files: string[];
}

export function fetchPackage(spec: string): string {
  const dir = path.join(CACHE_DIR, 'npm', spec);
  const pkg = path.join(dir, 'package');
  if (fs.existsSync(path.join(pkg, 'package.json'))) return pkg;
  fs.mkdirSync(dir, { recursive: true });
  const tgz = execFileSync('npm', ['pack', spec, '--silent'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop()!;
  execFileSync('tar', ['xzf', tgz], { cwd: dir });
  fs.rmSync(path.join(dir, tgz));
  return pkg;
}

/** The package's `src/` TypeScript sources (no declaration files: the oracle and the index see the same code). */
export function npmCorpus(spec: string): Corpus {
  const root = fetchPackage(spec);
  return { spec, root, files: listFiles(root, 'src', (f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts')) };
}

export function listFiles(root: string, sub: string, keep: (rel: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(child);
      } else if (keep(child)) out.push(child);
    }
  };
  walk(sub);
  return out.sort();
}
