import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Ignore } from 'ignore';
import { languageForPath } from '../index/languages';
import { compileIgnoreRules } from './ignore-rules';

/** Folders that are never source: dependencies, build output, caches, VCS data. */
export const DEFAULT_EXCLUDED_DIRS = [
  'node_modules', '.git', '.hg', '.svn', '.sightline', '.vscode-test', 'dist', 'out', 'build', 'target',
  '__pycache__', '.venv', 'venv', '.tox', '.mypy_cache', '.pytest_cache', '.next', '.nuxt', 'coverage', 'bower_components',
];

export const CONFIG_FILE_NAMES = new Set(['go.mod', 'Cargo.toml', 'tsconfig.json', 'jsconfig.json', 'package.json']);

export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

export type SkipReason = 'too_large' | 'binary' | 'minified' | 'generated' | 'unreadable';

export interface ScanOptions {
  maxFileBytes: number;
  /** Extra gitignore-style patterns from the user's settings. */
  exclude: string[];
}

export interface ScannedFile {
  rel: string;
  abs: string;
  size: number;
  mtimeMs: number;
}

export interface ScanResult {
  files: ScannedFile[];
  /** Markdown documents (retrieval reads them; the code index does not), under the same ignore rules and size limit. */
  docs: ScannedFile[];
  /** Build files that decide import resolution (go.mod, Cargo.toml, tsconfig.json, package.json). */
  configFiles: string[];
  /** Source files passed over, by reason (ignored and excluded paths are not counted: they are not ours); an unreadable folder counts once, as `dir/`. */
  skipped: Map<string, SkipReason>;
  /** Ignore rules (from .gitignore files and the exclude setting) skipped as unusable, by the file that held them. */
  skippedIgnoreRules: Map<string, number>;
}

/**
 * Lists the workspace's source files: those of a supported language, not ignored by any .gitignore on the
 * way down, not in an excluded folder, not over the size limit. Symlinks are not followed, so nothing
 * outside the root is ever read.
 */
export function scanWorkspace(root: string, options: ScanOptions): ScanResult {
  const files: ScannedFile[] = [];
  const docs: ScannedFile[] = [];
  const skipped = new Map<string, SkipReason>();
  const configFiles: string[] = [];
  const skippedIgnoreRules = new Map<string, number>();
  const user = compileIgnoreRules(options.exclude);
  if (user.skipped) skippedIgnoreRules.set('sightline.index.exclude', user.skipped);
  const userIgnore = user.ig;
  const walk = (dirAbs: string, dirRel: string, rules: { base: string; ig: Ignore }[]) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dirAbs, { withFileTypes: true });
    } catch {
      // A folder we may not list (permissions) hides files from the index: it is counted, not silently passed over.
      if (dirRel) skipped.set(`${dirRel}/`, 'unreadable');
      return;
    }
    const gitignore = entries.find((e) => e.isFile() && e.name === '.gitignore');
    if (gitignore) {
      try {
        const compiled = compileIgnoreRules(fs.readFileSync(path.join(dirAbs, '.gitignore'), 'utf8'));
        if (compiled.skipped) skippedIgnoreRules.set(dirRel ? `${dirRel}/.gitignore` : '.gitignore', compiled.skipped);
        rules = [...rules, { base: dirRel, ig: compiled.ig }];
      } catch {
        // An unreadable .gitignore ignores nothing.
      }
    }
    for (const entry of entries) {
      const rel = dirRel ? `${dirRel}/${entry.name}` : entry.name;
      const isDir = entry.isDirectory();
      if (!isDir && !entry.isFile()) continue;
      if (isDir && DEFAULT_EXCLUDED_DIRS.includes(entry.name)) continue;
      const probe = isDir ? `${rel}/` : rel;
      if (userIgnore.ignores(probe)) continue;
      if (rules.some(({ base, ig }) => ig.ignores(base ? probe.slice(base.length + 1) : probe))) continue;
      const abs = path.join(dirAbs, entry.name);
      if (isDir) {
        walk(abs, rel, rules);
        continue;
      }
      if (CONFIG_FILE_NAMES.has(entry.name)) configFiles.push(rel);
      if (isMarkdownPath(entry.name)) {
        const stat = statOrUndefined(abs);
        // Docs are not source: an unreadable or oversized one is passed over without counting as a skipped file.
        if (stat && stat.size <= options.maxFileBytes) docs.push({ rel, abs, size: stat.size, mtimeMs: stat.mtimeMs });
        continue;
      }
      if (!languageForPath(entry.name)) continue;
      const stat = statOrUndefined(abs);
      if (!stat) {
        skipped.set(rel, 'unreadable');
        continue;
      }
      if (stat.size > options.maxFileBytes) {
        skipped.set(rel, 'too_large');
        continue;
      }
      files.push({ rel, abs, size: stat.size, mtimeMs: stat.mtimeMs });
    }
  };
  walk(root, '', []);
  const byPath = (a: ScannedFile, b: ScannedFile) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0);
  files.sort(byPath);
  docs.sort(byPath);
  return { files, docs, skipped, configFiles, skippedIgnoreRules };
}

export function isMarkdownPath(name: string): boolean {
  return /\.(md|markdown|mdx)$/i.test(name);
}

function statOrUndefined(abs: string): fs.Stats | undefined {
  try {
    return fs.statSync(abs);
  } catch {
    return undefined;
  }
}

const GENERATED_MARKERS = /^(\/\/|#|\/\*)\s*(Code generated .* DO NOT EDIT|@generated|This file is automatically generated|Generated by)/m;

/** Content checks that need the bytes: binary, minified and generated files are not worth indexing. */
export function contentSkipReason(rel: string, bytes: Buffer): SkipReason | undefined {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return 'binary';
  if (/\.min\.(js|mjs|cjs)$/.test(rel)) return 'minified';
  const text = head.toString('utf8');
  if (GENERATED_MARKERS.test(text.split('\n').slice(0, 5).join('\n'))) return 'generated';
  if (bytes.length > 2048) {
    const lines = bytes.toString('utf8', 0, Math.min(bytes.length, 65536)).split('\n');
    const longest = lines.reduce((m, l) => Math.max(m, l.length), 0);
    const average = bytes.length / Math.max(1, lines.length);
    if (longest > 2000 && average > 300) return 'minified';
  }
  return undefined;
}
