import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { contentHash } from '../../src/common/hash';
import { nullLogger } from '../../src/common/log';
import { IndexStore, INDEX_FORMAT, type StoredIndex } from '../../src/engine/store';
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
      assert.deepEqual(store.load(), expected);
      store.save(index);
      assert.deepEqual(store.load(), expected);
      assert.deepEqual(fs.readdirSync(dir).sort(), ['.gitignore', 'index.json.gz'], 'no temporary files left');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
