import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT, removeDir } from './helpers';
import { BIG_FILE_LINES, bounded, call, hostileWorkspace, type StdioServer, startStdioServer } from './hostile';

/**
 * Issue 10, availability: each probe that froze, crashed or broke Sightline, replayed against the built
 * server in a child process. A hang fails the test at a generous bound instead of freezing the run.
 */
describe('hostile input: no input freezes the server', function () {
  let root: string;
  let server: StdioServer;

  before(async () => {
    root = hostileWorkspace();
    server = await startStdioServer(root);
  });
  after(async () => {
    await server?.close();
    removeDir(root);
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed') console.error(server.stderr().slice(-4000));
  });

  it('indexes a 40,000-character .gitignore line, a 20,000-call chain and 8,000 nested functions', async () => {
    const { isError, value, text } = await bounded('index_workspace', call(server.client, 'index_workspace', {}));
    assert.equal(isError, false, text);
    assert.equal(value.ignore_rules_skipped, 1, 'the unusable rule is skipped and counted');
    const found = await call(server.client, 'search_symbols', { query: 'mustNotBeIndexed' });
    assert.deepEqual(found.value.matches ?? found.value.results ?? [], [], 'the other rule of that .gitignore still applies');
    const chain = await call(server.client, 'find_callees', { symbol: 'chained', depth: 1 });
    assert.equal(chain.isError, false, chain.text);
    assert.match(server.stderr(), /Skipped 1 unusable ignore rule in \.gitignore/);
  });

  it('structural_search with a glob of many stars answers (file:************Q)', async () => {
    const r = await bounded('structural_search', call(server.client, 'structural_search', { query: 'file:************Q' }));
    assert.equal(r.isError, false, r.text);
    assert.equal(r.value.total, 0);
    const names = await bounded('structural_search', call(server.client, 'structural_search', { query: `name:${'*a'.repeat(40)}*Q` }));
    assert.equal(names.isError, false, names.text);
    const star = await call(server.client, 'structural_search', { query: 'file:src/*til* name:help*' });
    assert.deepEqual(star.value.matches.map((m: { id: string }) => m.id), ['src/util.ts#helper'], 'globs still match');
  });

  it("read_node with linked docs on methods named '(a+)+b' and '(x' answers, and finds the doc that names them", async () => {
    for (const name of ["'(a+)+b'", "'(x'"]) {
      const r = await bounded(`read_node ${name}`, call(server.client, 'read_node', { node_id: `src/app.ts#Odd.${name}`, with_linked_docs: true }));
      assert.equal(r.isError, false, r.text);
      assert.equal(r.value.linked_docs.length, 1, `the doc mentioning ${name}`);
    }
  });

  it('retrieve over 8,000 nested functions answers without running out of memory', async () => {
    const r = await bounded('retrieve', call(server.client, 'retrieve', { query: 'n7999 nested function', top_k: 3 }));
    assert.equal(r.isError, false, r.text);
    assert.ok(r.value.results.length > 0);
    assert.ok(server.alive(), 'the server process is alive');
  });

  it('read_file_range refuses a named pipe at once, and reads a line of a large file without reading it whole', async () => {
    const fifo = await bounded('read_file_range on a FIFO', call(server.client, 'read_file_range', { path: 'src/pipe.ts', start_line: 1, end_line: 1 }));
    assert.equal(fifo.isError, true);
    assert.match(fifo.text, /Error \(invalidArgument\): src\/pipe\.ts is a named pipe \(FIFO\); Sightline reads only regular files/);
    const head = await bounded('read_file_range', call(server.client, 'read_file_range', { path: 'big.txt', start_line: 2, end_line: 3 }));
    assert.equal(head.isError, false, head.text);
    assert.equal(head.value.text, `line 2 ${'x'.repeat(60)}\nline 3 ${'x'.repeat(60)}`);
    assert.equal(head.value.total_lines, undefined, 'the file is not read to its end to count lines');
    const tail = await call(server.client, 'read_file_range', { path: 'big.txt', start_line: BIG_FILE_LINES, end_line: BIG_FILE_LINES + 5 });
    assert.equal(tail.value.text, `line ${BIG_FILE_LINES} ${'x'.repeat(60)}`);
    assert.equal(tail.value.total_lines, BIG_FILE_LINES);
    assert.equal(tail.value.content_truncated, true);
  });

  it('sightline call output arrives whole through a pipe (over 64 KiB), and exits only once drained', async () => {
    const cli = path.join(REPO_ROOT, 'dist', 'cli.js');
    const args = JSON.stringify({ path: 'wide.txt', start_line: 1, end_line: 1000, max_tokens: 50000 });
    const out = await bounded('sightline call | cat', pipedThroughCat(process.execPath, [cli, 'call', 'read_file_range', args, '--root', root]));
    assert.ok(out.length > 128 * 1024, `output is ${out.length} bytes`);
    const answer = JSON.parse(out);
    assert.ok(answer.end_line > 800, `answer ends at line ${answer.end_line}`);
    assert.equal(answer.text.split('\n').length, answer.end_line);
  });

  it('a process writing 2 MB and exiting through exitWhenDrained delivers every byte through a pipe', async () => {
    const script = "const { exitWhenDrained } = require('./src/cli/exit'); process.stdout.write('y'.repeat(2 * 1024 * 1024)); exitWhenDrained(0);";
    const out = await bounded('writer | cat', pipedThroughCat(process.execPath, ['--require', 'tsx/cjs', '-e', script], REPO_ROOT));
    assert.equal(out.length, 2 * 1024 * 1024);
  });
});

/** Runs `command args | cat` with real processes and a slow-ish reader; resolves with what cat printed. */
function pipedThroughCat(command: string, args: string[], cwd?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const writer = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const cat = spawn('cat', [], { stdio: ['pipe', 'pipe', 'inherit'] });
    writer.stdout.pipe(cat.stdin);
    let stderr = '';
    writer.stderr.on('data', (d) => (stderr += String(d)));
    const chunks: Buffer[] = [];
    cat.stdout.on('data', (c: Buffer) => chunks.push(c));
    let writerCode: number | null = null;
    writer.on('close', (code) => (writerCode = code));
    cat.on('close', () => (writerCode === 0 || writerCode === null ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(new Error(`exit ${writerCode}: ${stderr}`))));
    writer.on('error', reject);
  });
}
