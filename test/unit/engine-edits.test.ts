import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Engine } from '../../src/engine/engine';
import { editSteps, snapshot } from './edit-steps';
import { copyFixture, FIXTURES, removeDir, SLOW_SUITE_TIMEOUT_MS } from './helpers';

const CALC = 'ts/src/calculator.ts';
const callersOf = (engine: Engine, id: string) => engine.graph.walk([id], 'in', 1).map((r) => r.symbol.id).sort();

describe('engine: edits re-link in place, everything else rebuilds', () => {
  let root: string;
  let engine: Engine;
  beforeEach(async () => {
    root = copyFixture('polyglot');
    engine = new Engine({ root, storageDir: path.join(root, '.cache-under-test'), workers: 0 });
    await engine.index();
  });
  afterEach(() => {
    engine.dispose();
    removeDir(root);
  });

  it('an unsaved body edit updates the same graph: the new call is visible, positions move', async () => {
    const graph = engine.graph;
    const text = fs.readFileSync(path.join(root, CALC), 'utf8');
    const edited = text.replace('  total(): number {\n', '  total(): number {\n    normalizeText("x");\n');
    engine.setOverlay(CALC, edited);
    assert.equal(await engine.ready(), graph, 'same graph object: re-linked in place');
    assert.deepEqual(callersOf(engine, 'ts/src/strings.ts#normalize'), [`${CALC}#Calculator.report`, `${CALC}#Calculator.total`]);
    assert.equal(engine.graph.table.byId.get(`${CALC}#Calculator.report`)!.lineStart, 17);
    engine.setOverlay(CALC, undefined);
    await engine.ready();
    assert.deepEqual(callersOf(engine, 'ts/src/strings.ts#normalize'), [`${CALC}#Calculator.report`]);
    assert.equal(engine.graph.table.byId.get(`${CALC}#Calculator.report`)!.lineStart, 16);
  });

  it('a rename rebuilds the graph, and a created file is found by the targeted check falling back to a scan', async () => {
    const graph = engine.graph;
    const text = fs.readFileSync(path.join(root, CALC), 'utf8');
    engine.setOverlay(CALC, text.replace('total(): number', 'sum(): number'));
    await engine.ready();
    assert.notEqual(engine.graph, graph);
    assert.ok(engine.graph.table.byId.has(`${CALC}#Calculator.sum`));
    fs.writeFileSync(path.join(root, 'ts/src/extra.ts'), "import { normalize } from './strings';\nexport function extra() { return normalize('a'); }\n");
    engine.markDirty('ts/src/extra.ts');
    await engine.ready();
    assert.ok(callersOf(engine, 'ts/src/strings.ts#normalize').includes('ts/src/extra.ts#extra'));
  });

  it('loads the grammar and query of every indexed language on this thread after the first pass, most files first', async () => {
    const langs = await engine.grammarsWarmed();
    const files = [...engine.indexedFiles().values()].map((f) => f.record.lang);
    assert.deepEqual([...langs].sort(), [...new Set(files)].sort());
    const count = (lang: string) => files.filter((l) => l === lang).length;
    for (let i = 1; i < langs.length; i++) assert.ok(count(langs[i - 1]) >= count(langs[i]), `${langs[i - 1]} before ${langs[i]}`);
  });

  it('a warm-up not started when the engine is disposed loads nothing', async () => {
    const again = new Engine({ root, storageDir: path.join(root, '.cache-under-test'), workers: 0 });
    await again.index();
    again.dispose();
    assert.deepEqual(await again.grammarsWarmed(), []);
  });

  it('saves an edit made in memory when disposed, so the next start has it without re-parsing', async () => {
    const file = path.join(root, CALC);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('  total(): number {\n', '  total(): number {\n    normalizeText("x");\n'));
    engine.markDirty(CALC);
    await engine.ready();
    engine.dispose();
    const again = new Engine({ root, storageDir: path.join(root, '.cache-under-test'), workers: 0 });
    try {
      const stats = await again.index();
      assert.equal(stats.files_indexed, 0);
      assert.deepEqual(callersOf(again, 'ts/src/strings.ts#normalize'), [`${CALC}#Calculator.report`, `${CALC}#Calculator.total`]);
    } finally {
      again.dispose();
    }
  });

  it('answers after each of a series of unsaved edits as a fresh index of the edited files does (incremental parses, calls re-resolved only where changed, JSX, the ends of the file, a signature, a doc comment, an import, a declaration added and removed)', async function () {
    this.timeout(SLOW_SUITE_TIMEOUT_MS); // indexes the fixture afresh after each of 29 edits of five files
    const cases: [string, string[]][] = [
      ['polyglot', ['ts/src/calculator.ts', 'py/pkg/service.py', 'go/main.go']],
      ['quality/tsx', ['src/App.tsx', 'src/ui/Button.tsx']],
    ];
    for (const [fixture, rels] of cases) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-edits-'));
      fs.cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
      const edited = new Engine({ root: dir, storageDir: null, workers: 0 });
      try {
        await edited.index();
        for (const rel of rels) {
          let text = fs.readFileSync(path.join(dir, rel), 'utf8');
          for (const [i, step] of editSteps(rel.endsWith('.py') ? '#' : '//').entries()) {
            text = step(text, i);
            edited.setOverlay(rel, text);
            await edited.ready();
            const fresh = path.join(os.tmpdir(), `sightline-fresh-${process.pid}`);
            fs.cpSync(dir, fresh, { recursive: true });
            fs.writeFileSync(path.join(fresh, rel), text);
            for (const [other, overlay] of rels.slice(0, rels.indexOf(rel)).map((r) => [r, edited.readText(r)])) fs.writeFileSync(path.join(fresh, other), overlay);
            const engine = new Engine({ root: fresh, storageDir: null, workers: 0 });
            try {
              await engine.index();
              assert.deepEqual(snapshot(edited.graph), snapshot(engine.graph), `${fixture}/${rel} after edit ${i}`);
            } finally {
              engine.dispose();
              removeDir(fresh);
            }
          }
        }
      } finally {
        edited.dispose();
        removeDir(dir);
      }
    }
  });
});
