// Build targets of the VS Code half: the extension bundle and the integration tests that run inside the
// real extension host. Kept apart from the other targets so esbuild.mjs only spreads this list in.
// `vscode` is external for everything that runs in the extension host, and only there: the CLI bundle
// does not mark it external, so a stray import of `vscode` in the core fails that build.
import * as fs from 'node:fs';
import * as path from 'node:path';

// Spread over esbuild.mjs's common options (bundle, cjs, node20, aliases, version define).
const common = {
  // mocha reaches its reporters and workers through runtime paths; that is intended.
  logOverride: { 'unsupported-require-call': 'silent', 'unsupported-dynamic-import': 'silent', 'require-resolve-not-external': 'silent' },
};

function integrationEntries(dir = 'test/integration/suite') {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));
}

export function vscodeTargets() {
  return [
    { ...common, entryPoints: ['src/vscode/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
    { ...common, entryPoints: integrationEntries(), outdir: 'out/integration/suite', outbase: 'test/integration/suite', external: ['vscode'] },
    // The tests run against the installed .vsix (test/integration/packaged.mjs).
    { ...common, entryPoints: integrationEntries('test/integration/packaged'), outdir: 'out/integration/packaged', outbase: 'test/integration/packaged', external: ['vscode'] },
  ];
}
