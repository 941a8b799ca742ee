import type { Query, Tree } from 'web-tree-sitter';
import { codePointColumn, type Extraction, piecesFromTree, type Pieces, type PiecesRange, type PreviousExtraction } from './extract';
import { functionValues } from './js-values';
import { languageInfo, type LanguageId } from './languages';
import { mergeOverloads } from './overloads';
import type { FileRecord } from './records';

/**
 * An edit's re-extraction of only the top-level declarations it touched. After the incremental re-parse, the region
 * is the run of the root's children that hold the edited text or a range tree-sitter reports as changed
 * (`getChangedRanges`: outside them every character has the same ancestors in both trees), widened so that
 *  - no child outside it shares a line with it (records outside keep their characters, and are told apart by line);
 *  - it ends with the first declaration after it (past comments): a comment typed before a declaration is its doc.
 * The tags query runs over that region only; the previous version's records before it are kept as they are, those
 * after it shifted by the edit's offsets, lines and symbol count (a record the shift leaves as it was is kept, not
 * copied: typing within a line copies only the symbols after it, for their offsets). Then the passes over the whole
 * file run again on the spliced record: function values (which keep a value only if the file declares, imports or
 * calls its name) and merged overloads. A region of more than half of a large file is not worth it: the whole file is extracted.
 *
 * Returns undefined (the caller extracts the whole file) whenever that is not provably what a whole-file extraction
 * gives: a language other than JavaScript/TypeScript, a tree with errors, a file with records whose meaning reaches
 * across declarations (Extraction.fileWide), imports in the region before or after the edit, a change to the names
 * the function values are filtered by, or records of the previous version not in file order.
 */
