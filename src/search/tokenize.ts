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
