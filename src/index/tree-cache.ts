import { Edit, type Point, type Tree } from 'web-tree-sitter';
import type { Disposable } from '../common/disposable';
import { spliceExtraction } from './edit-extract';
import { type Extraction, extractKeepingTree, type Reuse } from './extract';
import type { LanguageId } from './languages';
import type { FileRecord } from './records';

/**
 * Keeps the last syntax tree of the few files being edited, so that the next version of each is parsed
 * incrementally (`tree.edit` + `parse(text, oldTree)`: ~0.5 ms instead of ~11 ms for 2,000 lines of
 * TypeScript). Trees live in WASM memory the GC never sees, so the cache is small, least recently used
 * first out, and every tree it drops is deleted. After any failure the file's tree is dropped: the parser
 * may have been recreated after an abort, and an old tree must never steer a new parse. With the tree, the
 * file's records are kept, so an edit re-extracts only the declarations it touched (edit-extract.ts).
 */
const MAX_TREES = 8;

interface Entry {
  lang: LanguageId;
  /** The text `tree` was parsed from: the file's, or its repair (ts-repair.ts), which the next edit is from. */
  text: string;
  tree: Tree;
  /** The records of `text`, which the next version splices (edit-extract.ts). */
  extraction: Extraction;
}

export class TreeCache implements Disposable {
  private readonly entries = new Map<string, Entry>();

  async extract(key: string, lang: LanguageId, text: string): Promise<FileRecord> {
    const prev = this.entries.get(key);
    this.entries.delete(key);
    let old: Tree | undefined;
    let reuse: Reuse | undefined;
    if (prev && prev.lang === lang) {
      const edit = editBetween(prev.text, text);
      prev.tree.edit(edit);
      old = prev.tree;
      reuse = (query, oldTree, tree) => spliceExtraction(lang, query, oldTree, tree, text, { ...prev.extraction, edit });
    }
    try {
      const { tree, parsed, ...extraction } = await extractKeepingTree(lang, text, old, reuse);
      this.entries.set(key, { lang, text: parsed, tree, extraction });
      this.evict();
      return extraction.record;
    } finally {
      prev?.tree.delete();
    }
  }

  /** Forgets a file (closed editor, deleted file). */
  forget(key: string): void {
    this.entries.get(key)?.tree.delete();
    this.entries.delete(key);
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= MAX_TREES) break;
      this.forget(key);
    }
  }

  dispose(): void {
    for (const key of [...this.entries.keys()]) this.forget(key);
  }
}

/** The single edit that turns `before` into `after`: the span between their common prefix and suffix. */
export function editBetween(before: string, after: string): Edit {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let oldEnd = before.length;
  let newEnd = after.length;
  while (oldEnd > start && newEnd > start && before.charCodeAt(oldEnd - 1) === after.charCodeAt(newEnd - 1)) {
    oldEnd--;
    newEnd--;
  }
  return new Edit({
    startIndex: start,
    oldEndIndex: oldEnd,
    newEndIndex: newEnd,
    startPosition: pointAt(before, start),
    oldEndPosition: pointAt(before, oldEnd),
    newEndPosition: pointAt(after, newEnd),
  });
}

/** Row and column (JS string units, like the indices web-tree-sitter takes) of an offset. */
function pointAt(text: string, index: number): Point {
  let row = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return { row, column: index - lineStart };
}
