import * as fs from 'node:fs';
import * as path from 'node:path';
import { SEGMENT_FORMAT } from '../search/term-segment';
import type { TextIndexFile } from '../search/source';
import type { IndexStore } from './store';

export const TEXT_INDEX_FILE = 'text-index.bin';
/** Its own signing domain: signed with the index's key, it never passes for an index or a link snapshot, nor they for it. */
export const TEXT_INDEX_DOMAIN = `sightline-text-index|${SEGMENT_FORMAT}`;


/**
 * The retrieval text index (search/term-segment.ts), beside the index in the same folder, uncompressed so that it
 * loads as views over the file's bytes. Only a shortcut: a missing file is built again; one that is not ours
 * (wrong signature, another format) makes `load` throw, and the caller logs and rebuilds.
 */
export class TextIndexStore implements TextIndexFile {
  constructor(
    private readonly dir: string,
    private readonly index: IndexStore,
  ) {}

  load(): Buffer | undefined {
    const file = path.join(this.dir, TEXT_INDEX_FILE);
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
    return this.index.verified(fs.readFileSync(file), TEXT_INDEX_DOMAIN);
  }

  saveSync(pieces: readonly Buffer[]): void {
    this.index.writeSignedSync(TEXT_INDEX_FILE, pieces, TEXT_INDEX_DOMAIN);
  }

  save(pieces: readonly Buffer[]): Promise<void> {
    return this.index.writeSigned(TEXT_INDEX_FILE, pieces, TEXT_INDEX_DOMAIN);
  }
}
