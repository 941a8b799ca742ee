import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeGraph } from '../../src/graph/code-graph';
import { EMPTY_PROJECT } from '../../src/graph/modules';
import { extractFile } from '../../src/index/extract';
import { languageForPath } from '../../src/index/languages';
import type { FileRecord } from '../../src/index/records';
import { editSteps, snapshot } from './edit-steps';
import { FIXTURES, SLOW_SUITE_TIMEOUT_MS } from './helpers';

async function fixtureRecords(fixture = 'polyglot'): Promise<Map<string, { text: string; record: FileRecord }>> {
  const root = path.join(FIXTURES, fixture);
  const out = new Map<string, { text: string; record: FileRecord }>();
  const walk = async (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(d, e.name);
      if (e.isDirectory()) await walk(abs);
      else if (languageForPath(e.name)) {
        const text = fs.readFileSync(abs, 'utf8');
        out.set(path.relative(root, abs).split(path.sep).join('/'), { text, record: await extractFile(languageForPath(e.name)!.id, text) });
      }
    }
  };
  await walk(root);
  return out;
}

describe('CodeGraph.updateFile: re-linking one edited file in place', () => {
  it('gives the graph a rebuild gives, for a body edit in every fixture file', async () => {
    const files = await fixtureRecords();
    for (const [rel, { text, record }] of files) {
      const lang = record.lang;
      // A new first line shifts every position; a comment keeps the file's outward shape.
      const comment = lang === 'python' ? '# edited' : '// edited';
      const edited = await extractFile(lang, `${comment}\n${text}`);
      const records = new Map([...files].map(([k, v]) => [k, v.record]));
      const graph = new CodeGraph(records, EMPTY_PROJECT);
      assert.equal(graph.updateFile(rel, edited), true, rel);
      records.set(rel, edited);
      assert.deepEqual(snapshot(graph), snapshot(new CodeGraph(records, EMPTY_PROJECT)), rel);
    }
  });

  it('gives the graph a rebuild gives after each of a series of edits to the same file (inserts, deletes, moved and changed calls, JSX, the ends of the file, a signature, a doc comment, an import, a declaration added and removed)', async function () {
    this.timeout(SLOW_SUITE_TIMEOUT_MS); // re-links and rebuilds three fixtures after each of 29 edits
    let inPlace = 0;
    for (const fixture of ['polyglot', 'quality/tsx', 'quality/typescript']) {
      const files = await fixtureRecords(fixture);
      const records = new Map([...files].map(([k, v]) => [k, v.record]));
      let graph = new CodeGraph(records, EMPTY_PROJECT);
      for (const [rel, { text, record }] of files) {
        let current = text;
        for (const [i, step] of editSteps(record.lang === 'python' ? '#' : '//').entries()) {
          current = step(current, i);
          const edited = await extractFile(record.lang, current);
          records.set(rel, edited);
          if (graph.updateFile(rel, edited)) inPlace++;
          else graph = new CodeGraph(records, EMPTY_PROJECT);
          assert.deepEqual(snapshot(graph), snapshot(new CodeGraph(records, EMPTY_PROJECT)), `${fixture}/${rel} after edit ${i}`);
        }
      }
    }
    assert.ok(inPlace > 100, `${inPlace} edits re-linked in place`);
  });

  it('CodeGraph.build (yielding while it links) gives the graph the constructor gives', async () => {
    const records = new Map([...(await fixtureRecords())].map(([k, v]) => [k, v.record]));
    assert.deepEqual(snapshot(await CodeGraph.build(records, EMPTY_PROJECT, 0)), snapshot(new CodeGraph(records, EMPTY_PROJECT)));
  });

  it('refuses (returns false, changes nothing) when an edit renames a symbol or changes imports', async () => {
    const files = await fixtureRecords();
    const [rel, { record }] = [...files].find(([, v]) => v.record.symbols.length > 0 && v.record.imports.length > 0)!;
    const records = new Map([...files].map(([k, v]) => [k, v.record]));
    const graph = new CodeGraph(records, EMPTY_PROJECT);
    const before = snapshot(graph);
    const renamed: FileRecord = { ...record, symbols: record.symbols.map((s, i) => (i === 0 ? { ...s, name: `${s.name}X`, qualifiedName: `${s.qualifiedName}X` } : s)) };
    assert.equal(graph.updateFile(rel, renamed), false);
    assert.equal(graph.updateFile(rel, { ...record, imports: record.imports.slice(1) }), false);
    assert.equal(graph.updateFile('no/such/file.ts', record), false);
    assert.deepEqual(snapshot(graph), before);
  });
});
