// Packages Sightline the way it is shipped (`vsce package`, which builds first through vscode:prepublish), then
// runs test/integration/packaged inside a real VS Code that has only that .vsix installed: what a user gets,
// not the development folder. The .vsix goes to the git-ignored out/vsix/.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const vsix = path.join(root, 'out', 'vsix', `sightline-${version}.vsix`);

function run(cmd, args, env = process.env) {
  process.stdout.write(`[packaged] ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  if (r.error) throw new Error(`${cmd} could not start: ${r.error.message}`);
  return r.status ?? 1;
}

fs.rmSync(vsix, { force: true });
fs.mkdirSync(path.dirname(vsix), { recursive: true });
const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
process.stdout.write(`[packaged] vsce package --no-dependencies --out ${vsix}\n`);
const packaged = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', vsix], { cwd: root, encoding: 'utf8' });
process.stdout.write(`${packaged.stdout ?? ''}${packaged.stderr ?? ''}`);
if (packaged.status !== 0 || !fs.existsSync(vsix)) {
  process.stderr.write('[packaged] vsce package failed: no .vsix to test\n');
  process.exit(1);
}
// Marketplace-ready means vsce has nothing to warn about (no missing repository, icon, license …).
if (/\bWARNING\b/.test(`${packaged.stdout}${packaged.stderr}`)) {
  process.stderr.write('[packaged] vsce package printed a warning (above): fix package.json or .vscodeignore\n');
  process.exit(1);
}
// The bundles it just built (vscode:prepublish, --production) must not point at source maps the VSIX leaves out.
for (const file of ['dist/extension.js', 'dist/cli.js', 'dist/parse-worker.js', 'dist/media/blast-radius.js', 'dist/media/blast-radius.css']) {
  if (fs.readFileSync(path.join(root, file), 'utf8').includes('sourceMappingURL=')) {
    process.stderr.write(`[packaged] ${file} references a source map the VSIX does not ship\n`);
    process.exit(1);
  }
}
process.exit(run(process.execPath, [path.join(here, 'driver.mjs')], { ...process.env, SIGHTLINE_IT_VSIX: vsix, SIGHTLINE_IT_FOLDERS: 'editor-ts' }));
