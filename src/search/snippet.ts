import { queryWords, stem } from './tokenize';

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
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
  const hits: { at: number; term: number }[] = [];
  stems.forEach((s, term) => {
    if (s.length < 2) return;
    for (let at = lower.indexOf(s); at >= 0 && hits.length < 2000; at = lower.indexOf(s, at + 1)) hits.push({ at, term });
  });
  hits.sort((a, b) => a.at - b.at);
  let bestStart = 0;
  let bestScore = -1;
  // Slide a window over the hits: the start that covers the most distinct terms (then the most hits) wins. The
  // window's end (`past`) only moves forward, so each hit enters and leaves it once (a common word in a long wiki page has
  // up to 2,000 hits, and counting each start's window afresh was most of a `retrieve` call's snippets).
  const inWindow = new Uint32Array(stems.length);
  let distinct = 0;
  let past = 0;
  for (let i = 0; i < hits.length; i++) {
    if (i > 0 && i - 1 < past && --inWindow[hits[i - 1].term] === 0) distinct--;
    past = Math.max(past, i);
    for (; past < hits.length && hits[past].at < hits[i].at + maxChars; past++) if (inWindow[hits[past].term]++ === 0) distinct++;
    const score = distinct * 1000 + (past - i);
    if (score > bestScore) {
      bestScore = score;
      bestStart = hits[i].at;
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
