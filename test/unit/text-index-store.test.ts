import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RingLogger } from '../../src/common/log';
import { IndexStore } from '../../src/engine/store';
import { TEXT_INDEX_FILE, TextIndexStore } from '../../src/engine/text-index-store';

describe('TextIndexStore: the file read ahead on a worker thread', () => {
  let dir: string;
  let index: IndexStore;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-tis-'));
    index = new IndexStore(dir, new RingLogger(), { key: randomBytes(32), engineVersion: 'test' });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  // Larger than a page and not a multiple of one, in pieces, as a segment is saved.
  const pieces = [randomBytes(70_001), Buffer.from('tail of the payload')];

  it('loads the same verified payload whether read ahead or read when asked', async () => {
    new TextIndexStore(dir, index).saveSync(pieces);
    const direct = await new TextIndexStore(dir, index).load();
    const store = new TextIndexStore(dir, index);
    store.readAhead();
    const ahead = await store.load();
    assert.deepEqual(ahead, Buffer.concat(pieces));
    assert.deepEqual(direct, ahead);
  });

  it('believes nothing read ahead: bytes changed on disk before the read are refused at load', async () => {
    new TextIndexStore(dir, index).saveSync(pieces);
    const file = path.join(dir, TEXT_INDEX_FILE);
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 3] ^= 0xff;
    fs.writeFileSync(file, bytes);
    const store = new TextIndexStore(dir, index);
    store.readAhead();
    await assert.rejects(store.load(), /signature does not match/);
  });

  it('a file missing when read ahead but there when loaded is read then; missing at both, there is none', async () => {
    const store = new TextIndexStore(dir, index);
    store.readAhead();
    assert.equal(await store.load(), undefined);
    store.readAhead();
    new TextIndexStore(dir, index).saveSync(pieces);
    assert.deepEqual(await store.load(), Buffer.concat(pieces));
  });

  it('a read ahead ended before it answered (the engine disposed) leaves load reading the file itself', async () => {
    new TextIndexStore(dir, index).saveSync(pieces);
    const store = new TextIndexStore(dir, index);
    store.readAhead();
    store.dispose();
    assert.deepEqual(await store.load(), Buffer.concat(pieces));
    store.readAhead();
    assert.deepEqual(await store.load(), Buffer.concat(pieces), 'read ahead again after a load');
  });
});
