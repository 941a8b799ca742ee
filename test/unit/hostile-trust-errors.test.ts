import * as assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { z } from 'zod';
import { SightlineError } from '../../src/common/errors';
import { requireCommandConsent } from '../../src/engine/language-features';
import { ALL_TOOLS } from '../../src/tools/registry';
import { callTool, contextFor, removeDir, REPO_ROOT } from './helpers';

/**
 * Issue 10 item 12: the minor cases, each a clear error (or a real answer) instead of an internal error, a
 * silent skip or an answer that can never be completed; argument bounds; honest annotations.
 */
const isRoot = process.getuid?.() === 0;

/** The CLI as a user who cannot read what chmod 000 hides (root reads everything, so root runs it as nobody). */
function cliAsUser(args: string[], options: SpawnSyncOptions = {}) {
  return spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli.js'), ...args], {
    encoding: 'utf8',
    timeout: 120_000,
    ...options,
    env: { ...process.env, SIGHTLINE_CACHE_DIR: 'none', SIGHTLINE_STATE_DIR: path.join(os.tmpdir(), `sightline-state-${process.pid}`), ...options.env },
    ...(isRoot ? { uid: 65534, gid: 65534 } : {}),
  }) as ReturnType<typeof spawnSync> & { stdout: string; stderr: string };
}

/** A small workspace every user can read (mkdtemp makes 0700 folders). */
function sharedRepo(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-errors-'));
  fs.chmodSync(root, 0o755);
  fs.writeFileSync(path.join(root, 'a.ts'), 'export function a(): number {\n  return 1;\n}\n');
  return root;
}

async function rejectsWith(promise: Promise<unknown>, kind: string, message: RegExp): Promise<void> {
  await assert.rejects(promise, (e: unknown) => {
    assert.ok(e instanceof SightlineError, `a SightlineError, not ${String(e)}`);
    assert.equal(e.kind, kind, e.message);
    assert.match(e.message, message);
    return true;
  });
}

describe('hostile input: clear errors for the minor cases', () => {
  let root: string;
  let ctx: ReturnType<typeof contextFor>;
  before(async () => {
    root = sharedRepo();
    fs.mkdirSync(path.join(root, '..hidden'));
    fs.writeFileSync(path.join(root, '..hidden/b.ts'), 'export const b = 2;\n');
    fs.mkdirSync(path.join(root, 'docs'));
    fs.writeFileSync(path.join(root, 'docs/issue#12.md'), '# Notes on #12\n\nThe fix for the hash case.\n\n## Details\n\nMore text.\n');
    fs.writeFileSync(path.join(root, 'long.ts'), `export const data = "${'x'.repeat(100_000)}";\nexport const after = 1;\n`);
    ctx = contextFor(root, { storageDir: null });
    await ctx.engine.index();
  });
  after(() => {
    ctx.workspaces.dispose();
    removeDir(root);
  });

  it('file://% and broken percent-escapes are invalid arguments, not internal errors', async () => {
    for (const bad of ['file://%', 'file:///a%zz.ts', 'file:///%E0%A4%A.ts']) {
      await rejectsWith(callTool(ctx, 'read_file_range', { path: bad, start_line: 1, end_line: 1 }), 'invalidArgument', /file:\/\/ URI|percent-escape/);
    }
    await rejectsWith(callTool(ctx, 'read_file_range', { path: 'file://evil.example/etc/passwd', start_line: 1, end_line: 1 }), 'invalidArgument', /another host/);
    const ok = await callTool(ctx, 'read_file_range', { path: `file://${path.join(root, 'a.ts')}`, start_line: 1, end_line: 1 });
    assert.equal(ok.text, 'export function a(): number {');
  });

  it('reads files under a folder whose name starts with two dots (..hidden/), which is inside the workspace', async () => {
    const r = await callTool(ctx, 'read_file_range', { path: '..hidden/b.ts', start_line: 1, end_line: 1 });
    assert.equal(r.text, 'export const b = 2;');
    await rejectsWith(callTool(ctx, 'read_file_range', { path: '../x.ts', start_line: 1, end_line: 1 }), 'outsideWorkspace', /outside the workspace/);
  });

  it('read_chunk reads a chunk of a document whose path holds a #', async () => {
    const collection = `${path.basename(root)}:docs`;
    const doc = await callTool(ctx, 'collection_document', { collection_id: collection, document_id: 'docs/issue#12.md' });
    const id = doc.chunks.at(-1).chunk_id;
    assert.equal(id, 'docs/issue#12.md#details');
    const chunk = await callTool(ctx, 'read_chunk', { collection_id: collection, chunk_id: id });
    assert.match(chunk.text, /More text/);
    assert.equal(chunk.document_id, 'docs/issue#12.md');
  });

  it('read_file_range shows the head of a line longer than max_tokens, and moves on, instead of pointing back at it forever', async () => {
    const r = await callTool(ctx, 'read_file_range', { path: 'long.ts', start_line: 1, end_line: 2, max_tokens: 200 });
    assert.equal(r.line_cut, true);
    assert.ok(r.text.startsWith('export const data = "xxx'), r.text.slice(0, 40));
    const { freshness: _freshness, ...answer } = r;
    assert.ok(JSON.stringify(answer).length / 3.5 <= 200, 'the answer fits max_tokens (freshness is added to every answer after)');
    assert.equal(r.next_start_line, 2);
    assert.match(r.hint, new RegExp(`Line 1 has 100023 characters; the first ${r.text.length} are shown`));
    const next = await callTool(ctx, 'read_file_range', { path: 'long.ts', start_line: r.next_start_line, end_line: 2, max_tokens: 100 });
    assert.equal(next.text, 'export const after = 1;');
  });

  it('an unknown workspace is an error that repeats at most a short part of the argument', async () => {
    const huge = 'w'.repeat(4000);
    await rejectsWith(callTool(ctx, 'index_workspace', { workspace: huge }), 'invalidArgument', /Unknown workspace "w{120}…"/);
    await assert.rejects(callTool(ctx, 'index_workspace', { workspace: 'w'.repeat(100_000) }), /`workspace`: Too big/);
  });
});

