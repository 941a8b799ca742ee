import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spliceExtraction } from '../../src/index/edit-extract';
import { extractFile, extractKeepingTree, type KeptExtraction } from '../../src/index/extract';
import { type LanguageId, languageForPath } from '../../src/index/languages';
import { editBetween, TreeCache } from '../../src/index/tree-cache';
import { editSteps } from './edit-steps';
import { FIXTURES, SLOW_SUITE_TIMEOUT_MS } from './helpers';

/** Deterministic pseudo-random edits: insertions, deletions and replacements anywhere in the text. */
function* edits(text: string, count: number): Generator<string> {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % Math.max(1, n);
  };
  const snippets = ['\n', 'x', 'foo(bar);\n', '// note\n', '}', '"é😀"', 'let y = 1;\n', ''];
  let current = text;
  for (let i = 0; i < count; i++) {
    const at = next(current.length);
    const del = next(4) === 0 ? next(12) : 0;
    current = current.slice(0, at) + snippets[next(snippets.length)] + current.slice(at + del);
    yield current;
  }
}

describe('TreeCache: incremental re-parsing of edited files', () => {
  it('gives exactly what a fresh parse gives, edit after edit (TypeScript, Python, Go, Rust)', async () => {
    const cache = new TreeCache();
    try {
      const files: [string, 'typescript' | 'python' | 'go' | 'rust'][] = [
        ['ts/src/calculator.ts', 'typescript'], ['py/pkg/service.py', 'python'], ['go/main.go', 'go'], ['rust/src/geometry.rs', 'rust'],
      ];
      for (const [rel, lang] of files) {
        const text = fs.readFileSync(path.join(FIXTURES, 'polyglot', rel), 'utf8');
        assert.deepEqual(await cache.extract(rel, lang, text), await extractFile(lang, text));
        for (const edited of edits(text, 40)) assert.deepEqual(await cache.extract(rel, lang, edited), await extractFile(lang, edited), `${rel} after an edit`);
      }
    } finally {
      cache.dispose();
    }
  });

  it('keeps at most a few trees, and disposing twice is safe', async () => {
    const cache = new TreeCache();
    for (let i = 0; i < 20; i++) await cache.extract(`f${i}.ts`, 'typescript', `export function f${i}() {}`);
    assert.equal((cache as unknown as { entries: Map<string, unknown> }).entries.size, 8);
    cache.dispose();
    cache.dispose();
  });
});

describe('TreeCache: an edit re-extracts only the top-level declarations it touched', () => {
  const FILES = ['quality/tsx/src/App.tsx', 'quality/tsx/src/ui/Button.tsx', 'quality/tsx/src/legacy.jsx', 'polyglot/ts/src/calculator.ts', 'polyglot/ts/src/app.ts', 'quality/typescript/lib/events.ts', 'quality/typescript/app/kinds.ts', 'quality/javascript/app/tasks.js'];

  /** Applies `next` to the kept extraction as TreeCache does; says whether the records were spliced. */
  async function step(lang: LanguageId, kept: KeptExtraction, text: string, next: string): Promise<{ kept: KeptExtraction; spliced: boolean }> {
    const edit = editBetween(text, next);
    kept.tree.edit(edit);
    let spliced = false;
    try {
      const now = await extractKeepingTree(lang, next, kept.tree, (query, oldTree, tree) => {
        const out = spliceExtraction(lang, query, oldTree, tree, next, { ...kept, edit });
        spliced = out !== undefined;
        return out;
      });
      return { kept: now, spliced };
    } finally {
      kept.tree.delete();
    }
  }

  it('gives exactly what a fresh extraction gives after each kind of edit, and splices most of them', async function () {
    this.timeout(SLOW_SUITE_TIMEOUT_MS); // extracts eight files whole and spliced after each of 29 edits
    let spliced = 0;
    let whole = 0;
    for (const rel of FILES) {
      const lang = languageForPath(rel)!.id;
      const original = fs.readFileSync(path.join(FIXTURES, rel), 'utf8');
      let text = original;
      let valid = original;
      let kept = await extractKeepingTree(lang, text);
      try {
        for (const [i, edit] of editSteps('//').entries()) {
          // Each edit applies to the last version without parse errors, as most edits of a file do.
          const next = edit(valid, i);
          const r = await step(lang, kept, text, next);
          kept = r.kept;
          assert.deepEqual(kept.record, await extractFile(lang, next), `${rel} after edit ${i}`);
          if (r.spliced) spliced++;
          else whole++;
          text = kept.parsed;
          if (!kept.record.hasErrors) valid = next;
        }
      } finally {
        kept.tree.delete();
      }
    }
    assert.ok(spliced >= 100, `spliced ${spliced}`);
    assert.ok(whole >= 30, `extracted whole ${whole}`);
  });

  it('splices an edit inside a function, shifting what follows; extracts the whole file for an import or a declaration that changes the names values are kept by', async () => {
    const lang = 'tsx';
    const text = [
      "import { run } from './run';",
      '',
      'export function first() {',
      '  return run(1);',
      '}',
      '',
      '/** Second. */',
      'export const second = () => first(); const third = () => run(second);',
      '',
      'function handler() { const first = () => 2; return first() + 2; }',
      'export function App() {',
      '  return <button onClick={handler}>{second()}</button>;',
      '}',
      'first();  run(1);',
    ].join('\n');
    const cases: [string, string, boolean][] = [
      ['a call inside a body', text.replace('  return run(1);', '  run(0);\n  return run(1);'), true],
      ['a doc comment before a declaration', text.replace('function handler()', '// Handles.\nfunction handler()'), true],
      ['a doc comment removed', text.replace('/** Second. */\n', ''), true],
      ['an import', text.replace("import { run } from './run';", "import { run, stop } from './run';"), false],
      ['a new name called bare', text.replace('  return run(1);', '  stop();\n  return run(1);'), false],
      ['typed at the end of the last line', `${text} first();`, true],
      ['a statement after the last, on its line', text.replace('first();  run(1);', 'first();  run(1); run(second);'), true],
      ['a doc comment changed across a stray semicolon', text.replace('/** Second. */\n', '/** Second, changed. */\n;\n'), true],
      ['the last statement removed, past the end of what is left', text.replace('first();  run(1);', 'first();  '), true],
      // Within a line: the records after keep their lines, so those the edit leaves as they were are kept, not copied.
      ['typed within a line, offsets shifted', text.replace('+ 2;', '+ 22;'), true],
      ['the same length replaced within a line', text.replace('+ 2;', '+ 3;'), true],
      ['a function added within a line: the enclosing symbols of the calls after it move', text.replace('export const second = () => first();', 'export const second = () => { const run = () => 0; return first(); };'), true],
      ['a function removed within a line', text.replace(' const first = () => 2; return first() + 2;', ' return 2;'), true],
    ];
    for (const [what, next, splices] of cases) {
      const r = await step(lang, await extractKeepingTree(lang, text), text, next);
      try {
        assert.deepEqual(r.kept.record, await extractFile(lang, next), what);
        assert.equal(r.spliced, splices, what);
      } finally {
        r.kept.tree.delete();
      }
    }
  });
});
