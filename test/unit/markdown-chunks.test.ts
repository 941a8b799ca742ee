import * as assert from 'node:assert/strict';
import { groupCollections } from '../../src/search/collections';
import { chunkMarkdown, MAX_CHUNK_CHARS, parseMarkdown } from '../../src/search/markdown';
import { anchoredSnippet, cutAtLine } from '../../src/search/snippet';
import { identifierTokens, queryWords, splitIdentifier, stem, textTerms } from '../../src/search/tokenize';
import { leadingComment } from '../../src/search/wiki';

describe('search building blocks', () => {
  describe('identifier-aware tokenizing', () => {
    it('splits camel, Pascal, snake and acronym names into words, keeping the whole name', () => {
      assert.deepEqual(splitIdentifier('parseInvoiceTotal'), ['parse', 'Invoice', 'Total']);
      assert.deepEqual(splitIdentifier('HTTPServer2'), ['HTTP', 'Server', '2']);
      assert.deepEqual(splitIdentifier('parse_invoice_total'), ['parse', 'invoice', 'total']);
      assert.deepEqual(identifierTokens('parseInvoiceTotal()'), ['parseinvoicetotal', 'parse', 'invoice', 'total']);
    });
    it('stems so that a question and a heading meet, and drops question words', () => {
      assert.deepEqual(textTerms('How do I rotate keys?'), textTerms('rotating key'));
      assert.deepEqual(textTerms('invoices'), textTerms('invoice'));
    });
  });

  describe('markdown chunks', () => {
    it('reads headings and table delimiter rows of long lines in linear time (their regexes were quadratic)', () => {
      // A heading, 300k blanks, then text: the lazy heading pattern tried every length against the rest of the line.
      // A line of 300k blanks under a table row: the delimiter pattern split it between two `\s*` every way.
      const blanks = ' '.repeat(300_000);
      const doc = parseMarkdown('d.md', [`# Title${blanks}x ##`, '', '| a |', blanks, '| b |', '|---|', '| c |'].join('\n'));
      assert.deepEqual(doc.headings.map((h) => [h.level, h.text.length, h.text.slice(0, 5), h.text.slice(-1)]), [[1, 300_006, 'Title', 'x']]);
      assert.deepEqual(doc.tables.map((t) => [t.line_start, t.line_end, t.header, t.rows]), [[5, 7, ['b'], [['c']]]]);
    });

    const doc = ['# Guide', '', 'Intro.', '', '## Install', '', 'Run it.', '', '```sh', '# not a heading', '```', '', '## FAQ', '', 'One.', '', '## FAQ', '', 'Two.'].join('\n');

    it('splits at headings outside code fences, with heading paths and ids that tell equal headings apart', () => {
      const chunks = chunkMarkdown('docs/g.md', doc);
      assert.deepEqual(chunks.map((c) => c.id), ['docs/g.md#guide', 'docs/g.md#install', 'docs/g.md#faq', 'docs/g.md#faq~2']);
      assert.deepEqual(chunks[1].heading_path, ['Guide', 'Install']);
      assert.match(chunks[1].text, /# not a heading/);
      assert.deepEqual([chunks[3].line_start, chunks[3].line_end], [17, 19]);
    });

    it('keeps ids stable when another section changes', () => {
      const before = chunkMarkdown('g.md', doc).map((c) => c.id);
      const after = chunkMarkdown('g.md', doc.replace('Run it.', 'Run it.\n\nThen configure it with a long paragraph of text.')).map((c) => c.id);
      assert.deepEqual(after, before);
    });

    it('splits a long section at paragraph boundaries, each part within the size limit', () => {
      const paragraphs = Array.from({ length: 10 }, (_, i) => `Paragraph ${i} `.repeat(40).trim());
      const chunks = chunkMarkdown('long.md', `## Long\n\n${paragraphs.join('\n\n')}\n`);
      assert.ok(chunks.length >= 3, `${chunks.length} chunks`);
      assert.deepEqual(chunks.slice(0, 2).map((c) => c.id), ['long.md#long', 'long.md#long@2']);
      for (const c of chunks) assert.ok(c.text.length <= MAX_CHUNK_CHARS, `${c.id} has ${c.text.length} chars`);
      for (const c of chunks.slice(1)) assert.match(c.text, /^Paragraph \d/, 'a part starts at a paragraph');
    });

    it('parses title, code blocks, tables and links', () => {
      const parsed = parseMarkdown('x.md', '---\ntitle: Front\n---\n# H\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSee [y](y.md).\n\n```ts\nconst x = 1;\n```\n');
      assert.equal(parsed.title, 'Front');
      assert.deepEqual(parsed.tables.map((t) => [t.header, t.rows]), [[['a', 'b'], [['1', '2']]]]);
      assert.deepEqual(parsed.links, [{ text: 'y', target: 'y.md', line: 10 }]);
      assert.deepEqual(parsed.code_blocks, [{ lang: 'ts', line_start: 12, line_end: 14, text: 'const x = 1;' }]);
    });
  });

  describe('collections', () => {
    it('one per folder with docs; docs/ takes its subfolders, ADR folders stay their own; globs add more', () => {
      const c = groupCollections('r', ['README.md', 'CONTRIBUTING.md', 'docs/a.md', 'docs/deep/b.md', 'docs/adr/0001.md', 'pkg/README.md'], ['**/README.md']);
      assert.deepEqual(c.map((x) => [x.id, x.documents.length]), [['r:.', 2], ['r:docs', 2], ['r:docs/adr', 1], ['r:pkg', 1], ['r:glob:**/README.md', 2]]);
    });
  });

  describe("a module's purpose from its leading doc comment", () => {
    it('reads Go, Python, block and hash comments, first paragraph only', () => {
      assert.equal(leadingComment('// Package store keeps items.\n// It is safe for concurrent use.\n\npackage store\n'), 'Package store keeps items. It is safe for concurrent use.');
      assert.equal(leadingComment('"""Billing helpers.\n\nMore detail."""\nimport os\n'), 'Billing helpers.');
      assert.equal(leadingComment('"""One line."""\n'), 'One line.');
      assert.equal(leadingComment('/**\n * Money formatting.\n * Minor units in.\n */\nexport {};\n'), 'Money formatting. Minor units in.');
      assert.equal(leadingComment('#!/usr/bin/env python\n# Command line entry.\nimport sys\n'), 'Command line entry.');
      assert.equal(leadingComment('import x from "y";\n// not leading\n'), undefined);
    });
  });

  describe('snippets', () => {
    it('centres on the query words and says it cut', () => {
      const text = `${'filler words here. '.repeat(50)}The signing key is rotated monthly. ${'more filler. '.repeat(50)}`;
      const { snippet, truncated } = anchoredSnippet(text, 'rotate the signing key', 100);
      assert.equal(truncated, true);
      assert.ok(snippet.length <= 100);
      assert.match(snippet, /signing key is rotated/);
    });
    it('takes the first window with the most distinct query words, then the most hits', () => {
      const text = `${'key key key key. '.repeat(3)}${'filler words. '.repeat(20)}rotate the key. ${'filler words. '.repeat(20)}rotate the key, rotate the key. ${'filler words. '.repeat(20)}`;
      const { snippet } = anchoredSnippet(text, 'rotate key', 40);
      // Twelve hits of one word lose to two words; of the windows with both, the one with four hits wins.
      assert.equal(snippet, '…words. rotate the key, rotate the key.…');
    });
    it('picks the window a plain count of every start picks, on random texts with every kind of whitespace', () => {
      let seed = 7;
      const random = (n: number) => Math.floor(((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * n);
      const words = ['rotate', 'Rotating', 'key', 'KEYS', 'signing', 'the', 'Service11', 'servic', 'İstanbul', 'ünïcödé', 'a', 'x'];
      const spaces = [' ', '  ', '\n', '\t', '\u00a0', '\u2028', ' \n ', '\ufeff', '\u3000'];
      for (let i = 0; i < 2000; i++) {
        let text = random(3) === 0 ? spaces[random(spaces.length)] : '';
        for (let j = random(i % 100 === 0 ? 6000 : 300); j > 0; j--) text += words[random(words.length)] + spaces[random(spaces.length)];
        const query = Array.from({ length: 1 + random(4) }, () => words[random(words.length)]).join(' ');
        const width = [20, 40, 100, 300][random(4)];
        assert.deepEqual(anchoredSnippet(text, query, width), plainSnippet(text, query, width), `${JSON.stringify(text.slice(0, 60))} "${query}" ${width}`);
      }
    });
    it('cuts at a line boundary', () => {
      assert.deepEqual(cutAtLine('aaa\nbbb\nccc', 9), { text: 'aaa\nbbb', truncated: true, lines: 2 });
    });
  });
});

/**
 * anchoredSnippet as first written, for comparison: whitespace collapsed then trimmed, every hit an object, and each
 * start's window counted afresh.
 */
function plainSnippet(text: string, query: string, maxChars: number): { snippet: string; truncated: boolean } {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return { snippet: flat, truncated: false };
  const stems = queryWords(query).map(stem);
  const lower = flat.toLowerCase();
  const hits: { at: number; term: number }[] = [];
  stems.forEach((s, term) => {
    if (s.length < 2) return;
    for (let at = lower.indexOf(s); at >= 0 && hits.length < 2000; at = lower.indexOf(s, at + 1)) hits.push({ at, term });
  });
  hits.sort((a, b) => a.at - b.at);
  let bestStart = 0;
  let bestScore = -1;
  for (let i = 0; i < hits.length; i++) {
    const inWindow = hits.slice(i).filter((h) => h.at < hits[i].at + maxChars);
    const score = new Set(inWindow.map((h) => h.term)).size * 1000 + inWindow.length;
    if (score > bestScore) {
      bestScore = score;
      bestStart = hits[i].at;
    }
  }
  let start = Math.max(0, bestStart - Math.floor(maxChars / 5));
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space >= 0 && space < bestStart) start = space + 1;
  }
  start = Math.min(start, Math.max(0, flat.length - maxChars));
  const before = start > 0 ? '…' : '';
  const room = maxChars - before.length;
  const body = flat.slice(start, start + room);
  return { snippet: before + (start + room < flat.length ? `${body.slice(0, -1)}…` : body), truncated: true };
}
