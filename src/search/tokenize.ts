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
  forEachIdentifierToken(text, (t) => out.push(t));
  return out;
}

/**
 * Each of identifierTokens(text), in order, without making their array. A word of ASCII characters (nearly every
 * word of code and names) is cut by its character codes, as the regular expressions of unicodeTokens would cut it:
 * they allocated a match array, a RegExp and several strings per word, ~3 kB per symbol name (some 500 MB of garbage
 * for the name indexes of a million lines, 1.6 GB for the text index). A word with any other letter or number is cut
 * by them.
 */
export function forEachIdentifierToken(text: string, visit: (token: string) => void): void {
  let start = -1;
  let ascii = true;
  for (let i = 0; i <= text.length; ) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    let width = 1;
    let inWord = c < 0x80 && ASCII[c] !== 0;
    if (c >= 0x80) {
      width = text.codePointAt(i)! > 0xffff ? 2 : 1;
      LETTER_OR_NUMBER.lastIndex = i;
      inWord = LETTER_OR_NUMBER.test(text);
    }
    if (inWord) {
      if (start < 0) {
        start = i;
        ascii = true;
      }
      if (c >= 0x80) ascii = false;
    } else if (start >= 0) {
      if (ascii) asciiWordTokens(text, start, i, visit);
      else wordTokens(text.slice(start, i), visit);
      start = -1;
    }
    i += width;
  }
}

/** A letter or number that is not ASCII (one code point, at `lastIndex`). */
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/uy;

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

/**
 * The tokens of the ASCII word text[from, to), as `unicodeTokens` gives them: a plain lower-case word as it is,
 * else the word without leading and trailing `_`/`$`, lower-cased, then its parts if it has more than one. Parts are
 * split at `_`/`$` and where splitIdentifier's rules put a space: lower case or digit before upper case, upper case
 * before upper then lower case, letter before digit (each decided by the original characters: a space one rule
 * inserts never makes or breaks another's match).
 */
function asciiWordTokens(text: string, from: number, to: number, visit: (token: string) => void): void {
  let plain = true;
  for (let i = from; i < to && plain; i++) plain = (ASCII[text.charCodeAt(i)] & (LOWER | DIGIT)) !== 0;
  if (plain) {
    visit(text.slice(from, to));
    return;
  }
  let first = from;
  let last = to;
  while (first < last && ASCII[text.charCodeAt(first)] === SEPARATOR) first++;
  while (last > first && ASCII[text.charCodeAt(last - 1)] === SEPARATOR) last--;
  if (first === last) return;
  const whole = text.slice(first, last).toLowerCase();
  visit(whole);
  // One part is the whole word again: only a compound's parts are added, cut from the whole word lower-cased (they
  // lie within it: one string each). No closure here: this runs for every word.
  if (asciiParts(text, from, to) > 1) asciiParts(text, from, to, whole, first, visit);
}

/**
 * How many parts the ASCII word text[from, to) has; with `visit`, each of them (in order) as cut from `whole`,
 * the word lower-cased from `first` on.
 */
function asciiParts(text: string, from: number, to: number, whole = '', first = 0, visit?: (token: string) => void): number {
  let parts = 0;
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
      visit?.(whole.slice(partStart - first, i - first));
      parts++;
      partStart = -1;
    }
    if (kind !== SEPARATOR && partStart < 0) partStart = i;
  }
  return parts;
}

/** identifierTokens by regular expressions over Unicode letters and numbers: any text, and the reference for ASCII. */
export function unicodeTokens(text: string): string[] {
  const out: string[] = [];
  for (const word of text.match(WORD) ?? []) wordTokens(word, (t) => out.push(t));
  return out;
}

/** The tokens of one word (a match of WORD). */
function wordTokens(word: string, visit: (token: string) => void): void {
  // Most words of code and prose are plain lower case: no parts to find.
  if (/^[a-z0-9]+$/.test(word)) {
    visit(word);
    return;
  }
  const parts = splitIdentifier(word);
  const whole = withoutSeparatorsAround(word);
  if (whole) visit(whole.toLowerCase());
  if (parts.length > 1) for (const p of parts) visit(p.toLowerCase());
}

/**
 * `word` without leading and trailing `_`/`$`, by hand: `/[_$]+$/` tries from every `_` of a run inside the word and
 * scans the rest of the run each time (a 100k-character word of `_` between two letters took 4.6 s).
 */
function withoutSeparatorsAround(word: string): string {
  let first = 0;
  let last = word.length;
  while (first < last && (word[first] === '_' || word[first] === '$')) first++;
  while (last > first && (word[last - 1] === '_' || word[last - 1] === '$')) last--;
  return word.slice(first, last);
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
  const out: string[] = [];
  forEachTextTerm(text, (t) => out.push(t));
  return out;
}

/** Each of textTerms(text), in order, without making their array (the text index's build reads every entry's). */
export function forEachTextTerm(text: string, visit: (term: string) => void): void {
  forEachIdentifierToken(text, (t) => {
    if (!STOPWORDS.has(t)) visit(stem(t));
  });
}

/** The words of a query an agent would expect to see highlighted: for snippets and `why` lines. */
export function queryWords(query: string): string[] {
  return [...new Set(identifierTokens(query).filter((t) => !STOPWORDS.has(t) && t.length > 1))];
}