export function spliceExtraction(lang: LanguageId, query: Query, oldTree: Tree, tree: Tree, text: string, previous: PreviousExtraction): Extraction | undefined {
  const before = previous.unmerged;
  if (languageInfo(lang).family !== 'js' || previous.fileWide || before.hasErrors || before.lang !== lang || tree.rootNode.hasError) return undefined;
  const region = touchedRegion(oldTree, tree, previous.edit);
  // Most of a large file: a whole extraction costs about as much, and a splice that then falls back would cost both.
  if (text.length > LARGE_TEXT && region.endIndex - region.startIndex > text.length / 2) return undefined;
  const { edit } = previous;
  const shift = edit.newEndIndex - edit.oldEndIndex;
  const rowShift = edit.newEndPosition.row - edit.oldEndPosition.row;
  const byLine = (line: number) => (line - 1 < region.oldFirstRow ? 0 : line - 1 <= region.oldLastRow ? 1 : 2);
  const byOffset = (offset: number) => (offset < region.oldStart ? 0 : offset < region.oldEnd ? 1 : 2);

  const symbols = split(before.symbols, (s) => byOffset(s.startIndex));
  const calls = split(before.calls, (c) => byLine(c.line));
  const imports = split(before.imports, (i) => byLine(i.line));
  const bindings = split(before.bindings, (_b, k) => byOffset(previous.bindingStarts[k]));
  const values = split(before.values ?? [], (v) => byLine(v.line));
  if (!symbols || !calls || !imports || !bindings || !values || imports[1].length) return undefined;

  const pieces: Pieces = region.endIndex > region.startIndex ? piecesFromTree(lang, query, tree, text, region) : NOTHING;
  if (pieces.fileWide || pieces.imports.length) return undefined;

  const first = symbols[0].length;
  const indexShift = pieces.symbols.length - symbols[1].length;
  const inRegion = (i: number | undefined) => (i === undefined ? undefined : i + first);
  const after = (i: number | undefined) => (i === undefined || i < first ? i : i + indexShift);
  const symbolsOut = [
    ...symbols[0],
    ...pieces.symbols.map((s) => ({ ...s, parent: inRegion(s.parent) })),
    ...symbols[2].map((s) => (shift === 0 && rowShift === 0 && after(s.parent) === s.parent ? s : { ...s, lineStart: s.lineStart + rowShift, lineEnd: s.lineEnd + rowShift, startIndex: s.startIndex + shift, endIndex: s.endIndex + shift, parent: after(s.parent) })),
  ];
  const callsOut = [
    ...calls[0],
    ...pieces.calls.map((c) => ({ ...c, enclosing: inRegion(c.enclosing) })),
    ...calls[2].map((c) => (rowShift === 0 && after(c.enclosing) === c.enclosing ? c : { ...c, line: c.line + rowShift, enclosing: after(c.enclosing) })),
  ];
  const importsOut = [...imports[0], ...imports[2].map((i) => (rowShift === 0 ? i : { ...i, line: i.line + rowShift }))];
  const bindingsOut = [
    ...bindings[0],
    ...pieces.bindings.map((b) => ({ ...b, scope: inRegion(b.scope) })),
    ...bindings[2].map((b) => (after(b.scope) === b.scope ? b : { ...b, scope: after(b.scope) })),
  ];
  const bindingStarts = [
    ...previous.bindingStarts.slice(0, bindings[0].length),
    ...pieces.bindingStarts,
    ...previous.bindingStarts.slice(bindings[0].length + bindings[1].length).map((o) => o + shift),
  ];
  // Values are kept by the names the file declares, imports and calls bare: those must not have changed.
  if (!sameNames(before, symbolsOut, callsOut, importsOut)) return undefined;
  const locate = (offset: number) => ({ symbol: inRegion(pieces.locate(offset).symbol) });
  const regionValues = functionValues(pieces.valueMatches, callsOut, symbolsOut, importsOut, locate, (i) => codePointColumn(text, i)) ?? [];
  const valuesOut = [
    ...values[0],
    ...regionValues,
    ...values[2].map((v) => (rowShift === 0 && after(v.scope) === v.scope ? v : { ...v, line: v.line + rowShift, scope: after(v.scope), ...(v.callLine !== undefined ? { callLine: v.callLine + rowShift } : {}) })),
  ];
  const unmerged: FileRecord = {
    lang,
    symbols: symbolsOut,
    calls: callsOut,
    imports: importsOut,
    bindings: bindingsOut,
    ...(valuesOut.length ? { values: valuesOut } : {}),
    packageName: undefined,
    hasErrors: false,
    lines: tree.rootNode.endPosition.row + 1,
  };
  return { record: mergeOverloads(unmerged), unmerged, bindingStarts, fileWide: false };
}

/**
 * The top-level nodes an edit touched: `startIndex`–`endIndex` (the new tree's offsets) is what the query runs over; the
 * previous version's records are split by `oldStart`–`oldEnd` (offsets) and `oldFirstRow`–`oldLastRow` (0-based rows).
 */
/** Characters from which a file is large enough for a splice's fallback to matter (a few hundred lines). */
const LARGE_TEXT = 20_000;

const NOTHING: Pieces = { symbols: [], calls: [], imports: [], bindings: [], bindingStarts: [], valueMatches: [], locate: () => ({}), fileWide: false };

interface Region extends PiecesRange {
  oldStart: number;
  oldEnd: number;
  oldFirstRow: number;
  oldLastRow: number;
}

