import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { extractFile } from '../../src/index/extract';
import { compiledWasm } from '../../src/index/grammars';
import { type LanguageId, languageForPath } from '../../src/index/languages';
import { ParsePool } from '../../src/index/parse-pool';
import { Extractor, SOURCE_PER_WORKER, workersFor } from '../../src/engine/extractor';
import { FIXTURES } from './helpers';

const NOT_A_LANGUAGE = 'cobol' as string as LanguageId;

function fixtureFiles(): { abs: string; rel: string }[] {
  const root = path.join(FIXTURES, 'polyglot');
  const out: { abs: string; rel: string }[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else if (languageForPath(e.name)) out.push({ abs, rel: path.relative(root, abs) });
    }
  };
  walk(root);
  return out.sort((a, b) => a.rel.localeCompare(b.rel));
}

describe('ParsePool: extraction on worker threads', () => {
  it('compiles the runtime and each grammar once per process, the Modules every worker is handed', async () => {
    const { Module }: { Module: new (bytes: Uint8Array) => object } = Reflect.get(globalThis, 'WebAssembly');
    const ts = await compiledWasm('typescript');
    const again = await compiledWasm('typescript');
    const py = await compiledWasm('python');
    assert.ok(ts.runtime instanceof Module && ts.grammar instanceof Module);
    assert.equal(again.runtime, ts.runtime);
    assert.equal(again.grammar, ts.grammar);
    assert.equal(py.runtime, ts.runtime);
    assert.notEqual(py.grammar, ts.grammar);
  });

  it('gives exactly the records extraction on this thread gives', async () => {
    const pool = new ParsePool(2);
    try {
      const files = fixtureFiles();
      assert.ok(files.length > 4);
      for (const f of files) {
        const lang = languageForPath(f.rel)!.id;
        const text = fs.readFileSync(f.abs, 'utf8');
        // As the index file holds it: a record crosses from the worker as JSON, so fields left undefined are absent.
        const here = JSON.parse(JSON.stringify(await extractFile(lang, text)));
        assert.deepEqual(await pool.extract(lang, text), here, f.rel);
      }
    } finally {
      pool.dispose();
    }
  });

  it('fails one file without failing the others, and keeps working after it', async () => {
    const pool = new ParsePool(1);
    try {
      const results = await Promise.allSettled([
        pool.extract('typescript', 'export function a() { b(); }'),
        // A request the worker cannot serve (no such grammar) fails alone.
        pool.extract(NOT_A_LANGUAGE, 'x'),
        pool.extract('python', 'def f():\n    g()\n'),
      ]);
      assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled']);
      assert.equal((await pool.extract('go', 'package p\nfunc F() {}\n')).symbols[0].name, 'F');
    } finally {
      pool.dispose();
    }
  });

  it('rejects work after dispose, and disposing twice is safe', async () => {
    const pool = new ParsePool(1);
    pool.dispose();
    pool.dispose();
    await assert.rejects(pool.extract('typescript', 'x()'), /disposed/);
  });

  it('Extractor returns per-file errors in order, in-thread and on the pool', async () => {
    for (const workers of [0, 2]) {
      const extractor = new Extractor(workers);
      try {
        const jobs = [1, 2, 3, 4, 5, 6].map((n) => ({ lang: 'typescript' as const, text: `export function f${n}() { g${n}(); }` }));
        const out = await extractor.extractAll(jobs);
        assert.deepEqual(out.map((r) => (r instanceof Error ? 'error' : r.symbols[0].name)), ['f1', 'f2', 'f3', 'f4', 'f5', 'f6']);
      } finally {
        extractor.dispose();
      }
    }
  });

  it('starts one worker per share of source, at least one and at most the maximum', () => {
    assert.equal(workersFor(2, 0), 1, 'a bulk index always has a worker: it never runs on the calling thread');
    assert.equal(workersFor(2, SOURCE_PER_WORKER), 1);
    assert.equal(workersFor(2, SOURCE_PER_WORKER + 1), 2);
    assert.equal(workersFor(2, 100 * SOURCE_PER_WORKER), 2);
    assert.equal(workersFor(8, 3 * SOURCE_PER_WORKER - 1), 3);
    assert.equal(workersFor(1, 100 * SOURCE_PER_WORKER), 1);
  });

  it('falls back to this thread when the workers cannot run, and says so once', async () => {
    const previous = process.env.SIGHTLINE_PARSE_WORKER;
    process.env.SIGHTLINE_PARSE_WORKER = path.join(FIXTURES, 'no-such-parse-worker.js');
    const failures: string[] = [];
    const extractor = new Extractor(2, (reason) => failures.push(reason));
    try {
      const jobs = [1, 2, 3, 4, 5, 6].map((n) => ({ lang: 'typescript' as const, text: `export function f${n}() {}` }));
      const first = await extractor.extractAll(jobs);
      assert.deepEqual(first.map((r) => (r instanceof Error ? 'error' : r.symbols[0].name)), ['f1', 'f2', 'f3', 'f4', 'f5', 'f6']);
      await extractor.extractAll(jobs);
      assert.equal(failures.length, 1, 'the pool is given up after the first failure');
    } finally {
      extractor.dispose();
      if (previous === undefined) delete process.env.SIGHTLINE_PARSE_WORKER;
      else process.env.SIGHTLINE_PARSE_WORKER = previous;
    }
  });
});
