import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { contentSkipReason, DEFAULT_MAX_FILE_BYTES, scanWorkspace } from '../src/engine/scanner';
import { generateSynthetic } from './synthetic';

/**
 * The bench corpora: real code from the registries (npm tarballs, Debian packages), pinned where the
 * registry allows it, fetched once into `.bench-cache/` (git-ignored) and reused. Debian packages are
 * downloaded and unpacked (`apt-get download` + `dpkg-deb -x`), never installed, so the bench leaves the
 * system alone and the corpus is exactly the package's files.
 */
export const CACHE_DIR = path.resolve(__dirname, '..', '.bench-cache');

export interface CorpusSpec {
  name: string;
  /** What the table says about where the code came from. */
  source: string;
  kind: 'npm' | 'deb' | 'synthetic';
  /** npm `name@version`, or Debian package names (unpacked into one tree). */
  packages: string[];
  /** Folder inside the unpacked tree that is indexed. */
  root: string;
  /** Gitignore-style patterns skipped, by the index and the references alike (test data, vendored trees). */
  exclude?: string[];
  /** Synthetic corpora: lines of code to generate. */
  loc?: number;
  /** Not part of a plain `npm run bench`: only measured where named (`npm run quality`, `npm run bench:budget`). */
  qualityOnly?: boolean;
  /**
   * npm corpora of several packages laid out as a monorepo: each package's `package.json` and `src/` go to
   * `<root>/<name without scope>/` (the tarball's built `dist/` is left out), so imports between the packages
   * resolve through their package.json names as they would in the project's own checkout.
   */
  monorepo?: boolean;
}

const PATTERNFLY_PACKAGES = [
  '@patternfly/react-core@6.6.1',
  '@patternfly/react-table@6.6.1',
  '@patternfly/react-charts@8.6.1',
  '@patternfly/react-topology@6.6.0',
  '@patternfly/react-code-editor@6.6.1',
  '@patternfly/react-component-groups@6.5.0',
  '@patternfly/react-log-viewer@6.5.0',
  '@patternfly/react-user-feedback@6.3.0',
  '@patternfly/react-drag-drop@6.6.2',
  '@patternfly/react-templates@6.6.1',
  '@patternfly/react-data-view@6.4.0',
  '@patternfly/chatbot@6.5.0',
  '@patternfly/quickstarts@6.6.0',
];

export const CORPORA: readonly CorpusSpec[] = [
  { name: 'rxjs', source: 'npm rxjs@7.8.2 src/', kind: 'npm', packages: ['rxjs@7.8.2'], root: 'package/src' },
  { name: 'effect', source: 'npm effect@3.22.4 src/', kind: 'npm', packages: ['effect@3.22.4'], root: 'package/src' },
  // Plain CommonJS JavaScript without types (prototype methods, `app.use = function`, `exports.f = …`): the call-graph quality bench's JS corpus.
  { name: 'express', source: 'npm express@4.21.2 (lib/, index.js)', kind: 'npm', packages: ['express@4.21.2'], root: 'package', qualityOnly: true },
  // Plain JavaScript classes and arrow functions in CommonJS modules, which TypeScript's JS mode can follow.
  { name: 'semver', source: 'npm semver@7.7.3', kind: 'npm', packages: ['semver@7.7.3'], root: 'package', qualityOnly: true },
  // JSX-heavy React monorepo: PatternFly's React packages (components, their examples and demos in TSX), the
  // packages importing each other by name (`import { Button } from '@patternfly/react-core'`).
  {
    name: 'patternfly',
    source: 'npm @patternfly/react-* 6.x src/ (13 packages, TSX)',
    kind: 'npm',
    packages: PATTERNFLY_PACKAGES,
    root: 'packages',
    monorepo: true,
  },
  // A large plain CommonJS JavaScript tree (rules as object-literal methods, classes, `module.exports = { … }`): enough lines
  // for `npm run bench:budget` to measure plain-JS index time per line, which express and semver are too small for.
  { name: 'eslint', source: 'npm eslint@10.15.0 lib/', kind: 'npm', packages: ['eslint@10.15.0'], root: 'package/lib', qualityOnly: true },
  { name: 'monaco', source: 'npm monaco-editor@0.57.0 esm/', kind: 'npm', packages: ['monaco-editor@0.57.0'], root: 'package/esm' },
  {
    name: 'python',
    source: 'Debian python3.11 stdlib (/usr/lib/python3.11)',
    kind: 'deb',
    packages: ['libpython3.11-minimal', 'libpython3.11-stdlib', 'python3-lib2to3', 'python3-distutils'],
    root: 'usr/lib/python3.11',
    exclude: ['site-packages/', 'dist-packages/'],
  },
  { name: 'go', source: 'Debian golang-1.19-src src/', kind: 'deb', packages: ['golang-1.19-src'], root: 'usr/share/go-1.19/src', exclude: ['testdata/'] },
  { name: 'rust', source: 'Debian rust-src library/', kind: 'deb', packages: ['rust-src'], root: 'usr/src/rustc-1.63.0/library' },
  ...[100_000, 300_000, 1_000_000, 3_000_000].map((loc) => ({
    name: `synthetic-${loc >= 1e6 ? `${loc / 1e6}M` : `${loc / 1e3}k`}`,
    source: `generated TypeScript, ${loc.toLocaleString('en-US')} lines`,
    kind: 'synthetic' as const,
    packages: [],
    root: 'src',
    loc,
  })),
];

