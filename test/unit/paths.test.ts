import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveInWorkspace } from '../../src/common/paths';

describe('resolveInWorkspace: the path security boundary', () => {
  let root: string;
  let outside: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-paths-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-outside-'));
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'x');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'src', 'link.txt'));
    fs.symlinkSync(outside, path.join(root, 'out-dir'));
  });
  after(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('accepts relative and absolute paths inside, returning a posix relative path', () => {
    assert.equal(resolveInWorkspace(root, 'src/a.ts').rel, 'src/a.ts');
    assert.equal(resolveInWorkspace(root, path.join(root, 'src', 'a.ts')).rel, 'src/a.ts');
    assert.equal(resolveInWorkspace(root, './src/../src/a.ts').rel, 'src/a.ts');
  });
  it('refuses ../ escapes', () => {
    assert.throws(() => resolveInWorkspace(root, '../etc/passwd'), /outside the workspace/);
    assert.throws(() => resolveInWorkspace(root, 'src/../../x'), /outside the workspace/);
  });
  it('refuses absolute paths elsewhere', () => {
    assert.throws(() => resolveInWorkspace(root, '/etc/passwd'), /outside the workspace/);
  });
  it('refuses symlinks that lead out, to a file or through a folder', () => {
    assert.throws(() => resolveInWorkspace(root, 'src/link.txt'), /symbolic link/);
    assert.throws(() => resolveInWorkspace(root, 'out-dir/secret.txt'), /symbolic link/);
    assert.throws(() => resolveInWorkspace(root, 'out-dir/new.txt', false), /symbolic link/);
  });
  it('says when a file does not exist, and rejects empty or NUL paths', () => {
    assert.throws(() => resolveInWorkspace(root, 'src/missing.ts'), /does not exist/);
    assert.throws(() => resolveInWorkspace(root, ''), /non-empty/);
    assert.throws(() => resolveInWorkspace(root, 'a\0b'), /NUL/);
  });
});
