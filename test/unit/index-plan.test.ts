import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RingLogger } from '../../src/common/log';
import { CodeGraph } from '../../src/graph/code-graph';
import { extractFile } from '../../src/index/extract';
import type { FileRecord } from '../../src/index/records';
import { type IndexedState, IndexPlan } from '../../src/engine/index-plan';
import { readProjectConfig } from '../../src/engine/project-config';
import type { StoredFile } from '../../src/engine/store';
import { removeDir } from './helpers';

/** Index planning on its own: what a pass parses, keeps and skips, and how the graph follows. */
describe('IndexPlan', () => {
  let root: string;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const state = (over: Partial<IndexedState> = {}): IndexedState => ({
    root, maxFileBytes: 1_000_000, exclude: [], files: new Map(), docs: [], configFiles: [], graph: undefined, overlays: new Map(), dirty: new Set(), ...over,
  });
  /** A first full pass, parsed for real: the records and graph a later pass starts from. */
  async function indexed(): Promise<{ files: Map<string, StoredFile>; graph: CodeGraph }> {
    const plan = await IndexPlan.make(state(), false);
    plan.addParsed(await Promise.all(plan.pending.map((p) => extractFile('typescript', p.text))), new RingLogger());
    const graph = await CodeGraph.build(new Map<string, FileRecord>([...plan.next].map(([rel, f]) => [rel, f.record])), readProjectConfig(root, []));
    return { files: plan.next, graph };
  }

  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-plan-')));
    write('a.ts', 'export function a() { return b(); }\n');
    write('b.ts', 'export function b() { return 1; }\n');
    write('bin.ts', 'x\0y');
  });
  afterEach(() => removeDir(root));

  it('lets go of the pending files\' texts once their parse results are in (the plan lives to the end of the pass)', async () => {
    const plan = await IndexPlan.make(state(), false);
    const texts = plan.pending.map((p) => p.text);
    assert.deepStrictEqual(texts.slice().sort(), ['export function a() { return b(); }\n', 'export function b() { return 1; }\n']);
    plan.addParsed(await Promise.all(texts.map((t) => extractFile('typescript', t))), new RingLogger());
    assert.deepStrictEqual(plan.pending.map((p) => p.text), ['', '']);
    assert.deepStrictEqual([...plan.next.keys()].sort(), ['a.ts', 'b.ts']);
  });

  it('a first pass parses every source file, skips binary ones, and builds the graph', async () => {
    const plan = await IndexPlan.make(state(), false);
    assert.deepEqual(plan.pending.map((p) => p.file.rel).sort(), ['a.ts', 'b.ts']);
    assert.deepEqual(plan.skipped, { binary: 1 });
    assert.equal(plan.targeted, false);
    assert.deepEqual(plan.linkStep(undefined), { kind: 'rebuild' });
  });

  it('an unchanged tree parses nothing and keeps the graph', async () => {
    const { files, graph } = await indexed();
    const plan = await IndexPlan.make(state({ files, graph }), false);
    assert.deepEqual([plan.pending.length, plan.unchanged, plan.filesChanged], [0, 2, false]);
    plan.addParsed([], new RingLogger());
    assert.deepEqual(plan.linkStep(graph), { kind: 'keep' });
  });

  it('an edit re-checks only the dirty file and re-links it in place; an edit with the same bytes is unchanged', async () => {
    const { files, graph } = await indexed();
    const edited = await IndexPlan.make(state({ files, graph, overlays: new Map([['a.ts', 'export function a() { return 2; }\n']]), dirty: new Set(['a.ts']) }), true);
    assert.equal(edited.targeted, true);
    assert.deepEqual(edited.pending.map((p) => p.file.rel), ['a.ts']);
    edited.addParsed([await extractFile('typescript', edited.pending[0].text)], new RingLogger());
    assert.deepEqual([edited.indexed, edited.removed, edited.next.size], [1, 0, 2]);
    assert.deepEqual(edited.linkStep(graph), { kind: 'relink', files: ['a.ts'] });
    const same = await IndexPlan.make(state({ files, graph, overlays: new Map([['a.ts', fs.readFileSync(path.join(root, 'a.ts'), 'utf8')]]), dirty: new Set(['a.ts']) }), true);
    assert.deepEqual([same.pending.length, same.unchanged], [0, 1]);
  });

  it('a created or deleted file needs a full scan, and a removed file rebuilds the graph', async () => {
    const { files, graph } = await indexed();
    write('c.ts', 'export const c = 1;\n');
    const created = await IndexPlan.make(state({ files, graph, dirty: new Set(['c.ts']) }), true);
    assert.equal(created.targeted, false, 'c.ts is not indexed yet: the dirty files alone are not enough');
    fs.rmSync(path.join(root, 'b.ts'));
    fs.rmSync(path.join(root, 'c.ts'));
    const removed = await IndexPlan.make(state({ files, graph }), false);
    removed.addParsed([], new RingLogger());
    assert.deepEqual([removed.removed, removed.filesChanged], [1, true]);
    assert.deepEqual(removed.linkStep(graph), { kind: 'rebuild' });
  });

  it('a warm start (records, no graph) may restore the saved graph', async () => {
    const { files } = await indexed();
    assert.equal((await IndexPlan.make(state({ files }), false)).mayRestore, true);
    assert.equal((await IndexPlan.make(state(), false)).mayRestore, false);
  });

  it('refuses to serve an empty index when no file could be parsed', async () => {
    const plan = await IndexPlan.make(state(), false);
    assert.throws(() => plan.addParsed([new Error('no grammar'), new Error('no grammar')], new RingLogger()), /Could not parse any of 2 files \(no grammar\)/);
  });
});
