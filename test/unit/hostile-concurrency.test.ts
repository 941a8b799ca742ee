import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { removeDir, SLOW_SUITE_TIMEOUT_MS } from './helpers';
import { bounded, call, hostileWorkspace, type StdioServer, startStdioServer } from './hostile';

/**
 * One slow call must not stall the others: the server runs in the extension host, where a call that holds
 * the event loop holds every chat session and extension of the window. The slow call here is the first
 * retrieve, whose text index must take seconds to build: the hostile workspace plus ~24 MB of markdown (the
 * nested functions alone no longer take long enough since the build tokenizes by character codes). Cheap calls
 * made while it runs must come back before it does.
 */
describe('hostile input: one slow call does not stall others', function () {
  this.timeout(SLOW_SUITE_TIMEOUT_MS); // drives the built stdio server with hostile workloads
  let root: string;
  let server: StdioServer;

  before(async () => {
    root = hostileWorkspace();
    writeBulkDocs(root);
    server = await startStdioServer(root);
    const indexed = await bounded('index_workspace', call(server.client, 'index_workspace', {}));
    assert.equal(indexed.isError, false, indexed.text);
  });
  after(async () => {
    await server?.close();
    removeDir(root);
  });

  it('cheap calls answer while the first retrieve is still building its index', async () => {
    const order: string[] = [];
    const slow = call(server.client, 'retrieve', { query: 'nested function n4000', top_k: 3 }).then((r) => {
      order.push('retrieve');
      return r;
    });
    // Let the slow call get going first, then ask cheap questions one after another.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const [name, args] of [
      ['find_callers', { symbol: 'helper', depth: 1 }],
      ['read_file_range', { path: 'src/util.ts', start_line: 1, end_line: 2 }],
      ['structural_search', { query: 'kind:class' }],
    ] as const) {
      const r = await bounded(name, call(server.client, name, args));
      assert.equal(r.isError, false, r.text);
      order.push(name);
    }
    // On a busy machine the build may outlast the call's budget: a timeout that says so is an answer too.
    const retrieved = await bounded('retrieve', slow);
    assert.ok(!retrieved.isError || /^Error \(timeout\): .*still being (built|indexed)/.test(retrieved.text), retrieved.text);
    assert.deepEqual(order, ['find_callers', 'read_file_range', 'structural_search', 'retrieve']);
  });
});

/** 48 markdown files of ~500 KB of distinct words each: documents the first retrieve indexes and the code index does not. */
function writeBulkDocs(root: string): void {
  const dir = path.join(root, 'docs', 'bulk');
  fs.mkdirSync(dir, { recursive: true });
  let seed = 1;
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return `w${(seed % 500_000).toString(36)}`;
  };
  for (let f = 0; f < 48; f++) {
    const lines = [`# Part ${f}`, ''];
    for (let l = 0; l < 6_000; l++) lines.push(Array.from({ length: 12 }, word).join(' '));
    fs.writeFileSync(path.join(dir, `part-${f}.md`), `${lines.join('\n')}\n`);
  }
}
