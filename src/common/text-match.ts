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
