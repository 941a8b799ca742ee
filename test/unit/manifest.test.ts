import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './helpers';

/** package.json as the Marketplace and VS Code read it: what a user sees before installing, and on first run. */
const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));

describe('extension manifest (Marketplace-ready)', () => {
  it('has a 128×128 PNG icon and a gallery banner', () => {
    const png = fs.readFileSync(path.join(REPO_ROOT, pkg.icon));
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    // IHDR: width and height are the first two big-endian words of the first chunk.
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
    assert.match(pkg.galleryBanner.color, /^#[0-9a-f]{6}$/i);
  });

  it('names one repository for repository, homepage and bugs, and a real publisher', () => {
    const repo = 'https://github.com/sightline-dev/sightline';
    assert.equal(pkg.repository.url, `${repo}.git`);
    assert.ok(pkg.homepage.startsWith(repo));
    assert.equal(pkg.bugs.url, `${repo}/issues`);
    assert.equal(pkg.publisher, 'sightline-dev');
    assert.ok(!pkg.scripts.package.includes('--allow-missing-repository'));
  });

  it('is listed under AI and Chat', () => {
    assert.deepEqual(pkg.categories, ['AI', 'Chat']);
    assert.ok(pkg.keywords.includes('mcp'));
  });

  it('declares limited support in untrusted workspaces and none in virtual ones', () => {
    assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.match(pkg.capabilities.untrustedWorkspaces.description, /rename_symbol/);
    assert.equal(pkg.capabilities.virtualWorkspaces, false);
  });

  it('states one Node requirement, the same in engines and the README', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    assert.match(pkg.engines.node, /^>=\d+\.\d+$/);
    assert.ok(readme.includes(`Node.js ${pkg.engines.node.slice(2)} or later`), `README names Node.js ${pkg.engines.node.slice(2)} or later`);
  });

  it('has a walkthrough whose media ship in the VSIX and whose buttons run real commands', () => {
    const [walkthrough] = pkg.contributes.walkthroughs;
    const ignore = fs.readFileSync(path.join(REPO_ROOT, '.vscodeignore'), 'utf8');
    assert.ok(ignore.includes('!media/walkthrough/**'));
    const ours = new Set(pkg.contributes.commands.map((c: { command: string }) => c.command));
    assert.ok(walkthrough.steps.length >= 4);
    for (const step of walkthrough.steps) {
      assert.ok(fs.existsSync(path.join(REPO_ROOT, step.media.markdown)), step.media.markdown);
      for (const [, command] of step.description.matchAll(/\(command:([\w.]+)\)/g)) {
        if (command.startsWith('sightline.')) assert.ok(ours.has(command), `${step.id}: ${command}`);
      }
    }
  });

  it('installs the sightline command from a checkout (bin)', () => {
    assert.equal(pkg.bin.sightline, 'dist/cli.js');
  });
});
