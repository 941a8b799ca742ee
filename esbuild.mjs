// Builds the bundles into dist/ and copies the tree-sitter runtime, grammars and queries beside them.
// Exits non-zero on any error (esbuild's own errors, or a missing asset).
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { vscodeTargets } from './esbuild.vscode.mjs';

const require = createRequire(import.meta.url);
const root = path.dirname(new URL(import.meta.url).pathname);
const dist = path.join(root, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const watch = process.argv.includes('--watch');
// `vsce package` builds with --production: no source maps, so the VSIX ships no reference to a file it leaves out.
const production = process.argv.includes('--production');

const GRAMMARS = [
  ['tree-sitter-typescript', 'tree-sitter-typescript.wasm'],
  ['tree-sitter-typescript', 'tree-sitter-tsx.wasm'],
  ['tree-sitter-javascript', 'tree-sitter-javascript.wasm'],
  ['tree-sitter-python', 'tree-sitter-python.wasm'],
  ['tree-sitter-go', 'tree-sitter-go.wasm'],
  ['tree-sitter-rust', 'tree-sitter-rust.wasm'],
];

/** Reports errors in the problem-matcher format VS Code's esbuild tasks understand. */
const problemMatcher = {
  name: 'problem-matcher',
  setup(build) {
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  logLevel: 'warning',
  define: { __SIGHTLINE_VERSION__: JSON.stringify(pkg.version) },
  // The ESM build of web-tree-sitter breaks under esbuild (import.meta becomes {}): use its CommonJS file.
  alias: { 'web-tree-sitter': require.resolve('web-tree-sitter') },
  plugins: [problemMatcher],
};

/** Entry points: [input, output, extra options]. The extension bundle marks `vscode` external; the CLI must not. */
export const targets = [
  { entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js' },
  // The parse pool starts its workers from this file, found beside the bundle that uses the pool.
  { entryPoints: ['src/index/parse-worker.ts'], outfile: 'dist/parse-worker.js' },
];
targets.push(...vscodeTargets());
// The Blast Radius webview runs in the browser: no Node, no `vscode`; one script and one stylesheet in dist/media,
// the only folder the webview may load from.
targets.push({ entryPoints: ['media/blast-radius.ts', 'media/blast-radius.css'], outdir: 'dist/media', platform: 'browser', format: 'iife', target: 'es2022' });

function copyAssets() {
  fs.mkdirSync(path.join(dist, 'wasm'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'queries'), { recursive: true });
  fs.copyFileSync(require.resolve('web-tree-sitter/web-tree-sitter.wasm'), path.join(dist, 'wasm', 'web-tree-sitter.wasm'));
  for (const [pkgName, file] of GRAMMARS) {
    fs.copyFileSync(require.resolve(`${pkgName}/${file}`), path.join(dist, 'wasm', file));
  }
  for (const file of fs.readdirSync(path.join(root, 'queries'))) {
    if (file.endsWith('.scm')) fs.copyFileSync(path.join(root, 'queries', file), path.join(dist, 'queries', file));
  }
}

try {
  // The CLI bundle is checked for a stray `vscode` import: it is not external there, so the build fails on one.
  copyAssets();
  if (watch) {
    for (const t of targets) await (await esbuild.context({ ...common, ...t })).watch();
  } else {
    await Promise.all(targets.map((t) => esbuild.build({ ...common, ...t })));
    fs.chmodSync(path.join(dist, 'cli.js'), 0o755);
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
