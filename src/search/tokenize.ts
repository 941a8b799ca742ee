/**
 * Identifier-aware terms for the search indexes. Code names are split where a reader sees words
 * (`parseInvoiceTotal`, `parse_invoice_total`, `HTTPServer` → parse, invoice, total / http, server) and the
 * whole identifier is kept too, so an exact name still outranks its parts.
 */

const WORD = /[\p{L}\p{N}_$]+/gu;

/** English words that carry no meaning in a question ("how do I …"); names are never dropped by this. */
const STOPWORDS = new Set(
  'a an and are as at be by can do does for from how i if in into is it its me my of on or our so that the their then there these this to was we what when where which who why will with you your'.split(' '),
);

/** `parseInvoiceTotal` → [parse, Invoice, Total]; `HTTPServer2` → [HTTP, Server, 2]; `a_b` → [a, b]. */
export function splitIdentifier(word: string): string[] {
  return word
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .split(/[\s_$]+/u)
    .filter(Boolean);
}

/** Every word of a text, and for compound identifiers their parts as well (all lower case, stop words kept). */
export function identifierTokens(text: string): string[] {
  const out: string[] = [];
  // ASCII text (nearly all code and names) is cut by its character codes, as the regular expressions below would
  // cut it: they allocated a match array, a RegExp and several strings per word, ~3 kB per symbol name (some 500 MB
  // of garbage for the name indexes of a million lines), which kept the young generation full and growing.
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return unicodeTokens(text, out);
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    if (isAsciiWord(c)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      asciiWordTokens(text, start, i, out);
      start = -1;
    }
  }
  return out;
}

const LOWER = 1;
const UPPER = 2;
const DIGIT = 4;
const SEPARATOR = 8;
/** What each ASCII character is to a word: a lower- or upper-case letter, a digit, `_`/`$` (in words, between parts). */
const ASCII = new Uint8Array(128);
for (let c = 97; c <= 122; c++) ASCII[c] = LOWER;
for (let c = 65; c <= 90; c++) ASCII[c] = UPPER;
for (let c = 48; c <= 57; c++) ASCII[c] = DIGIT;
ASCII[95] = ASCII[36] = SEPARATOR;

function isAsciiWord(c: number): boolean {
  return c < 0x80 && ASCII[c] !== 0;
}

/**
 * The tokens of the ASCII word text[from, to), as `unicodeTokens` gives them: a plain lower-case word as it is,
 * else the word without leading and trailing `_`/`$`, lower-cased, then its parts if it has more than one. Parts are
 * split at `_`/`$` and where splitIdentifier's rules put a space: lower case or digit before upper case, upper case
 * before upper then lower case, letter before digit (each decided by the original characters: a space one rule
 * inserts never makes or breaks another's match).
 */
function asciiWordTokens(text: string, from: number, to: number, out: string[]): void {
  let plain = true;
  for (let i = from; i < to && plain; i++) plain = (ASCII[text.charCodeAt(i)] & (LOWER | DIGIT)) !== 0;
  if (plain) {
    out.push(text.slice(from, to));
    return;
  }
  let first = from;
  let last = to;
  while (first < last && ASCII[text.charCodeAt(first)] === SEPARATOR) first++;
  while (last > first && ASCII[text.charCodeAt(last - 1)] === SEPARATOR) last--;
  if (first === last) return;
  // The parts are cut from the whole word lower-cased (they lie within it): one string each.
  const whole = text.slice(first, last).toLowerCase();
  out.push(whole);
  const at = out.length;
  let partStart = -1;
  for (let i = from; i <= to; i++) {
    const kind = i < to ? ASCII[text.charCodeAt(i)] : SEPARATOR;
    const before = i > from ? ASCII[text.charCodeAt(i - 1)] : SEPARATOR;
    const after = i + 1 < to ? ASCII[text.charCodeAt(i + 1)] : SEPARATOR;
    const boundary =
      kind === SEPARATOR ||
      (kind === UPPER && (before === LOWER || before === DIGIT)) ||
      (kind === UPPER && before === UPPER && after === LOWER) ||
      (kind === DIGIT && (before === LOWER || before === UPPER));
    if (boundary && partStart >= 0) {
      out.push(whole.slice(partStart - first, i - first));
      partStart = -1;
    }
    if (kind !== SEPARATOR && partStart < 0) partStart = i;
  }
  // One part is the whole word again: only a compound's parts are added.
  if (out.length - at === 1) out.pop();
}

/** identifierTokens by regular expressions over Unicode letters and numbers: any text, and the reference for ASCII. */
export function unicodeTokens(text: string, out: string[] = []): string[] {
  for (const word of text.match(WORD) ?? []) {
    // Most words of code and prose are plain lower case: no parts to find, and this is the hot path.
    if (/^[a-z0-9]+$/.test(word)) {
      out.push(word);
      continue;
    }
    const parts = splitIdentifier(word);
    const whole = word.replace(/^[_$]+|[_$]+$/g, '');
    if (whole) out.push(whole.toLowerCase());
    if (parts.length > 1) for (const p of parts) out.push(p.toLowerCase());
  }
  return out;
}

/**
 * A light suffix stemmer so a question's "rotate" finds a heading's "Rotating" and "invoices" finds "invoice".
 * Deliberately conservative (no dictionary): it only has to map both sides of a match to the same stem.
 */
export function stem(term: string): string {
  let t = term;
  if (t.length > 5 && t.endsWith('ies')) t = `${t.slice(0, -3)}y`;
  else if (t.length > 4 && t.endsWith('ing')) t = t.slice(0, -3);
  else if (t.length > 4 && t.endsWith('ed')) t = t.slice(0, -2);
  else if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') && !t.endsWith('us')) t = t.slice(0, -1);
  if (t.length > 3 && t.endsWith('e')) t = t.slice(0, -1);
  return t;
}

/** Terms for prose and code bodies: identifier-aware, stemmed, stop words dropped. */
export function textTerms(text: string): string[] {
  return identifierTokens(text)
    .filter((t) => !STOPWORDS.has(t))
    .map(stem);
}

/** The words of a query an agent would expect to see highlighted: for snippets and `why` lines. */
export function queryWords(query: string): string[] {
  return [...new Set(identifierTokens(query).filter((t) => !STOPWORDS.has(t) && t.length > 1))];
}
