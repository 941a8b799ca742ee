import { stringTable, TermTable } from './term-segment';
import { type Dictionary, forEachNear } from './text-index';
import { appended, listOf, without } from './small-list';
import { identifierTokens } from './tokenize';

/** Field boosts: a symbol's simple name, then its qualified name. */
const BOOST = [3, 1] as const;
const K = 1.2;
const B = 0.7;
const D = 0.5;
const FUZZY = 0.25;
const FUZZY_WEIGHT = 0.45;
const MAX_FUZZY = 6;
/** A posting is slot × TF_SPAN + term frequency (a name repeats a word a few times at most). */
const TF_SPAN = 1024;

/**
 * Misspelt symbol names for `search_symbols`: the words of each symbol's simple and qualified name
 * (identifierTokens), with the scores MiniSearch gave them when it held them (BM25+ per field, the simple name
 * weighted 3, each query word matched as itself and as the terms within a quarter of its length in edits, weight
 * 0.45·len/(len + distance), the query's words combined with AND, the sum times the number of distinct words).
 * MiniSearch kept a map per term and per field, and per symbol an id map entry and a field-length array: ~70 MB at
 * a million lines, three times that at 3M, for a search that runs only when the better kinds of match find too
 * few. Here a term is a number, its postings per field one array of small integers, the field lengths typed
 * arrays; the dictionary is sorted (and walked as a trie for the misspellings, as the text index's is) on the
 * first query after a new word came.
 */
export class NameFuzzy {
  private readonly table = new TermTable();
  /**
   * Postings of term t's field f at 2t + f: slot × TF_SPAN + tf, in the order added; a bare posting while there is
   * one (most words of a large workspace's names are in a name or two: two arrays per term cost ~11 MB at 1M lines).
   */
  private readonly postings: (number | number[] | undefined)[] = [];
  /** Distinct words of each slot's simple and qualified name (MiniSearch's field lengths). */
  private lengths: Uint16Array<ArrayBuffer>[] = [new Uint16Array(1024), new Uint16Array(1024)];
  private docs = 0;
  private readonly lengthSums = [0, 0];
  /** The dictionary sorted, with the term id at each place: made again after a term is added. */
  private sorted?: { dictionary: Dictionary; ids: Uint32Array };

  get size(): number {
    return this.docs;
  }

  /** Adds a symbol's names under its slot (a slot is added at most once until removed). */
  add(slot: number, name: string, qualified: string): void {
    if (slot >= this.lengths[0].length) this.lengths = this.lengths.map((l) => grow(l, slot + 1));
    this.addField(slot, 0, name);
    this.addField(slot, 1, qualified);
    this.docs++;
  }

  private addField(slot: number, field: 0 | 1, text: string): void {
    const distinct = forEachTerm(text, (term, tf) => {
      const id = this.table.intern(term);
      if (2 * id === this.postings.length) {
        // A new term: room for its two fields' postings, and the sorted dictionary is made again.
        this.postings.push(undefined, undefined);
        this.sorted = undefined;
      }
      const at = 2 * id + field;
      this.postings[at] = appended(this.postings[at], slot * TF_SPAN + Math.min(tf, TF_SPAN - 1));
    });
    this.lengths[field][slot] = distinct;
    this.lengthSums[field] += distinct;
  }

  /** Removes what `add` added for this slot, with the same names. */
  remove(slot: number, name: string, qualified: string): void {
    this.removeField(slot, 0, name);
    this.removeField(slot, 1, qualified);
    this.docs--;
  }

  private removeField(slot: number, field: 0 | 1, text: string): void {
    this.lengthSums[field] -= forEachTerm(text, (term, tf) => {
      const at = 2 * this.table.idOf(term)! + field;
      const list = this.postings[at];
      if (list !== undefined) this.postings[at] = without(list, slot * TF_SPAN + Math.min(tf, TF_SPAN - 1));
    });
  }

  /**
   * Slots whose names hold every one of `words` or a misspelling of it, with their scores, best first (ties in the
   * order the slots were added).
   */
  search(words: readonly string[]): { slot: number; score: number }[] {
    if (!words.length || !this.docs) return [];
    const avg = [this.lengthSums[0] / this.docs, this.lengthSums[1] / this.docs];
    let combined: Map<number, number> | undefined;
    for (const word of words) {
      const scores = new Map<number, number>();
      const score = (term: number, weight: number) => {
        for (const field of [0, 1] as const) {
          const held = this.postings[2 * term + field];
          if (held === undefined) continue;
          const list = listOf(held);
          const idf = Math.log(1 + (this.docs - list.length + 0.5) / (list.length + 0.5));
          const lengths = this.lengths[field];
          for (const posting of list) {
            const slot = Math.floor(posting / TF_SPAN);
            const tf = posting % TF_SPAN;
            const raw = idf * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * lengths[slot]) / avg[field])));
            scores.set(slot, (scores.get(slot) ?? 0) + weight * BOOST[field] * raw);
          }
        }
      };
      const exact = this.table.idOf(word);
      if (exact !== undefined) score(exact, 1);
      const maxDistance = Math.min(MAX_FUZZY, Math.round(word.length * FUZZY));
      if (maxDistance) {
        const { dictionary, ids } = this.dictionary();
        forEachNear(dictionary, word, maxDistance, (t, distance) => {
          if (distance === 0) return;
          const length = this.table.terms[ids[t]].length;
          score(ids[t], (FUZZY_WEIGHT * length) / (length + distance));
        });
      }
      if (!combined) combined = scores;
      else {
        const both = new Map<number, number>();
        for (const [slot, s] of scores) {
          const before = combined.get(slot);
          if (before !== undefined) both.set(slot, before + s);
        }
        combined = both;
      }
    }
    const quality = new Set(words).size;
    return [...combined!].map(([slot, s]) => ({ slot, score: s * quality })).sort((a, b) => b.score - a.score);
  }

  private dictionary(): { dictionary: Dictionary; ids: Uint32Array } {
    if (!this.sorted) {
      const terms = this.table.terms;
      const ids = Uint32Array.from(terms.keys()).sort((a, b) => (terms[a] < terms[b] ? -1 : terms[a] > terms[b] ? 1 : 0));
      const table = stringTable(Array.from(ids, (id) => terms[id]));
      this.sorted = { dictionary: { termCount: ids.length, termBytes: table.bytes, termOffsets: table.offsets }, ids };
    }
    return this.sorted;
  }
}

/**
 * Each distinct word of a name with how often it occurs, in the order of first occurrence; returns how many. A
 * name has a few words: counted in its token array, with no map per name (two per symbol, ~25 MB of garbage at a
 * million lines).
 */
function forEachTerm(text: string, visit: (term: string, tf: number) => void): number {
  const tokens = identifierTokens(text);
  let distinct = 0;
  for (let i = 0; i < tokens.length; i++) {
    const term = tokens[i];
    if (tokens.indexOf(term) < i) continue;
    let tf = 1;
    for (let j = i + 1; j < tokens.length; j++) if (tokens[j] === term) tf++;
    visit(term, tf);
    distinct++;
  }
  return distinct;
}

function grow(lengths: Uint16Array, atLeast: number): Uint16Array<ArrayBuffer> {
  const next = new Uint16Array(Math.max(atLeast, 2 * lengths.length));
  next.set(lengths);
  return next;
}
