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
    // Only the modifiers' letters become blanks: a line break among them stays, so every line keeps its length.
    for (let k = 0; k < modifiers.length; k++) if (!/\s/.test(modifiers[k])) blanked.push(offset + before.length + k);
    return before + modifiers.replace(/\S/g, ' ');
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

/** Where a call signature can follow a line break: indentation whose last blank is before `<` or `(`. */
const SIGNATURE_LINE = /\n[ \t]*[ \t](?=[<(])/g;
/** `in`, `out` or `in out` before a type parameter's name in a type parameter list. */
const VARIANCE = /([<,]\s*)((?:in\s+out|in|out)\s+)(?=[A-Za-z_$][\w$]*\s*(?:[,>=]|extends\b))/g;

// What the scan in signatureBlanks can be in before a character, as bits: one position can be several at once (an
// end character inside a comment starts a gap of its own; a `/*` inside a `//` comment may open a block comment).
/** Between the gap's tokens: just after an end character, whitespace or a closed comment. */
const GAP = 1;
/** A `/` that opens a comment. */
const SLASH = 2;
/** In a `//` comment, which runs to the line's end at the latest. */
const LINE = 4;
/** In a `/*` comment's body. */
const BLOCK = 8;
/** In a `/*` comment's body just after a `*`, which a `/` after it closes (never the opening one's `*`). */
const BLOCK_STAR = 16;

// The kinds of character the scan tells apart.
const OTHER = 0;
const SPACE = 1;
const NEWLINE = 2;
const SLASH_CHAR = 3;
const STAR_CHAR = 4;
/** `[\w$\]}]`, or `>` not after `=`: a character a member's type can end with. */
const END_CHAR = 5;
const KINDS = 6;

/** The kind of each ASCII character (`>` is END_CHAR unless after `=`, which the scan checks). */
const ASCII_KIND = (() => {
  const kinds = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    kinds[c] = ch === '\n' ? NEWLINE : /\s/.test(ch) ? SPACE : ch === '/' ? SLASH_CHAR : ch === '*' ? STAR_CHAR : /[\w$\]}>]/.test(ch) ? END_CHAR : OTHER;
  }
  return kinds;
})();

/** The set of states after a character of each kind, for each set before it: `NEXT[set * KINDS + kind]`. */
const NEXT = (() => {
  const next = new Uint8Array(32 * KINDS);
  for (let set = 0; set < 32; set++) {
    for (let kind = 0; kind < KINDS; kind++) {
      let after = 0;
      // A `//` comment can end before any of its characters, which then starts the gap's next token.
      if (set & (GAP | LINE)) {
        if (kind === SPACE || kind === NEWLINE) after |= GAP;
        else if (kind === SLASH_CHAR) after |= SLASH;
      }
      if (set & LINE && kind !== NEWLINE) after |= LINE;
      if (set & SLASH) {
        if (kind === SLASH_CHAR) after |= LINE;
        else if (kind === STAR_CHAR) after |= BLOCK;
      }
      if (set & BLOCK) after |= kind === STAR_CHAR ? BLOCK_STAR : BLOCK;
      if (set & BLOCK_STAR) after |= kind === SLASH_CHAR ? GAP : kind === STAR_CHAR ? BLOCK_STAR : BLOCK;
      if (kind === END_CHAR) after |= GAP;
      next[set * KINDS + kind] = after;
    }
  }
  return next;
})();

/**
 * The blanks to replace before a call signature on a line of its own, in order: the last indentation blank of each
 * line break followed by indentation and `<` or `(` (SIGNATURE_LINE) where a member's type can have ended before it:
 * an end character (a name character, `]`, `}`, `>` other than `=>`), then a gap of nothing but whitespace, `//`
 * comments and `/*` comments (up to the first `*` + `/`), the line break included.
 *
 * One pass over the text up to the last such line, following every way a gap can be read at once (the states above,
 * NEXT): each character is looked at a bounded number of times, whatever the file. A regular expression meaning the
 * same (`([\w$\]}]|(?<!=)>)(\s*(?:(?:\/\/[^\n]*|\/\*…\*\/)\s*)*\n[ \t]*)[ \t](?=[<(])`) backtracks exponentially:
 * `//[^\n]*` can end before any later `//` of its line, so a line with many `//` (URLs in test data) where the match
 * finally fails is split every way (20 `//`: a minute; 40: for good, in the extension host's thread on an edit).
 * The one difference: a regex scan skips a signature line its leftmost match runs across inside a block comment;
 * this finds every line some gap reaches, so an indentation blank inside a comment can become `;` too, which parses
 * the same (the comment is still a comment).
 */
