import { queryWords, stem } from './tokenize';

/** A text's query-word hits looked at for the window, at most. */
const MAX_HITS = 2000;
/** The hits of the text being cut (anchoredSnippet runs to its end before the next one starts). */
const hitKeys = new Float64Array(MAX_HITS);

export function collapseWhitespace(text: string): string {
  // Trimmed first (trim and \s are the same characters): the same text, without copying a long one once more.
  return text.trim().replace(/\s+/g, ' ');
}

/**
 * A query-anchored excerpt of at most `maxChars`: the window (whitespace collapsed) that holds the most
 * distinct query words, so the agent sees why the hit matched. Says whether anything was left out.
 */
export function anchoredSnippet(text: string, query: string, maxChars: number): { snippet: string; truncated: boolean } {
  const flat = collapseWhitespace(text);
  if (flat.length <= maxChars) return { snippet: flat, truncated: false };
  const stems = queryWords(query).map(stem);
  const lower = flat.toLowerCase();
  // Each hit as at × terms + term in one number: sorted, in the order of where, then of which term (as the stable
  // sort of { at, term } by `at` over hits added term by term), without an object per hit (up to 2,000 per text).
  const terms = stems.length;
  const keys = hitKeys;
  let count = 0;
  stems.forEach((s, term) => {
    if (s.length < 2) return;
    for (let at = lower.indexOf(s); at >= 0 && count < MAX_HITS; at = lower.indexOf(s, at + 1)) keys[count++] = at * terms + term;
  });
  const sorted = keys.subarray(0, count).sort();
  const hits = { length: count, atOf: (i: number) => Math.floor(sorted[i] / terms), termOf: (i: number) => sorted[i] % terms };
  let bestStart = 0;
  let bestScore = -1;
  // Slide a window over the hits: the start that covers the most distinct terms (then the most hits) wins. The
  // window's end (`past`) only moves forward, so each hit enters and leaves it once (a common word in a long wiki page has
  // up to 2,000 hits, and counting each start's window afresh was most of a `retrieve` call's snippets).
  const inWindow = new Uint32Array(stems.length);
  let distinct = 0;
  let past = 0;
  for (let i = 0; i < hits.length; i++) {
    if (i > 0 && i - 1 < past && --inWindow[hits.termOf(i - 1)] === 0) distinct--;
    past = Math.max(past, i);
    for (; past < hits.length && hits.atOf(past) < hits.atOf(i) + maxChars; past++) if (inWindow[hits.termOf(past)]++ === 0) distinct++;
    const score = distinct * 1000 + (past - i);
    if (score > bestScore) {
      bestScore = score;
      bestStart = hits.atOf(i);
    }
  }
  // Start a little before the first hit, at a word boundary, so the match has context.
  let start = Math.max(0, bestStart - Math.floor(maxChars / 5));
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space >= 0 && space < bestStart) start = space + 1;
  }
  start = Math.min(start, Math.max(0, flat.length - maxChars));
  const ellipsisBefore = start > 0 ? '…' : '';
  const room = maxChars - ellipsisBefore.length;
  const end = Math.min(flat.length, start + room);
  const ellipsisAfter = end < flat.length ? '…' : '';
  const body = flat.slice(start, end - ellipsisAfter.length);
  return { snippet: `${ellipsisBefore}${body}${ellipsisAfter}`, truncated: true };
}

/** Cuts text at the last line boundary at or before `maxChars` (a single overlong first line is cut mid-line). */
export function cutAtLine(text: string, maxChars: number): { text: string; truncated: boolean; lines: number } {
  if (text.length <= maxChars) return { text, truncated: false, lines: text.split('\n').length };
  const nl = text.lastIndexOf('\n', maxChars);
  const cut = nl > 0 ? text.slice(0, nl) : text.slice(0, maxChars);
  return { text: cut, truncated: true, lines: cut.split('\n').length };
}
