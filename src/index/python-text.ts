/**
 * Reading Python source text without a tree: brackets, strings and comments; a call's arguments (python-values.ts)
 * and a definition's untyped parameters (python-parameters.ts). The loops over a list's tokens live here, beside
 * the token kinds they compare: under tsx (the benches, the tests) each use of a binding imported from another
 * module is a getter call, which per token cost as much as the scan itself.
 */

/** Past spaces, tabs, form feeds, line ends and line continuations' backslashes (by code, not a regular expression per character: it runs after every call's name). */
export function skipSpace(text: string, at: number): number {
  for (; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0c && c !== 0x0d && c !== 0x0a && c !== 0x5c) break;
  }
  return at;
}

/** Past spaces, line continuations and comments. */
export function skipBlank(text: string, at: number): number {
  at = skipSpace(text, at);
  while (text[at] === '#') at = skipSpace(text, lineEnd(text, at));
  return at;
}

/** Kinds of the tokens `closing` lists: a name or number, one character of punctuation, a string or bracketed group, a line continuation. */
const WORD = 1;
const PUNCT = 2;
const GROUP = 3;
const CONTINUATION = 4;

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

function lineEnd(text: string, at: number): number {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl;
}

const IDENTIFIER = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;

const WORD_CHAR = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]/u;

export function isWordChar(c: string | undefined): boolean {
  return c !== undefined && isWordCode(c.charCodeAt(0), c);
}

function isWordCode(code: number, c: string): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
  return WORD_CHAR.test(c);
}

export interface Argument {
  /** Where the value is (a keyword argument's after the `=`); none for `*xs` / `**kw`. */
  value?: { start: number; end: number };
  /** The value is made of names and dots only (a path, if the text says so). */
  simple: boolean;
  keyword?: string;
  /** Among positional arguments; undefined after `*xs` or `**kw`, as the position is then unknown. */
  index?: number;
  /** Where the argument ends: its comma or the closing parenthesis. */
  end: number;
}

/**
 * The arguments of the list opening at `open`, split at the commas between them (not those in brackets, strings,
 * comments or a `lambda a, b: …`); none for a generator argument (`f(x for x in xs)`, no argument list in the tree).
 * Spaces, line continuations and comments around a value are not part of it.
 */
export function argumentsOf(text: string, open: number): Argument[] {
  const tokens: number[] = [];
  const close = closing(text, open, tokens);
  const out: Argument[] = [];
  let first = -1;
  let valueStart = -1;
  let valueEnd = -1;
  let simple = true;
  let keyword: string | undefined;
  let lambdas = 0;
  let position = 0;
  let splat = false;
  for (let t = 0; t <= tokens.length; t += 3) {
    const kind = tokens[t];
    const start = tokens[t + 1];
    const end = tokens[t + 2];
    const c = kind === PUNCT ? text[start] : '';
    if (t === tokens.length || (c === ',' && lambdas === 0)) {
      const partEnd = t === tokens.length ? close : start;
      if (first >= 0) {
        if (text[first] === '*') {
          splat = true;
          out.push({ simple: false, end: partEnd });
        } else {
          const value = valueStart >= 0 ? { start: valueStart, end: valueEnd } : undefined;
          if (keyword !== undefined) out.push({ value, simple, keyword, end: partEnd });
          else out.push({ value, simple, index: splat ? undefined : position++, end: partEnd });
        }
      }
      first = valueStart = valueEnd = -1;
      simple = true;
      keyword = undefined;
      lambdas = 0;
      continue;
    }
    if (kind === CONTINUATION) {
      // A line continuation between arguments is a node of the list in the tree, which the query's positions counted.
      if (first < 0) position++;
      continue;
    }
    if (first < 0) first = start;
    if (c === '=' && keyword === undefined && simple && lambdas === 0 && text[start + 1] !== '=' && valueStart >= 0 && tokens[t - 3] === WORD && tokens[t - 2] === valueStart) {
      // `name=value`: what came before is one name.
      keyword = text.slice(valueStart, valueEnd);
      valueStart = valueEnd = -1;
      continue;
    }
    if (valueStart < 0) valueStart = start;
    valueEnd = end;
    if (kind === WORD) {
      if (end - start === 6 && text.startsWith('lambda', start)) {
        lambdas++;
        simple = false;
      } else if (end - start === 3 && text.startsWith('for', start)) {
        // `f(x for x in xs)`: the one argument is a generator, whose commas are its own (`for a, b in pairs`).
        return [];
      }
    } else if (c !== '.') {
      if (c === ':' && lambdas > 0) lambdas--;
      simple = false;
    }
  }
  return out;
}

/**
 * The untyped parameters of the list opening at `open`: `a`, `a=1`, `*args`, `**kw` (not `a: int`, `a: int = 1`,
 * `*`, `/`). Parts are split at the commas between parameters: not those in brackets, strings or a default's
 * `lambda x, y: …`; a part with an annotation's colon (one no lambda opened) is typed.
 */
export function untypedParameters(text: string, open: number): { name: string; start: number }[] {
  const out: { name: string; start: number }[] = [];
  const tokens: number[] = [];
  closing(text, open, tokens);
  let name = -1;
  let nameEnd = -1;
  let typed = false;
  let lambdas = 0;
  for (let t = 0; t <= tokens.length; t += 3) {
    const kind = tokens[t];
    const start = tokens[t + 1];
    if (t === tokens.length || (kind === PUNCT && text[start] === ',' && lambdas === 0)) {
      if (name >= 0 && !typed) {
        if (startsIdentifier(text.charCodeAt(name))) out.push({ name: text.slice(name, nameEnd), start: name });
        else {
          // A word that starts with a digit or a non-ASCII character: the identifier's own syntax decides.
          IDENTIFIER.lastIndex = name;
          const m = IDENTIFIER.exec(text);
          if (m) out.push({ name: m[0], start: name });
        }
      }
      name = -1;
      typed = false;
      lambdas = 0;
    } else if (kind === WORD) {
      const word = tokens[t + 2] - start === 6 && text.startsWith('lambda', start);
      if (word) lambdas++;
      // The name is the part's first word, past `*` / `**`.
      else if (name < 0 && lambdas === 0 && !typed) {
        name = start;
        nameEnd = tokens[t + 2];
      }
    } else if (kind === PUNCT && text[start] === ':') {
      if (lambdas > 0) lambdas--;
      else typed = true;
    } else if (kind !== CONTINUATION && !(kind === PUNCT && text[start] === '*') && name < 0) {
      // A part that does not start with a name (`*`, `/`) binds none.
      typed = true;
    }
  }
  return out;
}

/**
 * An ASCII letter or `_`: a word token (python-text.ts `closing`) that starts with one is an identifier as a whole,
 * so its text is sliced rather than matched again (a regular expression's match per parameter).
 */
function startsIdentifier(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;
}
