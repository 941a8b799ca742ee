import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { WikiPage } from './wiki';

/**
 * What the retrieval indexes persist in one file (the engine signs it, source.ts `TextIndexFile`): the text index's
 * segment (term-segment.ts), then the generated wiki it indexed, with the key of what the wiki was generated from
 * (`RetrievalIndex.wikiKey`). A warm start whose graph and docs give the same key takes the pages as they are
 * instead of generating them again (at a million lines that read every source file and sorted every symbol by
 * rank, seconds before the first `retrieve` could answer).
 *
 * Layout: magic, format, the segment's length, the wiki's length (4 bytes each, little-endian), the segment
 * (starting 4-byte aligned, so it is read as views over the bytes), the wiki: its pages without their markdown
 * as UTF-8 JSON (with each markdown's length in bytes), a newline, then every page's markdown, deflated, end to
 * end. A page's markdown is inflated when first read (9.7 MB of text at a million lines, ~1 MB deflated, most of it
 * never read: the text index was built from it, and a hit shows one section), and the file to read and verify on
 * a warm start is that much smaller. Then, when saved with the wiki, every symbol's PageRank by ordinal in the graph
 * the wiki was made from (float64, little-endian): the same key means the same graph, so a warm start serving the
 * saved wiki boosts `retrieve`'s code hits without computing PageRank first (~110 ms of CPU at a million lines).
 */

const MAGIC = 0x42524c53; // "SLRB"
/** 3: the graph's ranks after the wiki's markdown. */
export const RETRIEVAL_FILE_FORMAT = 3;
const HEAD = 16;

export interface PersistedWiki {
  key: string;
  /** The text index's version of the wiki owner (`pagesHash`): what the pages hash to, not computed again on load. */
  hash: string;
  pages: WikiPage[];
  /** Every symbol's rank (CodeGraph.symbolRanks) in the graph the pages were made from. */
  ranks?: Float64Array;
}

/**
 * The file as pieces to be written end to end (the segment's pieces among them, not copied), and the wiki's pages with
 * their markdown read from what was deflated for the file when first read: the caller keeps those instead of the
 * pages' text (at 3M lines ~30 MB of characters, most never read again), as a warm start that loaded them would.
 */
export function encodeRetrievalFile(segment: readonly Buffer[], wiki: PersistedWiki | undefined): { pieces: Buffer[]; pages?: WikiPage[] } {
  // Pages deflated when generated (deflatePage) are not deflated again: the same bytes.
  const markdown = wiki?.pages.map((p) => deflatedPages.get(p)?.deflated ?? deflateRawSync(Buffer.from(p.markdown, 'utf8'))) ?? [];
  const ranks = Buffer.alloc(8 * (wiki?.ranks?.length ?? 0));
  wiki?.ranks?.forEach((r, i) => ranks.writeDoubleLE(r, 8 * i));
  const head = wiki && { key: wiki.key, hash: wiki.hash, ranks: wiki.ranks?.length ?? -1, pages: wiki.pages.map((p, i) => ({ ...withoutMarkdown(p), markdownBytes: markdown[i].length })) };
  const json = Buffer.concat([Buffer.from(`${JSON.stringify(head ?? null)}\n`, 'utf8'), ...markdown, ranks]);
  const fixed = Buffer.alloc(HEAD);
  fixed.writeUInt32LE(MAGIC, 0);
  fixed.writeUInt32LE(RETRIEVAL_FILE_FORMAT, 4);
  const segmentLength = segment.reduce((n, b) => n + b.length, 0);
  fixed.writeUInt32LE(segmentLength, 8);
  fixed.writeUInt32LE(json.length, 12);
  const pad = Buffer.alloc((4 - (segmentLength % 4)) % 4);
  const pages = wiki?.pages.map((p, i) => (deflatedPages.has(p) ? p : withDeflatedMarkdown(withoutMarkdown(p), markdown[i])));
  return { pieces: [fixed, ...segment, pad, json], pages };
}

