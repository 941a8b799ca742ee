import * as assert from 'node:assert/strict';
import { ContentSearch, type ContentDoc } from '../../src/search/content-search';
import { callTool, contextFor, copyFixture, removeDir } from './helpers';

/**
 * The retrieval text index runs on a worker thread unless the engine is told `workers: 0` (text-index.ts). Both
 * places must rank the same entries the same way: the worker only moves the work off the main thread.
 */
describe('retrieval text index: on a worker thread and inline', () => {
  let root: string;
  let inline: ReturnType<typeof contextFor>;
  let onWorker: ReturnType<typeof contextFor>;
  before(() => {
    root = copyFixture('docs-repo');
    inline = contextFor(root, { storageDir: null, workers: 0 });
    onWorker = contextFor(root, { storageDir: null, workers: 1 });
  });
  after(() => {
    inline.workspaces.dispose();
    onWorker.workspaces.dispose();
    removeDir(root);
  });

  for (const [query, mode] of [
    ['How do I rotate the signing key?', 'mixed'],
    ['invoice total', 'code'],
    ['invoce totals', 'mixed'],
    ['installing', 'wiki'],
    ['zzzz-no-such-words', 'mixed'],
  ] as const) {
    it(`retrieve "${query}" (${mode}) gives the same ranked answer from both`, async () => {
      const args = { query, mode, top_k: 20, include_scores: true };
      const a = await callTool(inline, 'retrieve', args);
      const b = await callTool(onWorker, 'retrieve', args);
      assert.deepEqual(b.results, a.results);
      if (!query.startsWith('zzzz')) assert.ok(a.results.length > 0, 'a query with answers');
      assert.equal(b.total_hits, a.total_hits);
    });
  }

  it('an edit re-indexes on the worker too: the removed text is no longer found, the new text is', async () => {
    const engine = onWorker.engine;
    const [file] = [...engine.indexedFiles().keys()];
    engine.setOverlay(file, 'export function quuxFrobnicator(): number {\n  return 42;\n}\n');
    const found = await callTool(onWorker, 'retrieve', { query: 'quuxFrobnicator', mode: 'code' });
    assert.ok(found.results.some((r: { file?: string }) => r.file === file), JSON.stringify(found.results));
    engine.setOverlay(file, undefined);
    const gone = await callTool(onWorker, 'retrieve', { query: 'quuxFrobnicator', mode: 'code' });
    assert.equal(gone.total_hits, 0);
  });

  it('a worker that dies mid-way is replaced by the same index inline, and says so once', async () => {
    const failures: string[] = [];
    const search = new ContentSearch(true, (reason) => failures.push(reason));
    const doc = (id: string, text: string): ContentDoc => ({ id, store: 'code', file: `${id}.ts`, title: id, text, line_start: 1, line_end: 1, ref: id });
    search.replace('a', 1, [doc('alpha', 'rotate the signing key'), doc('beta', 'count the invoices')]);
    const before = await search.search('signing', () => true);
    assert.deepEqual(before.map((h) => h.doc.id), ['alpha']);
    // Kill the worker as a crash would (the test reaches the private field on purpose: nothing else can).
    await (search as unknown as { index: { worker: { terminate(): Promise<number> } } }).index.worker.terminate();
    const after = await search.search('signing', () => true);
    assert.deepEqual(after.map((h) => [h.doc.id, h.score]), before.map((h) => [h.doc.id, h.score]));
    assert.equal(failures.length, 1);
    search.dispose();
  });
});
