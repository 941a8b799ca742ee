import { Edit } from 'web-tree-sitter';

/**
 * TypeScript that tree-sitter-typescript 0.23 cannot parse, rewritten in place for a second parse: every rewrite
 * keeps the text's length and every line's length, so positions in the repaired tree are the file's own.
 *
 * - A call signature on a line of its own after another member of an object type (`{ (): A⏎ <B>(b: B): C }`,
 *   effect's ~1,900 overloaded `dual` declarations): the grammar inserts no automatic semicolon before `<` or `(`,
 *   reads `A<B>(b: B)` and the rest of the file turns into error regions (Schema.ts: 11,443 lines, all of them;
 *   every call inside was lost). One indentation blank before the line becomes `;`, the separator TS allows there.
 * - Variance annotations on type parameters (`interface Schema<in out A, out R>`): the modifiers become blanks.
 *
 * Both rewrites could misread code in theory (`f⏎  (x)` written as a call across lines, `in` in a string), so
 * extraction (extract.ts) keeps a repaired tree only where every rewrite is what it means to be in it (a member
 * separator, blanks in type parameters) or where the file's own parse has errors (193 of effect's 363 files, 204k
 * of its 236k lines). Counting the errors of both trees to keep the better one cost as much as a second parse.
 */
export function repairTypeScript(text: string): Repair | undefined {
  const blanks = signatureBlanks(text);
  let repaired = text;
  if (blanks.length > 0) {
    const parts: string[] = [];
    let from = 0;
    for (const b of blanks) {
      parts.push(text.slice(from, b), ';');
      from = b + 1;
    }
    parts.push(text.slice(from));
    repaired = parts.join('');
  }
  const blanked: number[] = [];
  const variance: number[] = [];
  repaired = repaired.replace(VARIANCE, (_m, before: string, modifiers: string, offset: number) => {
    variance.push(offset + before.length);
    for (let k = 0; k < modifiers.length; k++) if (modifiers[k] !== ' ') blanked.push(offset + before.length + k);
    return before + ' '.repeat(modifiers.length);
  });
  if (repaired === text) return undefined;
  return { text: repaired, separators: blanks, variance, edits: () => editsAt(text, mergeSorted(blanks, blanked)) };
}

/**
 * A repaired text, where each rewrite is (for a caller to check them in the repaired tree), and the edits that turn
 * the file's text into it (same length: one per changed character), built only when asked: a repaired text parsed
 * afresh needs none.
 */
export interface Repair {
  text: string;
  /** Where a blank became a signature's `;`, ascending. */
  separators: number[];
  /** Where each blanked run of variance modifiers starts, ascending. */
  variance: number[];
  edits: () => Edit[];
}

/**
 * The end of a member's type (a name, `>` other than `=>`, `]`, `}`), then comments and line breaks, then an indented
 * line starting with `<` or `(`: the last blank of the indentation is replaced. A block comment's body never
 * contains the comment's end (a lazy `[\s\S]*?` let the match run across code to a later comment).
 */
