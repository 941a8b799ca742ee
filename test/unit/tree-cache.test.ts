import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { extractFile } from '../../src/index/extract';
import { TreeCache } from '../../src/index/tree-cache';
import { FIXTURES } from './helpers';

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
