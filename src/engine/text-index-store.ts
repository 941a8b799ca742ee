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
  /** The file's bytes being read on the thread pool (see readAhead), until `load` takes them. */
  private ahead?: Promise<Buffer | undefined>;

  constructor(
    private readonly dir: string,
    private readonly index: IndexStore,
  ) {}

  /**
   * Starts reading the file on the thread pool (the engine calls it when a warm start's pass is done): at a million
   * lines it is 18 MB, and reading it into fresh memory costs ~80 ms of page faults, which the first `retrieve` paid on
   * the thread that answers it. Nothing is
   * believed yet: `load` checks the signature of what was read as it does of a file read then. A file missing or
   * unreadable now is looked for again by `load`.
   */
  readAhead(): void {
    this.ahead ??= fs.promises.readFile(this.file).catch(() => undefined);
  }

  /** The payload, verified, if the file is there; throws if it is not ours (see the class). */
  async load(): Promise<Buffer | undefined> {
    const ahead = this.ahead;
    this.ahead = undefined;
    const bytes = (await ahead) ?? (fs.statSync(this.file, { throwIfNoEntry: false })?.isFile() ? fs.readFileSync(this.file) : undefined);
    return bytes && this.index.verified(bytes, TEXT_INDEX_DOMAIN);
  }

  private get file(): string {
    return path.join(this.dir, TEXT_INDEX_FILE);
  }

  saveSync(pieces: readonly Buffer[]): void {
    this.index.writeSignedSync(TEXT_INDEX_FILE, pieces, TEXT_INDEX_DOMAIN);
  }

  save(pieces: readonly Buffer[]): Promise<void> {
    return this.index.writeSigned(TEXT_INDEX_FILE, pieces, TEXT_INDEX_DOMAIN);
  }
}