/** The corpora a plain `npm run bench` runs: every real one and the growth series. */
export const DEFAULT_CORPORA = CORPORA.filter((c) => !c.qualityOnly).map((c) => c.name);

export function corpusSpec(name: string): CorpusSpec {
  const spec = CORPORA.find((c) => c.name === name);
  if (!spec) throw new Error(`unknown corpus '${name}'; known: ${CORPORA.map((c) => c.name).join(', ')}`);
  return spec;
}

export interface CorpusFile {
  /** Workspace-relative, '/'-separated. */
  rel: string;
  abs: string;
  bytes: number;
}

export interface Corpus {
  spec: CorpusSpec;
  dir: string;
  /** Only files Sightline indexes (a known language extension), sorted. */
  files: CorpusFile[];
  bytes: number;
  /** Versions actually fetched (Debian versions move with security updates). */
  versions: string[];
  /** Files of an indexed language the Engine passes over (generated, minified, too large), '/'-separated: the peer is told to skip them too. */
  passedOver: string[];
}

/** Makes sure the corpus is on disk (fetching it on first use) and lists its indexable files. */
export function prepareCorpus(name: string, log: (line: string) => void = () => {}): Corpus {
  const spec = corpusSpec(name);
  const base = path.join(CACHE_DIR, spec.name);
  const marker = path.join(base, '.complete.json');
  if (!fs.existsSync(marker)) {
    fs.rmSync(base, { recursive: true, force: true });
    fs.mkdirSync(base, { recursive: true });
    log(`fetching corpus ${spec.name} (${spec.source}) into ${path.relative(process.cwd(), base)}`);
    const versions = fetchInto(spec, base);
    fs.writeFileSync(marker, JSON.stringify({ versions }));
  }
  const versions = (JSON.parse(fs.readFileSync(marker, 'utf8')) as { versions: string[] }).versions;
  const dir = path.join(base, spec.root);
  const { files, passedOver } = listFiles(dir, spec.exclude ?? []);
  return { spec, dir, files, bytes: files.reduce((n, f) => n + f.bytes, 0), versions, passedOver };
}

function fetchInto(spec: CorpusSpec, base: string): string[] {
  switch (spec.kind) {
    case 'npm':
      return spec.packages.map((pkg) => {
        const out = execFileSync('npm', ['pack', pkg, '--silent', '--pack-destination', base], { encoding: 'utf8' }).trim().split('\n').pop()!;
        execFileSync('tar', ['xzf', path.join(base, out), '-C', base]);
        fs.rmSync(path.join(base, out));
        if (spec.monorepo) moveIntoMonorepo(spec, base, pkg);
        return pkg;
      });
    case 'deb': {
      const download = path.join(base, '.debs');
      fs.mkdirSync(download, { recursive: true });
      aptDownload(spec.packages, download);
      return fs.readdirSync(download).filter((f) => f.endsWith('.deb')).map((deb) => {
        execFileSync('dpkg-deb', ['-x', path.join(download, deb), base]);
        return deb.replace(/_(all|amd64|arm64)\.deb$/, '').replace('_', '=');
      });
    }
    case 'synthetic':
      generateSynthetic(path.join(base, spec.root), spec.loc!);
      return [`synthetic ${spec.loc} LOC`];
  }
}

/** Keeps the just-unpacked `package/`'s package.json and src/ as `<root>/<name without scope>/`. */
function moveIntoMonorepo(spec: CorpusSpec, base: string, pkg: string): void {
  const unpacked = path.join(base, 'package');
  const name = pkg.replace(/@[^@/]*$/, '').replace(/^@[^/]+\//, '');
  const dest = path.join(base, spec.root, name);
  fs.mkdirSync(dest, { recursive: true });
  for (const keep of ['package.json', 'src']) {
    if (fs.existsSync(path.join(unpacked, keep))) fs.renameSync(path.join(unpacked, keep), path.join(dest, keep));
  }
  fs.rmSync(unpacked, { recursive: true, force: true });
}

function aptDownload(packages: string[], dir: string): void {
  try {
    execFileSync('apt-get', ['download', ...packages], { cwd: dir, stdio: 'pipe' });
  } catch {
    // A fresh machine has no package lists yet: refresh them once and try again.
    execFileSync('apt-get', ['update'], { stdio: 'pipe' });
    execFileSync('apt-get', ['download', ...packages], { cwd: dir, stdio: 'pipe' });
  }
}

/**
 * Exactly the files the Engine indexes (same scanner, same content checks), so every ratio compares like with like;
 * and the files of its languages it passes over (too large, generated, minified), which the peer must skip as well.
 */
function listFiles(dir: string, exclude: string[]): { files: CorpusFile[]; passedOver: string[] } {
  const scan = scanWorkspace(dir, { maxFileBytes: DEFAULT_MAX_FILE_BYTES, exclude });
  const files: CorpusFile[] = [];
  const passedOver = [...scan.skipped].filter(([rel, reason]) => reason === 'too_large' && !rel.endsWith('/')).map(([rel]) => rel);
  for (const f of scan.files) {
    if (contentSkipReason(f.rel, fs.readFileSync(f.abs))) passedOver.push(f.rel);
    else files.push({ rel: f.rel, abs: f.abs, bytes: f.size });
  }
  return { files, passedOver: passedOver.sort() };
}
