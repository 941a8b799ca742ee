/** Reading Python source text without a tree: brackets, strings and comments, for the scans of python-parameters.ts and python-values.ts. */

export const SPACE = /[ \t\f\r\n\\]/;

export function skipSpace(text: string, at: number): number {
  while (at < text.length && SPACE.test(text[at])) at++;
  return at;
}

/** Past spaces, line continuations and comments. */
export function skipBlank(text: string, at: number): number {
  at = skipSpace(text, at);
  while (text[at] === '#') at = skipSpace(text, lineEnd(text, at));
  return at;
}

/** Kinds of the tokens `closing` lists: a name or number, one character of punctuation, a string or bracketed group, a line continuation. */
export const WORD = 1;
export const PUNCT = 2;
export const GROUP = 3;
export const CONTINUATION = 4;

/**
 * The offset of the bracket that closes the one at `open` (or the text's end), strings and comments skipped. With
 * `tokens`, what stands directly inside is listed there as triples (kind, start, end): words, punctuation, strings
 * and nested brackets (each one token), line continuations; spaces and comments are not. One loop without callbacks:
 * it runs over the argument list of every call of a file.
 */
export function closing(text: string, open: number, tokens?: number[]): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x27) {
      const end = stringEnd(text, i);
      if (depth === 1) tokens?.push(GROUP, i, end);
      i = end - 1;
    } else if (c === 0x23) i = lineEnd(text, i) - 1;
    else if (c === 0x28 || c === 0x5b || c === 0x7b) {
      if (++depth === 2 && tokens) {
        const end = closing(text, i) + 1;
        tokens.push(GROUP, i, end);
        depth--;
        i = end - 1;
      }
    } else if (c === 0x29 || c === 0x5d || c === 0x7d) {
      if (--depth === 0) return i;
    } else if (depth === 1 && tokens && c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) {
      if (c === 0x5c) tokens.push(CONTINUATION, i, i + 1);
      else if (isWordCode(c, text[i])) {
        let end = i + 1;
        while (end < text.length && isWordCode(text.charCodeAt(end), text[end])) end++;
        tokens.push(WORD, i, end);
        i = end - 1;
      } else tokens.push(PUNCT, i, i + 1);
    }
  }
  return text.length;
}

/** The offset just past the string literal whose quote is at `at` (single, or tripled). */
function stringEnd(text: string, at: number): number {
  const q = text[at];
  const triple = text[at + 1] === q && text[at + 2] === q;
  for (let i = at + (triple ? 3 : 1); i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === q && (!triple || (text[i + 1] === q && text[i + 2] === q))) return i + (triple ? 3 : 1);
    else if (c === '\n' && !triple) return i;
  }
  return text.length;
}

export function lineEnd(text: string, at: number): number {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl;
}

export const IDENTIFIER = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;

const WORD_CHAR = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]/u;

export function isWordChar(c: string | undefined): boolean {
  return c !== undefined && isWordCode(c.charCodeAt(0), c);
}

function isWordCode(code: number, c: string): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
  return WORD_CHAR.test(c);
}
