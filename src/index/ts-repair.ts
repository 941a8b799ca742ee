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
 * Both rewrites could misread code in theory (`f⏎  (x)` written as a call across lines), so extraction uses the
 * repaired text only for a file whose own parse has errors (192 of effect's 363 files, 204k of its 236k lines).
 * Counting the errors of both trees to keep the better one cost as much as the second parse itself.
 */
export function repairTypeScript(text: string): string {
  return text.replace(LINE_SEPARATED_SIGNATURE, (_m, end: string, gap: string) => `${end}${gap};`).replace(VARIANCE, (_m, before: string, modifiers: string) => before + ' '.repeat(modifiers.length));
}

/**
 * The end of a member's type (a name, `>` other than `=>`, `]`, `}`), then comments and line breaks, then an indented
 * line starting with `<` or `(`: the last blank of the indentation is replaced. A block comment's body never
 * contains the comment's end (a lazy `[\s\S]*?` let the match run across code to a later comment).
 */
const LINE_SEPARATED_SIGNATURE = /([\w$\]}]|(?<!=)>)(\s*(?:(?:\/\/[^\n]*|\/\*(?:[^*]|\*(?!\/))*\*\/)\s*)*\n[ \t]*)[ \t](?=[<(])/g;
/** `in`, `out` or `in out` before a type parameter's name in a type parameter list. */
const VARIANCE = /([<,]\s*)((?:in\s+out|in|out)\s+)(?=[A-Za-z_$][\w$]*\s*(?:[,>=]|extends\b))/g;

/**
 * The edits that turn `text` into `repaired` (same length: one per changed character), for an incremental second parse
 * of the first tree: it re-reads only the regions around them (a third of a full parse's time on effect).
 * Indices and columns are JS string units, as web-tree-sitter takes them.
 */
export function repairEdits(text: string, repaired: string): Edit[] {
  const edits: Edit[] = [];
  let row = 0;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      row++;
      lineStart = i + 1;
    } else if (c !== repaired.charCodeAt(i)) {
      const at = { row, column: i - lineStart };
      const after = { row, column: i - lineStart + 1 };
      edits.push(new Edit({ startIndex: i, oldEndIndex: i + 1, newEndIndex: i + 1, startPosition: at, oldEndPosition: after, newEndPosition: after }));
    }
  }
  return edits;
}