describe('hostile input: operating-system refusals and odd roots through the CLI', () => {
  let root: string;
  before(() => {
    root = sharedRepo();
    fs.writeFileSync(path.join(root, 'secret.ts'), 'export const s = 1;\n');
    fs.chmodSync(path.join(root, 'secret.ts'), 0o000);
    fs.mkdirSync(path.join(root, 'locked'));
    fs.writeFileSync(path.join(root, 'locked/c.ts'), 'export const c = 3;\n');
    fs.chmodSync(path.join(root, 'locked'), 0o000);
  });
  after(() => {
    fs.chmodSync(path.join(root, 'locked'), 0o755);
    removeDir(root);
  });

  it('EACCES reading a file is a clear error naming the file, not an internal error with a stack', () => {
    const r = cliAsUser(['call', 'read_file_range', '{"path":"secret.ts","start_line":1,"end_line":1}', '--root', root]);
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /Error \(unsupported\): Permission denied reading "secret.ts"/);
    assert.doesNotMatch(r.stderr, /\n\s+at |internal/);
  });

  it('counts unreadable folders and files as skipped instead of passing over them silently', () => {
    const r = cliAsUser(['index', '--root', root]);
    assert.equal(r.status, 0, r.stderr);
    const stats = JSON.parse(r.stdout);
    assert.equal(stats.files_indexed, 1);
    assert.equal(stats.skipped_by_reason.unreadable, 2, JSON.stringify(stats));
  });

  it('--root pointing at a file, or at nothing, exits 2 with a message instead of 0 with an empty index', () => {
    const file = cliAsUser(['index', '--root', path.join(root, 'a.ts')]);
    assert.equal(file.status, 2);
    assert.match(file.stderr, /is a file, not a folder.*--root/);
    assert.equal(file.stdout, '');
    const missing = cliAsUser(['index', '--root', path.join(root, 'nope')]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /no such folder/);
  });
});

describe('hostile input: bounds and honesty in the tool contract', () => {
  /** Every string and array in every tool's input schema, as clients see it (JSON Schema), without a bound. */
  function unbounded(schema: Record<string, any>, where: string, out: string[]): void {
    if (schema.type === 'string' && schema.maxLength === undefined && schema.enum === undefined) out.push(where);
    if (schema.type === 'array') {
      if (schema.maxItems === undefined) out.push(`${where}[]`);
      if (schema.items) unbounded(schema.items, `${where}[]`, out);
    }
    for (const [k, v] of Object.entries(schema.properties ?? {})) unbounded(v as Record<string, any>, `${where}.${k}`, out);
    for (const k of ['anyOf', 'oneOf', 'allOf']) for (const [i, v] of (schema[k] ?? []).entries()) unbounded(v, `${where}|${i}`, out);
  }

  it('bounds the length of every string and array argument of every tool', () => {
    const out: string[] = [];
    for (const tool of ALL_TOOLS) unbounded(z.toJSONSchema(z.object(tool.inputSchema), { io: 'input', unrepresentable: 'any' }) as Record<string, any>, tool.name, out);
    assert.deepEqual(out, []);
  });

  it('index_workspace does not claim to be read-only (it writes the index cache)', () => {
    const tool = ALL_TOOLS.find((t) => t.name === 'index_workspace')!;
    assert.equal(tool.annotations.readOnlyHint, false);
    assert.equal(tool.annotations.destructiveHint, false);
  });

  it('code_actions runs an action\'s command only when the call names that command', () => {
    const tool = ALL_TOOLS.find((t) => t.name === 'code_actions')!;
    assert.ok('run_command' in tool.inputSchema);
    assert.doesNotThrow(() => requireCommandConsent('Add import', undefined, undefined), 'an edit-only action needs no more than apply');
    assert.throws(() => requireCommandConsent('Fix all', 'editor.action.fixAll', undefined), /runs the command `editor.action.fixAll`.*Nothing has changed.*run_command: "editor.action.fixAll"/);
    assert.throws(() => requireCommandConsent('Fix all', 'workbench.action.terminal.sendSequence', 'editor.action.fixAll'), /not `editor.action.fixAll`.*List them again/);
    assert.doesNotThrow(() => requireCommandConsent('Fix all', 'editor.action.fixAll', 'editor.action.fixAll'));
  });
});