/** The run of top-level nodes an edit touched (see spliceExtraction). */
function touchedRegion(oldTree: Tree, tree: Tree, edit: PreviousExtraction['edit']): Region {
  const shift = edit.newEndIndex - edit.oldEndIndex;
  const rowShift = edit.newEndPosition.row - edit.oldEndPosition.row;
  let lo = edit.startIndex;
  let hi = edit.newEndIndex;
  let loRow = edit.startPosition.row;
  let hiRow = edit.newEndPosition.row;
  for (const r of oldTree.getChangedRanges(tree)) {
    lo = Math.min(lo, r.startIndex);
    hi = Math.max(hi, r.endIndex);
    loRow = Math.min(loRow, r.startPosition.row);
    hiRow = Math.max(hiRow, r.endPosition.row);
  }
  // `comment`: what a doc comment may be made of, or pass over (docComment reads named siblings: a stray `;` is skipped).
  const top = tree.rootNode.children.map((c) => ({ start: c!.startIndex, end: c!.endIndex, firstRow: c!.startPosition.row, lastRow: c!.endPosition.row, comment: c!.type === 'comment' || !c!.isNamed }));
  const n = top.length;
  // Nothing left: every record of the previous version is in the (empty) region.
  if (n === 0) return { startIndex: 0, endIndex: 0, firstRow: 0, lastRow: -1, oldStart: 0, oldEnd: Infinity, oldFirstRow: 0, oldLastRow: Infinity };
  // An edit past the last node takes the last node in: it may share the edit's line, or be what the edit cut short.
  let i = 0;
  while (i < n - 1 && top[i].end < lo) i++;
  let j = Math.max(i, lastStartingBy(top, hi));
  const oldTop = oldTree.rootNode.namedChildren.map((c) => ({ start: c!.startIndex, comment: c!.type === 'comment' }));
  const oldCommentBefore = (offset: number) => oldTop[lastStartingBy(oldTop, offset - 1)]?.comment === true;
  while (i > 0 && top[i - 1].lastRow >= Math.min(top[i].firstRow, loRow)) i--;
  for (let last = -1; last !== j; ) {
    last = j;
    // A node on a line the edit changed, or on the region's last line: its records' characters may move.
    while (j + 1 < n && top[j + 1].firstRow <= Math.max(top[j].lastRow, hiRow)) j++;
    // The next declaration's doc comment is the comments right before it: a comment in the region, or one the edit removed.
    while (j + 1 < n && (top[j].comment || oldCommentBefore(top[j + 1].start))) j++;
  }
  const end = Math.max(top[j].end, hi);
  return {
    startIndex: top[i].start,
    endIndex: top[j].end,
    firstRow: top[i].firstRow,
    lastRow: top[j].lastRow,
    oldStart: Math.min(top[i].start, lo),
    oldEnd: end - shift,
    oldFirstRow: Math.min(top[i].firstRow, loRow),
    oldLastRow: Math.max(top[j].lastRow, hiRow) - rowShift,
  };
}

/** The last of the nodes (in order, not overlapping) that starts at or before `offset`; -1 if none. */
function lastStartingBy(top: readonly { start: number }[], offset: number): number {
  let j = -1;
  while (j + 1 < top.length && top[j + 1].start <= offset) j++;
  return j;
}

/**
 * Splits records in file order into those before the region, in it and after it (`part` says 0, 1 or 2); undefined if
 * they are not in that order.
 */
function split<T>(records: readonly T[], part: (r: T, k: number) => number): [T[], T[], T[]] | undefined {
  const out: [T[], T[], T[]] = [[], [], []];
  let last = 0;
  for (let k = 0; k < records.length; k++) {
    const p = part(records[k], k);
    if (p < last) return undefined;
    last = p;
    out[p].push(records[k]);
  }
  return out;
}

/** The names function values are filtered by (js-values.ts functionValues): declared, imported, called bare. */
function sameNames(before: FileRecord, symbols: FileRecord['symbols'], calls: FileRecord['calls'], imports: FileRecord['imports']): boolean {
  const names = (s: FileRecord['symbols'], c: FileRecord['calls'], i: FileRecord['imports']) => {
    const known = new Set<string>();
    for (const x of s) known.add(x.name);
    for (const x of i) if (x.local !== undefined) known.add(x.local);
    const bare = new Set<string>();
    for (const x of c) if (x.receiver === undefined) bare.add(x.name);
    return [known, bare];
  };
  const [k0, b0] = names(before.symbols, before.calls, before.imports);
  const [k1, b1] = names(symbols, calls, imports);
  return equalSets(k0, k1) && equalSets(b0, b1);
}

function equalSets(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}
