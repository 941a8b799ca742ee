import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { contentHash } from '../../src/common/hash';
import { nullLogger, RingLogger } from '../../src/common/log';
import { deflateBody } from '../../src/engine/record-bodies';
import { IndexStore, INDEX_FILE, INDEX_FORMAT, type StoredIndex } from '../../src/engine/store';
import { extractFile } from '../../src/index/extract';

describe('IndexStore: the persisted index', () => {
  it('saveAsync writes what save writes, and both load back unchanged', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-store-'));
    try {
      const files: StoredIndex['files'] = {};
      for (let i = 0; i < 50; i++) {
        files[`src/f${i}.ts`] = { hash: contentHash(`h${i}`), size: i, mtimeMs: i * 1000, record: await extractFile('typescript', `/** Doc ${i} "é" */\nexport function f${i}(a: number) { return g(a) + ${i}; }\n`) };
      }
      const index: StoredIndex = { format: INDEX_FORMAT, indexedAt: '2026-01-01T00:00:00.000Z', files };
      // What JSON keeps of it: records carry `undefined` fields that a round trip drops.
      const expected = JSON.parse(JSON.stringify(index));
      const store = new IndexStore(dir, nullLogger, { key: randomBytes(32), engineVersion: 'test' });
      await store.saveAsync(index, 0);
      assert.deepEqual(await store.loadAsync(), expected);
      store.save(index);
      assert.deepEqual(await store.loadAsync(), expected);
      assert.deepEqual(fs.readdirSync(dir).sort(), ['.gitignore', 'index.json.gz'], 'no temporary files left');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps record bodies unread until used, saves unread ones byte for byte, and reads non-ASCII bodies at the right offsets', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-store-'));
    try {
      const files: StoredIndex['files'] = {};
      for (let i = 0; i < 20; i++) {
        const text = `import { ${'é'.repeat(i + 1)} } from './x${i}';\nconst run = (f: () => void) => f();\nexport function f${i}() { run(f${i}); return ${'é'.repeat(i + 1)}('ü${i}'); }\n`;
        files[`src/ü${i}.ts`] = { hash: contentHash(text), size: i, mtimeMs: i, record: await extractFile('typescript', text) };
      }
      assert.ok(Object.values(files).some((f) => f.record.values?.length), 'some records carry function values');
      const expected = JSON.parse(JSON.stringify({ format: INDEX_FORMAT, indexedAt: '2026-01-01T00:00:00.000Z', files }));
      const store = new IndexStore(dir, nullLogger, { key: randomBytes(32), engineVersion: 'test' });
      store.save(expected);
      const file = path.join(dir, 'index.json.gz');
      const first = fs.readFileSync(file);
      const loaded = (await store.loadAsync())!;
      const record = loaded.files['src/ü3.ts'].record;
      assert.equal(Object.getOwnPropertyDescriptor(record, 'calls')?.get !== undefined, true, 'calls not parsed at load');
      assert.deepEqual(record.imports.map((m) => m.name), ['éééé']);
      assert.equal(Object.getOwnPropertyDescriptor(record, 'imports')?.get, undefined, 'imports parsed once read, and kept');
      store.save(loaded);
      assert.ok(fs.readFileSync(file).equals(first), 'read or not, every body is written back as the same bytes');
      assert.deepEqual(await store.loadAsync(), expected);
      loaded.files['src/ü3.ts'].record.calls = [];
      store.save(loaded);
      assert.deepEqual((await store.loadAsync())!.files['src/ü3.ts'].record.calls, [], 'a body replaced is saved as it now is');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('loadAsync (the head inflated on the thread pool) reads what was saved, and refuses a changed byte or a head that does not inflate, saying why', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-store-'));
    try {
      const files: StoredIndex['files'] = {};
      for (let i = 0; i < 30; i++) {
        const text = `/** ü${i} */\nexport class C${i} { m() { return f${i}(); } }\nexport function f${i}() { return ${i}; }\n`;
        files[`src/f${i}.ts`] = { hash: contentHash(text), size: i, mtimeMs: i, record: await extractFile('typescript', text) };
      }
      const expected = JSON.parse(JSON.stringify({ format: INDEX_FORMAT, indexedAt: '2026-01-01T00:00:00.000Z', files }));
      const logger = new RingLogger();
      const store = new IndexStore(dir, logger, { key: randomBytes(32), engineVersion: 'test' });
      assert.equal(await store.loadAsync(), undefined, 'no file yet');
      store.save(expected);
      assert.deepEqual(await store.loadAsync(), expected);

      const file = path.join(dir, INDEX_FILE);
      const bytes = fs.readFileSync(file);
      bytes[bytes.length - 40] ^= 1;
      fs.writeFileSync(file, bytes);
      assert.equal(await store.loadAsync(), undefined, 'a changed byte breaks the signature');
      assert.match(logger.recent(1)[0].message, /not trusted \(its signature does not match/);

      // Signed with the right key, but its head is not gzip: refused when it fails to inflate on the thread pool.
      const notGzip = Buffer.from('this is not gzip at all');
      store.writeSignedSync(INDEX_FILE, [notGzip, Buffer.from(`${String(notGzip.length).padStart(15, '0')}\n`)]);
      assert.equal(await store.loadAsync(), undefined);
      assert.match(logger.recent(1)[0].message, /is not trusted \(incorrect header check\): discarding it and rebuilding the index\.$/);

      // Signed, but its trailer does not give the head's length: refused before anything inflates.
      store.writeSignedSync(INDEX_FILE, [notGzip]);
      assert.equal(await store.loadAsync(), undefined);
      assert.match(logger.recent(1)[0].message, /is not trusted \(the payload does not end with its head's length\)/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('deflates a body through its reused buffer to the bytes of the fields joined, whatever their size and order', () => {
    // Text that does not compress much: its output spans several of deflateBody's output chunks.
    const noisy = (n: number) => randomBytes(n).toString('base64');
    const bodies: (string | Buffer)[][] = [
      [noisy(200_000), '["é",1]', Buffer.from('[2]')], // larger than the first buffer: it grows
      ['[]', '{}'], // after a larger one: nothing of it is left in the bytes
      [noisy(1_500_000), 'ü'], // larger than the reused buffer may grow: a buffer of its own
      ['["a"]', Buffer.from('"😀"'), '[3]'],
    ];
    for (const fields of bodies) {
      const joined = Buffer.concat(fields.map((f) => (typeof f === 'string' ? Buffer.from(f, 'utf8') : f)));
      const blob = deflateBody(fields);
      assert.deepEqual(zlib.inflateRawSync(blob), joined);
      assert.deepEqual(blob, zlib.deflateRawSync(joined, { level: zlib.constants.Z_BEST_SPEED }), 'the same bytes as one default-sized deflate');
    }
  });
});
