import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RingLogger } from '../../src/common/log';
import { Engine, type EngineOptions } from '../../src/engine/engine';
import { sightlineVersion } from '../../src/common/version';
import { machineCacheKey } from '../../src/engine/cache-key';
import { INDEX_FILE, IndexStore } from '../../src/engine/store';
import { copyFixture, removeDir } from './helpers';

describe('engine: incremental, persistent indexing', () => {
  let root: string;
  beforeEach(() => {
    root = copyFixture('polyglot');
  });
  // Every engine a test opens, disposed after it; parse workers off (fixtures are tiny).
  const opened: Engine[] = [];
  const open = (options: Omit<EngineOptions, 'root'> = {}) => {
    const engine = new Engine({ root, workers: 0, ...options });
    opened.push(engine);
    return engine;
  };
  afterEach(() => {
    for (const engine of opened.splice(0)) engine.dispose();
    removeDir(root);
  });

  it('parses everything once, then nothing when nothing changed, across processes (persisted)', async () => {
    const first = await open().index();
    assert.equal(first.files_indexed, 15);
    assert.equal(first.files_unchanged, 0);
    assert.ok(fs.existsSync(path.join(root, '.sightline', INDEX_FILE)));
    assert.equal(fs.readFileSync(path.join(root, '.sightline', '.gitignore'), 'utf8'), '*\n');
    const second = await open().index();
    assert.deepEqual([second.files_indexed, second.files_unchanged, second.files_removed], [0, 15, 0]);
    assert.equal(second.symbols, first.symbols);
    assert.equal(second.edges, first.edges);
  });

  it('re-extracts an edited file, adds a new one, drops a deleted one, and re-links edges', async () => {
    const engine = open();
    await engine.index();
    fs.appendFileSync(path.join(root, 'ts/src/strings.ts'), '\nexport function shout(t: string): string {\n  return normalize(t).toUpperCase();\n}\n');
    fs.writeFileSync(path.join(root, 'ts/src/extra.ts'), "import { shout } from './strings';\nexport function loud(): string {\n  return shout('hi');\n}\n");
    fs.rmSync(path.join(root, 'ts/src/app.test.ts'));
    const stats = await engine.index();
    assert.deepEqual([stats.files_indexed, stats.files_removed, stats.files_unchanged], [2, 1, 13]);
    const graph = engine.graph;
    assert.ok(graph.calls.hasDirectedEdge('ts/src/extra.ts#loud', 'ts/src/strings.ts#shout'));
    assert.ok(graph.calls.hasDirectedEdge('ts/src/strings.ts#shout', 'ts/src/strings.ts#normalize'));
    assert.ok(!graph.table.byId.has('ts/src/app.test.ts#testMain'));
  });

  it('does not re-parse a file whose mtime changed but whose content did not', async () => {
    const engine = open();
    await engine.index();
    const file = path.join(root, 'go/main.go');
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    const stats = await engine.index();
    assert.equal(stats.files_indexed, 0);
    assert.equal(stats.files_unchanged, 15);
  });

  it('discards a corrupt cache with a log line and rebuilds it', async () => {
    await open().index();
    fs.writeFileSync(path.join(root, '.sightline', INDEX_FILE), '{"format": 3, "files": {"x.ts": {"hash": 1}}');
    const logger = new RingLogger();
    const stats = await open({ logger }).index();
    assert.equal(stats.files_indexed, 15);
    assert.ok(logger.recent(50).some((e) => e.level === 'warn' && /not trusted/.test(e.message)), 'a warning says the cache was discarded');
    const reloaded = await open().index();
    assert.equal(reloaded.files_unchanged, 15, 'the rebuilt cache is valid');
  });

  it('rebuilds a cache written by another engine version', async () => {
    await open().index();
    const dir = path.join(root, '.sightline');
    const data = await new IndexStore(dir, new RingLogger(), { key: machineCacheKey(), engineVersion: sightlineVersion() }).loadAsync();
    assert.ok(data, 'the cache this engine wrote loads');
    new IndexStore(dir, new RingLogger(), { key: machineCacheKey(), engineVersion: 'an-older-version' }).save(data);
    const logger = new RingLogger();
    const stats = await open({ logger }).index();
    assert.equal(stats.files_indexed, 15);
    assert.ok(logger.recent(50).some((e) => /signature does not match/.test(e.message)));
  });

  it('respects .gitignore and skips dependencies, large, binary, minified and generated files, counting them', async () => {
    fs.writeFileSync(path.join(root, '.gitignore'), 'ignored/\n*.gen.ts\n');
    fs.mkdirSync(path.join(root, 'ignored'));
    fs.writeFileSync(path.join(root, 'ignored/a.ts'), 'export function hidden() {}\n');
    fs.writeFileSync(path.join(root, 'x.gen.ts'), 'export function gen() {}\n');
    fs.mkdirSync(path.join(root, 'node_modules/dep'), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules/dep/index.js'), 'function dep() {}\n');
    fs.writeFileSync(path.join(root, 'big.ts'), `export const big = "${'x'.repeat(2 * 1024 * 1024)}";\n`);
    fs.writeFileSync(path.join(root, 'blob.js'), Buffer.from([0x66, 0x00, 0x01, 0x02]));
    fs.writeFileSync(path.join(root, 'bundle.min.js'), 'function a(){}\n');
    fs.writeFileSync(path.join(root, 'packed.js'), `${'var a=1;'.repeat(1000)}\n`);
    fs.writeFileSync(path.join(root, 'gen.go'), '// Code generated by protoc. DO NOT EDIT.\npackage main\nfunc Gen() {}\n');
    const stats = await open({ storageDir: null }).index();
    assert.equal(stats.files_indexed, 15);
    assert.deepEqual(stats.skipped_by_reason, { too_large: 1, binary: 1, minified: 2, generated: 1 });
    assert.equal(stats.files_skipped, 5);
  });

  it('indexes unsaved editor contents (overlays) instead of the file on disk', async () => {
    const engine = open({ storageDir: null });
    await engine.index();
    engine.setOverlay('ts/src/strings.ts', 'export function renamed(t: string) { return t; }\n');
    assert.equal(engine.freshness().stale_count, 1);
    const graph = await engine.ready();
    assert.ok(graph.table.byId.has('ts/src/strings.ts#renamed'));
    assert.ok(!graph.table.byId.has('ts/src/strings.ts#normalize'));
    assert.equal(engine.freshness().stale_count, 0);
    engine.setOverlay('ts/src/strings.ts', undefined);
    assert.ok((await engine.ready()).table.byId.has('ts/src/strings.ts#normalize'));
  });

  it('does not persist unsaved editor contents as the file on disk: the next session reads the disk again', async () => {
    const engine = open();
    await engine.index();
    engine.setOverlay('ts/src/strings.ts', 'export function renamed(t: string) { return t; }\n');
    assert.ok((await engine.ready()).table.byId.has('ts/src/strings.ts#renamed'));
    await engine.index();
    engine.dispose();
    // The editor closed without saving: the file on disk never changed (same size and mtime).
    const next = open();
    const stats = await next.index();
    assert.equal(stats.files_indexed, 1);
    assert.ok(next.graph.table.byId.has('ts/src/strings.ts#normalize'));
    assert.ok(!next.graph.table.byId.has('ts/src/strings.ts#renamed'));
  });

  it('keeps partial results for a file with syntax errors', async () => {
    fs.writeFileSync(path.join(root, 'broken.ts'), 'export function ok() { return 1; }\nfunction broken( {\n');
    const engine = open({ storageDir: null });
    await engine.index();
    assert.ok(engine.graph.table.byId.has('broken.ts#ok'));
    assert.equal(engine.graph.table.files.get('broken.ts')?.hasErrors, true);
  });
});
