import * as fs from 'node:fs';
import * as path from 'node:path';
import { errorMessage } from '../common/errors';
import type { Logger } from '../common/log';
import { isLinkSnapshot, LINK_FORMAT, type LinkSnapshot } from '../graph/link-snapshot';
import { gunzipWhole, gzipPieces } from './gzip-pieces';
import type { IndexStore } from './store';

export const LINKS_FILE = 'links.json.gz';
/** The snapshot's own signing domain: signed with the index's key, it still never passes for an index, nor an index for it. */
export const LINKS_DOMAIN = `sightline-links|${LINK_FORMAT}`;
/** Numbers serialised per piece. */
const NUMBERS_PER_PIECE = 20_000;

let writes = 0;

/**
 * The linked graph's snapshot (graph/link-snapshot.ts), beside the index in the same folder. It is only ever a
 * shortcut: a missing, unreadable or foreign snapshot is ignored and the graph is linked from the records.
 */
export class LinkStore {
  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
    /** Signs and verifies with the index's machine-local key (under LINKS_DOMAIN): a snapshot not written here is not believed. */
    private readonly index: IndexStore,
  ) {}

  load(): LinkSnapshot | undefined {
    const file = path.join(this.dir, LINKS_FILE);
    try {
      if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
      const data: unknown = JSON.parse(gunzipWhole(this.index.verified(fs.readFileSync(file), LINKS_DOMAIN)).toString('utf8'));
      if (isLinkSnapshot(data)) return data;
      this.logger.log('info', `Link snapshot at ${file} is of another format: linking the graph from the index.`);
    } catch (e) {
      this.logger.log('warn', `Link snapshot at ${file} is unreadable or not trusted (${errorMessage(e)}): linking the graph from the index.`);
    }
    return undefined;
  }

  /** Serialises in slices (the arrays run to millions of numbers) straight into gzip on the thread pool, replaces atomically. */
  async save(snapshot: LinkSnapshot): Promise<void> {
    const compressed = await gzipPieces(snapshotJsonPieces(snapshot));
    await fs.promises.mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, LINKS_FILE);
    const tmp = `${target}.${process.pid}.${++writes}.tmp`;
    try {
      await fs.promises.writeFile(tmp, this.index.signed(compressed, LINKS_DOMAIN));
      await fs.promises.rename(tmp, target);
    } catch (e) {
      await fs.promises.rm(tmp, { force: true });
      throw e;
    }
  }

  /** A snapshot that no longer fits is removed, so a later start does not read it for nothing. */
  discard(): void {
    fs.rmSync(path.join(this.dir, LINKS_FILE), { force: true });
  }
}

/** The snapshot as JSON, the number arrays a slice at a time. */
function* snapshotJsonPieces(snapshot: LinkSnapshot): Generator<string> {
  yield `{"format":${snapshot.format},"key":${JSON.stringify(snapshot.key)},"resolutions":${JSON.stringify(snapshot.resolutions)}`;
  for (const name of ['calls', 'moduleCalls', 'imports'] as const) {
    const numbers = snapshot[name];
    yield `,"${name}":[`;
    for (let i = 0; i < numbers.length; i += NUMBERS_PER_PIECE) yield `${i ? ',' : ''}${numbers.slice(i, i + NUMBERS_PER_PIECE).join(',')}`;
    yield ']';
  }
  yield '}';
}
