import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { extractFile } from '../../src/index/extract';
import { StringPool } from '../../src/index/intern';
import { languageForPath } from '../../src/index/languages';
import type { FileRecord } from '../../src/index/records';
import { FIXTURES } from './helpers';

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(abs));
    else if (languageForPath(e.name)) out.push(abs);
  }
  return out.sort();
}

describe('StringPool: one copy of each string across records', () => {
  it('leaves every field of every record as it was, in every language', async () => {
    const pool = new StringPool();
    const records: [string, FileRecord][] = [];
    for (const abs of sourceFiles(path.join(FIXTURES, 'quality'))) {
      records.push([abs, await extractFile(languageForPath(abs)!.id, fs.readFileSync(abs, 'utf8'))]);
    }
    const langs = new Set(records.map(([, r]) => r.lang));
    for (const lang of ['typescript', 'tsx', 'javascript', 'python', 'go', 'rust']) assert.ok(langs.has(lang as FileRecord['lang']), lang);
    // What a worker sends back: the record's JSON, parsed here, every string a fresh copy.
    for (const [abs, record] of records) {
      const sent = JSON.stringify(record);
      assert.deepEqual(pool.record(JSON.parse(sent)), JSON.parse(sent), abs);
    }
    // The fields that are only sometimes there were met (a pool that dropped them would fail above).
    const all = records.map(([, r]) => r);
    assert.ok(all.some((r) => r.symbols.some((s) => s.heritage?.length)), 'heritage');
    assert.ok(all.some((r) => r.symbols.some((s) => s.trait !== undefined)), 'trait');
    assert.ok(all.some((r) => r.calls.some((c) => c.receiver !== undefined)), 'receiver');
    assert.ok(all.some((r) => r.values?.some((v) => v.name !== undefined)), 'values');
    assert.ok(all.some((r) => r.packageName !== undefined), 'packageName');
  });
});
