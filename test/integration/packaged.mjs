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
if (run(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--out', vsix]) !== 0 || !fs.existsSync(vsix)) {
  process.stderr.write('[packaged] vsce package failed: no .vsix to test\n');
  process.exit(1);
}
process.exit(run(process.execPath, [path.join(here, 'driver.mjs')], { ...process.env, SIGHTLINE_IT_VSIX: vsix, SIGHTLINE_IT_FOLDERS: 'editor-ts' }));
