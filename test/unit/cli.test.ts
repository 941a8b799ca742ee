import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { copyFixture, removeDir, REPO_ROOT, SLOW_SUITE_TIMEOUT_MS } from './helpers';

const cli = (args: string[], cwd?: string) => spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli.js'), ...args], { encoding: 'utf8', cwd });

describe('sightline CLI', function () {
  this.timeout(SLOW_SUITE_TIMEOUT_MS); // spawns the built CLI once per case
  let root: string;
  before(() => {
    root = copyFixture('polyglot');
  });
  after(() => removeDir(root));

  it('index prints stats JSON for --root', () => {
    const r = cli(['index', '--root', root]);
    assert.equal(r.status, 0, r.stderr);
    const stats = JSON.parse(r.stdout);
    assert.equal(stats.files_indexed, 15);
  });

  it('call prints structuredContent and exits 0; --root defaults to the current directory', () => {
    const r = cli(['call', 'find_callees', '{"symbol":"Point.norm","depth":1}'], root);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).callees.map((c: { id: string }) => c.id), ['rust/src/geometry.rs#Point.square']);
  });

  it('exits 1 with the message on stderr when the tool returns an error', () => {
    const r = cli(['call', 'find_callers', '{"symbol":"nope_nothing"}', '--root', root]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /Error \(notFound\): No symbol named "nope_nothing"/);
    assert.equal(r.stdout, '');
  });

  it('exits 2 on usage errors: unknown tool, bad JSON, bad arguments, unknown command', () => {
    assert.equal(cli(['call', 'no_such_tool', '--root', root]).status, 2);
    assert.equal(cli(['call', 'find_callers', '{not json', '--root', root]).status, 2);
    const bounds = cli(['call', 'find_callers', '{"symbol":"main","depth":99}', '--root', root]);
    assert.equal(bounds.status, 2);
    assert.match(bounds.stderr, /`depth`: Too big/);
    assert.equal(cli(['frobnicate']).status, 2);
    assert.equal(cli(['serve']).status, 2);
  });
});
