import * as assert from 'node:assert/strict';
import { nullLogger } from '../../src/common/log';
import type { ProjectConfig } from '../../src/graph/modules';
import { IndexPersistence, linkKeyOf } from '../../src/engine/persistence';
import type { StoredFile } from '../../src/engine/store';

describe('IndexPersistence.linkKey: the link snapshot key, remembered for the files it was last asked for', () => {
  const stored = (hash: string): StoredFile => ({ hash, size: 1, mtimeMs: 1, record: { lang: 'typescript', symbols: [], calls: [], imports: [] } as unknown as StoredFile['record'] });
  const config = (): ProjectConfig => ({ goModules: [], rustCrates: [], tsPaths: [], jsPackages: [] });

  it('answers as linkKeyOf for the same files in another map, and for files or a configuration that changed', () => {
    const persistence = new IndexPersistence(undefined, undefined, nullLogger, () => ({ files: new Map(), indexedAt: null, graph: undefined, unsaved: new Map() }));
    const files = new Map([['a.ts', stored('1')], ['b.ts', stored('2')], ['c.ts', stored('3')]]);
    const cfg = config();
    const key = persistence.linkKey(files, cfg);
    assert.equal(key, linkKeyOf(files, cfg));
    // What a pass that changed nothing hands on: a new map of the same StoredFile objects.
    assert.equal(persistence.linkKey(new Map(files), cfg), key);
    // A file whose content changed is a new StoredFile with another hash: a new key, not the remembered one.
    const edited = new Map(files).set('b.ts', stored('2b'));
    assert.equal(persistence.linkKey(edited, cfg), linkKeyOf(edited, cfg));
    assert.notEqual(linkKeyOf(edited, cfg), key);
    const removed = new Map(files);
    removed.delete('c.ts');
    assert.equal(persistence.linkKey(removed, cfg), linkKeyOf(removed, cfg));
    assert.notEqual(linkKeyOf(removed, cfg), key);
    // A configuration read again (another object) with other contents gives its own key.
    const other = { ...config(), jsPackages: [{ name: 'p', dir: 'p' }] };
    assert.equal(persistence.linkKey(files, other), linkKeyOf(files, other));
    assert.notEqual(linkKeyOf(files, other), key);
    assert.equal(persistence.linkKey(files, cfg), key);
  });
});
