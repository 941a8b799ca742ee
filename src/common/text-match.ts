/**
 * Matching of user- and repository-controlled text without regular expressions. A pattern built from input
 * can backtrack catastrophically (`file:************Q`) or fail to compile (`(x`); these matchers cannot:
 * each runs in time bounded by the lengths of its inputs.
 */

/**
 * A `*` glob (`get*`, `src/*.ts`, `*Handler*`): `*` matches any run of characters, everything else matches
 * itself. Case-insensitive. Runs the classic greedy matcher that only ever returns to the latest `*`, so it
 * is O(pattern × text) at worst, never exponential.
 */
export function starGlobMatcher(pattern: string): (text: string) => boolean {
  const p = pattern.toLowerCase().replace(/\*{2,}/g, '*');
  if (!p.includes('*')) return (text) => text.toLowerCase() === p;
  return (text) => starGlobMatches(p, text.toLowerCase());
}

function starGlobMatches(p: string, t: string): boolean {
  let pi = 0;
  let ti = 0;
  let star = -1;
  let resume = 0;
  while (ti < t.length) {
    if (pi < p.length && p[pi] === '*') {
      star = pi++;
      resume = ti;
    } else if (pi < p.length && p[pi] === t[ti]) {
      pi++;
      ti++;
    } else if (star >= 0) {
      pi = star + 1;
      ti = ++resume;
    } else {
      return false;
    }
  }
  while (pi < p.length && p[pi] === '*') pi++;
  return pi === p.length;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_$]/u.test(c);

/**
 * Whether `name` occurs in `text` as a whole identifier (not inside a longer one), matched as plain text.
 * Replaces `new RegExp(`\\b${name}\\b`)`, which a name such as `(a+)+b` or `(x` turns into a hang or an error.
 */
export function containsIdentifier(text: string, name: string): boolean {
  if (!name) return false;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (!isWordChar(text[at - 1]) && !isWordChar(text[at + name.length])) return true;
  }
  return false;
}

/** Where each line of `text` starts (line i, 0-based, at starts[i]). */
export function lineStarts(text: string): Uint32Array {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  const starts = new Uint32Array(lines);
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts[line++] = at + 1;
  return starts;
}

/**
 * `text` with each `//` comment (to the line's end) and each closed `/* … *\/` comment replaced by `replacement`, and
 * with `strings` each closed `"…"` string (with `\` escapes) kept as it is, read left to right the way
 * `/("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g` reads it: where no comment or string closes, the character
 * stays and the scan goes on at the next one. By hand, since that regex tried every later unclosed `/*` (or `"`
 * among `\"`) to the text's end again: a 60 kB run of `/* ` took 0.2 s, quadratic in it.
 */
export function replaceComments(text: string, replacement: string, strings = false): string {
  const parts: string[] = [];
  let copied = 0;
  // No `*` + `/` at or after this offset (learnt from the first `/*` that found none).
  let noCloseFrom = text.length;
  const unclosed = strings ? new UnclosedStrings(text) : undefined;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (unclosed && c === 0x22 /* " */) {
      const end = unclosed.end(i);
      i = end >= 0 ? end : i + 1;
      continue;
    }
    if (c === 0x2f /* / */) {
      const next = text.charCodeAt(i + 1);
      let end = -1;
      if (next === 0x2f) {
        end = text.indexOf('\n', i);
        if (end === -1) end = text.length;
      } else if (next === 0x2a /* * */ && i + 2 < noCloseFrom) {
        const close = text.indexOf('*/', i + 2);
        if (close === -1) noCloseFrom = i + 2;
        else end = close + 2;
      }
      if (end >= 0) {
        parts.push(text.slice(copied, i), replacement);
        copied = i = end;
        continue;
      }
    }
    i++;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

/**
 * Where a `"` string that starts at an offset ends. A string that never closes leaves its path of characters and
 * escapes marked: a later string that reaches any of them cannot close either, so each offset is read once by the
 * strings that fail (a run of `\"` would otherwise send every one of them to the text's end).
 */
class UnclosedStrings {
  private dead: Uint8Array | undefined;

  constructor(private readonly text: string) {}

  /** The offset after the string that opens at `open`, or -1 when it does not close. */
  end(open: number): number {
    const text = this.text;
    let j = open + 1;
    for (; j < text.length && !this.dead?.[j]; ) {
      const c = text.charCodeAt(j);
      if (c === 0x22) return j + 1;
      if (c !== 0x5c /* \ */) j++;
      // `\.`: any character but a line terminator follows the backslash.
      else if (j + 1 < text.length && !isLineTerminator(text.charCodeAt(j + 1))) j += 2;
      else break;
    }
    this.dead ??= new Uint8Array(text.length + 1);
    for (let k = open + 1; k < j; ) {
      this.dead[k] = 1;
      k += text.charCodeAt(k) === 0x5c ? 2 : 1;
    }
    this.dead[j] = 1;
    return -1;
  }
}

function isLineTerminator(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}