function signatureBlanks(text: string): number[] {
  const blanks: number[] = [];
  const scan = new GapScan(text);
  SIGNATURE_LINE.lastIndex = 0;
  for (let m = SIGNATURE_LINE.exec(text); m; m = SIGNATURE_LINE.exec(text)) {
    // A gap between tokens or in a `//` comment goes on through the line break and the indentation.
    if (scan.stateAt(m.index) & (GAP | LINE)) blanks.push(m.index + m[0].length - 1);
  }
  return blanks;
}

/** signatureBlanks' pass over a text: the set of states before each offset asked for, in ascending order. */
class GapScan {
  private state = 0;
  private at = 0;
  // The next `/`, `*` and line break at or after `at` once searched for (each search goes on from the last one's end).
  private slash = -1;
  private star = -1;
  private lineBreak = -1;

  constructor(private readonly text: string) {}

  stateAt(offset: number): number {
    const text = this.text;
    let state = this.state;
    let i = this.at;
    while (i < offset) {
      if ((state & (SLASH | BLOCK_STAR)) === 0) {
        // Up to the next character that can change more than GAP: a `/`, a `*` in a `/*` comment, a line break in a
        // `//` comment. In between, a comment goes on and GAP holds after an end character or, from GAP or a `//`
        // comment (which can end anywhere), after whitespace. Most of a file is passed over this way.
        if (this.slash < i) this.slash = nextOf(text, '/', i);
        let to = Math.min(this.slash, offset);
        if (state & BLOCK) {
          if (this.star < i) this.star = nextOf(text, '*', i);
          to = Math.min(to, this.star);
        }
        if (state & LINE) {
          if (this.lineBreak < i) this.lineBreak = nextOf(text, '\n', i);
          to = Math.min(to, this.lineBreak);
        }
        if (to > i) {
          let k = to - 1;
          let kind = kindAt(text, k);
          // In a `//` comment, which can end before any blank, a blank starts a gap.
          if (!(state & LINE)) {
            while (kind === SPACE || kind === NEWLINE) {
              if (--k < i) break;
              kind = kindAt(text, k);
            }
          }
          const gap = k < i ? state & GAP : kind === END_CHAR || kind === SPACE || kind === NEWLINE ? GAP : 0;
          state = (state & (LINE | BLOCK)) | gap;
          i = to;
          continue;
        }
      }
      state = NEXT[state * KINDS + kindAt(text, i)];
      i++;
    }
    this.state = state;
    this.at = i;
    return state;
  }
}

/** The first `char` in `text` at or after `from`, or the text's length. */
function nextOf(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at === -1 ? text.length : at;
}

function kindAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  // JavaScript's `\s` beyond ASCII.
  if (c >= 128) {
    const space =
      c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
      c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
    return space ? SPACE : OTHER;
  }
  // `=>` is not the end of a type.
  if (c === 0x3e /* > */ && i > 0 && text.charCodeAt(i - 1) === 0x3d /* = */) return OTHER;
  return ASCII_KIND[c];
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
 * tree: it re-reads only the regions around them (a third of a full parse's time on effect). No offset is a line
 * break (the rewrites keep them). Indices and columns are JS string units, as web-tree-sitter takes them.
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
    const at = { row, column: i - lineStart };
    const after = { row, column: i - lineStart + 1 };
    edits.push(new Edit({ startIndex: i, oldEndIndex: i + 1, newEndIndex: i + 1, startPosition: at, oldEndPosition: after, newEndPosition: after }));
  }
  return edits;
}
