import type { Node } from 'web-tree-sitter';

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
 * repaired text only for a file whose own parse has errors, and keeps the repaired tree only when it has fewer.
 */
export function repairTypeScript(text: string): string {
  return text.replace(LINE_SEPARATED_SIGNATURE, (_m, end: string, gap: string) => `${end}${gap};`).replace(VARIANCE, (_m, before: string, modifiers: string) => before + ' '.repeat(modifiers.length));
}

/**
 * The end of a member's type (a name, `>` other than `=>`, `]`, `}`), then comments and line breaks, then an indented
 * line starting with `<` or `(`: the last blank of the indentation is replaced.
 */
const LINE_SEPARATED_SIGNATURE = /([\w$\]}]|[^=\s]>)(\s*(?:(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/)\s*)*\n[ \t]*)[ \t](?=[<(])/g;
/** `in`, `out` or `in out` before a type parameter's name in a type parameter list. */
const VARIANCE = /([<,]\s*)((?:in\s+out|in|out)\s+)(?=[A-Za-z_$][\w$]*\s*(?:[,>=]|extends\b))/g;

/** The number of error nodes in a tree (descending only into subtrees that have one). */
export function errorCount(node: Node): number {
  if (!node.hasError) return 0;
  let n = node.isError || node.isMissing ? 1 : 0;
  for (const child of node.children) if (child) n += errorCount(child);
  return n;
}