const LINE_SEPARATED_SIGNATURE = /([\w$\]}]|(?<!=)>)(\s*(?:(?:\/\/[^\n]*|\/\*(?:[^*]|\*(?!\/))*\*\/)\s*)*\n[ \t]*)[ \t](?=[<(])/g;
/** Where LINE_SEPARATED_SIGNATURE can end: a line break, then an indentation whose last blank is before `<` or `(`. */
const SIGNATURE_LINE = /\n[ \t]*[ \t](?=[<(])/g;
/** A line that is blank or only a line comment: the whole of it can be inside LINE_SEPARATED_SIGNATURE's gap. */
const GAP_LINE = /^\s*(?:\/\/[^\n]*)?$/;
/** `in`, `out` or `in out` before a type parameter's name in a type parameter list. */
const VARIANCE = /([<,]\s*)((?:in\s+out|in|out)\s+)(?=[A-Za-z_$][\w$]*\s*(?:[,>=]|extends\b))/g;

/**
 * The blanks LINE_SEPARATED_SIGNATURE replaces in `text`, in order: the same as its global scan, which tried it at
 * nearly every character of the file (any letter of a name can start it; ~60 ms a pass over effect's 204k repaired
 * lines). Every match ends at a SIGNATURE_LINE (a few per file), so the pattern runs only on the stretch before each
 * one that a match ending there can start in (gapStart).
 */
function signatureBlanks(text: string): number[] {
  const blanks: number[] = [];
  let lastEnd = 0;
  SIGNATURE_LINE.lastIndex = 0;
  for (let line = SIGNATURE_LINE.exec(text); line; line = SIGNATURE_LINE.exec(text)) {
    const blank = line.index + line[0].length - 1;
    const from = gapStart(text, line.index, lastEnd);
    // Up to the blank and the `<` or `(` its lookahead reads.
    LINE_SEPARATED_SIGNATURE.lastIndex = 0;
    const m = LINE_SEPARATED_SIGNATURE.exec(text.slice(from, blank + 2));
    if (!m) continue;
    // Cannot happen (a match ending at an earlier line would have been found there); the global scan is right by definition.
    if (from + m.index + m[0].length !== blank + 1) return globalSignatureBlanks(text);
    // A match from further back could run across this line inside a block comment and end at a later one (the global
    // scan takes the leftmost start): only the global scan decides then (rare: a line starting `<` or `(` in a comment).
    if (maybeInBlockComment(text, blank + 1)) return globalSignatureBlanks(text);
    blanks.push(blank);
    lastEnd = blank + 1;
  }
  return blanks;
}

/** Whether a `/*` before `at` has no `*` + `/` between it and `at`, with one after: `at` may be inside a block comment. */
function maybeInBlockComment(text: string, at: number): boolean {
  const open = text.lastIndexOf('/*', at - 1);
  if (open === -1) return false;
  const close = text.indexOf('*/', open + 2);
  return close !== -1 && close + 2 > at;
}

function globalSignatureBlanks(text: string): number[] {
  const blanks: number[] = [];
  text.replace(LINE_SEPARATED_SIGNATURE, (m: string, _end: string, _gap: string, offset: number) => {
    blanks.push(offset + m.length - 1);
    return m;
  });
  return blanks;
}

/**
 * Where a LINE_SEPARATED_SIGNATURE match whose gap (whitespace and comments) ends at the line break `newline` can
 * start at the earliest, never before `floor` (where the previous match ended). Walking back a line at a time: a line
 * with a block comment's end continues from the earliest `/*` that comment can start at (just after the `*` + `/`
 * before it); a blank or line-comment-only line is skipped; any other line holds the match's first character at the
 * latest, so its start is the answer. Earlier than the true start is harmless (the pattern finds the same match).
 */
function gapStart(text: string, newline: number, floor: number): number {
  let end = newline;
  for (;;) {
    if (end <= floor) return floor;
    const start = text.lastIndexOf('\n', end - 1) + 1;
    if (start <= floor) return floor;
    const line = text.slice(start, end);
    const close = line.lastIndexOf('*/');
    if (close !== -1) {
      const before = text.lastIndexOf('*/', start + close - 1);
      const open = text.indexOf('/*', Math.max(0, before - 1));
      if (open !== -1 && open < start + close - 1) {
        end = open;
        continue;
      }
    }
    if (!GAP_LINE.test(line)) return start;
    end = start - 1;
  }
}

/** Two ascending lists of offsets as one. */
function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  if (b.length === 0) return a as number[];
  if (a.length === 0) return b as number[];
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i] < b[j]) ? a[i++] : b[j++]);
  return out;
}

/**
 * One edit per changed character of `text` at `offsets` (ascending), for an incremental second parse of the first
 * tree: it re-reads only the regions around them (a third of a full parse's time on effect). A line break blanked by
 * VARIANCE gets none (as before: its row is counted, not edited). Indices and columns are JS string units, as
 * web-tree-sitter takes them.
 */
function editsAt(text: string, offsets: readonly number[]): Edit[] {
  const edits: Edit[] = [];
  let row = 0;
  let lineStart = 0;
  let next = text.indexOf('\n');
  for (const i of offsets) {
    while (next !== -1 && next < i) {
      row++;
      lineStart = next + 1;
      next = text.indexOf('\n', next + 1);
    }
    if (next === i) continue;
    const at = { row, column: i - lineStart };
    const after = { row, column: i - lineStart + 1 };
    edits.push(new Edit({ startIndex: i, oldEndIndex: i + 1, newEndIndex: i + 1, startPosition: at, oldEndPosition: after, newEndPosition: after }));
  }
  return edits;
}