/** The segment's bytes (a view) and the wiki, checked field by field; throws saying what is wrong. */
export function decodeRetrievalFile(bytes: Buffer): { segment: Buffer; wiki?: PersistedWiki } {
  const fail = (what: string): never => {
    throw new Error(`not a retrieval index file (${what})`);
  };
  if (bytes.length < HEAD) fail('too short');
  if (bytes.readUInt32LE(0) !== MAGIC) fail('magic');
  if (bytes.readUInt32LE(4) !== RETRIEVAL_FILE_FORMAT) fail(`format ${bytes.readUInt32LE(4)}, expected ${RETRIEVAL_FILE_FORMAT}`);
  const segmentLength = bytes.readUInt32LE(8);
  const wikiAt = HEAD + segmentLength + ((4 - (segmentLength % 4)) % 4);
  const wikiLength = bytes.readUInt32LE(12);
  if (wikiAt + wikiLength !== bytes.length) fail('lengths');
  const newline = bytes.indexOf(0x0a, wikiAt);
  if (newline < 0 || newline >= wikiAt + wikiLength) fail('wiki head');
  const head: unknown = JSON.parse(bytes.toString('utf8', wikiAt, newline));
  const segment = bytes.subarray(HEAD, HEAD + segmentLength);
  if (head === null) return { segment };
  if (!isWikiHead(head)) return fail('wiki pages');
  let at = newline + 1;
  const pages = head.pages.map(({ markdownBytes, ...page }) => {
    const from = at;
    at += markdownBytes;
    if (at > wikiAt + wikiLength) fail('wiki markdown');
    // The bytes were signed with the rest: inflating them is safe; a page that does not inflate throws when read.
    return withDeflatedMarkdown(page, bytes.subarray(from, from + markdownBytes));
  });
  if (at + 8 * Math.max(0, head.ranks) !== wikiAt + wikiLength) fail('wiki markdown and ranks');
  // Copied in one go (the file is little-endian, as the segment's views assume), not read a double at a time.
  const ranks = head.ranks < 0 ? undefined : new Float64Array(new Uint8Array(bytes.subarray(at, at + 8 * head.ranks)).buffer);
  return { segment, wiki: { key: head.key, hash: head.hash, pages, ...(ranks ? { ranks } : {}) } };
}

/** Pages whose markdown is kept deflated: the bytes, and the text once `markdown` was read. */
const deflatedPages = new WeakMap<WikiPage, { deflated: Buffer; markdown?: string }>();

/** The page with its markdown inflated from `deflated` when first read (and kept from then on). */
function withDeflatedMarkdown(page: Omit<WikiPage, 'markdown'>, deflated: Buffer): WikiPage {
  const state: { deflated: Buffer; markdown?: string } = { deflated };
  const kept = Object.defineProperty(page, 'markdown', { enumerable: true, get: () => (state.markdown ??= inflateRawSync(deflated).toString('utf8')) }) as WikiPage;
  deflatedPages.set(kept, state);
  return kept;
}

/**
 * A generated page kept as it will be saved: its markdown deflated at once, inflated when first read. At a million
 * lines the wiki's 10 M characters of markdown (two-byte strings: the pages have dashes, 20 MB) lived from their
 * generation to the save, then died with the text index built.
 */
export function deflatePage(page: WikiPage): WikiPage {
  return withDeflatedMarkdown(withoutMarkdown(page), deflateRawSync(Buffer.from(page.markdown, 'utf8')));
}

/** A page's markdown for one pass over it (the text index's build, its hash): a deflated page's is not kept. */
export function markdownOnce(page: WikiPage): string {
  const state = deflatedPages.get(page);
  return state ? (state.markdown ?? inflateRawSync(state.deflated).toString('utf8')) : page.markdown;
}

/** The page's fields but its markdown, in their order, without reading it (a deflated page's would be inflated). */
function withoutMarkdown(page: WikiPage): Omit<WikiPage, 'markdown'> {
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(page)) if (key !== 'markdown') rest[key] = page[key as keyof WikiPage];
  return rest as Omit<WikiPage, 'markdown'>;
}

const isString = (x: unknown): x is string => typeof x === 'string';
const isLine = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;

type PageHead = Omit<WikiPage, 'markdown'> & { markdownBytes: number };

function isWikiHead(x: unknown): x is { key: string; hash: string; ranks: number; pages: PageHead[] } {
  if (typeof x !== 'object' || x === null) return false;
  const { key, hash, ranks, pages } = x as Record<string, unknown>;
  return isString(key) && isString(hash) && Number.isInteger(ranks) && (ranks as number) >= -1 && Array.isArray(pages) && pages.every(isPageHead);
}

function isPageHead(x: unknown): x is PageHead {
  if (typeof x !== 'object' || x === null) return false;
  const p = x as Record<string, unknown>;
  return (
    isString(p.id) && isString(p.title) && isString(p.purpose) && isLine(p.markdownBytes) &&
    Array.isArray(p.files) && p.files.every(isString) &&
    Array.isArray(p.sections) &&
    p.sections.every((s: unknown) => {
      if (typeof s !== 'object' || s === null) return false;
      const r = s as Record<string, unknown>;
      return isString(r.title) && isString(r.slug) && isLine(r.line_start) && isLine(r.line_end);
    })
  );
}
