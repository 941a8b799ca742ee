import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import MiniSearch from 'minisearch';
import type { RingLogger } from '../../src/common/log';
import { TEXT_INDEX_FILE } from '../../src/engine/text-index-store';
import { onePerRef, STORES } from '../../src/search/content-search';
import { deflatePage, encodeRetrievalFile, markdownOnce } from '../../src/search/retrieval-file';
import { lineStarts } from '../../src/common/text-match';
import { lineRange, linesOf } from '../../src/search/retrieval-index';
import type { WikiPage } from '../../src/search/wiki';
import { decodeSegment } from '../../src/search/term-segment';
import { type RawHits, TextIndex, type TextEntry } from '../../src/search/text-index';
import { textTerms } from '../../src/search/tokenize';
import { callTool, contextFor, copyFixture, removeDir } from './helpers';

/**
 * The retrieval text index (text-index.ts, term-segment.ts) replaced MiniSearch and keeps its answers: the same
 * entries, the same scores. Checked against MiniSearch itself, configured as `retrieve` used it, over this
 * repository's own source cut into entries; then through segments, an overlay of replaced owners, a merge, a save
 * and a load; then as the engine persists it (signed, rebuilt when it cannot be trusted).
 */

function miniSearch(): MiniSearch<TextEntry> {
  return new MiniSearch<TextEntry>({ fields: ['title', 'text'], tokenize: textTerms, processTerm: (t) => t });
}

function miniHits(mini: MiniSearch<TextEntry>, query: string): RawHits {
  const results = mini.search(query, { boost: { title: 2 }, prefix: (t) => t.length >= 4, fuzzy: (t) => (t.length >= 6 ? 0.2 : false), combineWith: 'OR' });
  return { ids: results.map((r) => r.id as string), scores: results.map((r) => r.score) };
}

/** Hits as id → score, and the ranked ids (score, then id): what callers use. */
function ranked(hits: RawHits): { order: string[]; score: Map<string, number> } {
  const score = new Map(hits.ids.map((id, i) => [id, hits.scores[i]]));
  const order = [...hits.ids].sort((a, b) => score.get(b)! - score.get(a)! || (a < b ? -1 : 1));
  return { order, score };
}

function assertSameHits(actual: RawHits, expected: RawHits, query: string): void {
  const a = ranked(actual);
  const e = ranked(expected);
  assert.deepEqual([...a.score.keys()].sort(), [...e.score.keys()].sort(), `"${query}": the same entries match`);
  for (const [id, s] of e.score) assert.ok(Math.abs(a.score.get(id)! - s) <= 1e-9 * s, `"${query}": ${id} scores ${a.score.get(id)} against ${s}`);
  // Sums in another order may differ in the last bit: compare the ranking where scores are apart.
  const apart = (ids: string[]) => ids.filter((id, i) => i === 0 || Math.abs(e.score.get(ids[i - 1])! - e.score.get(id)!) > 1e-9 * e.score.get(id)!);
  assert.deepEqual(apart(a.order).slice(0, 50), apart(e.order).slice(0, 50), `"${query}": the same ranking`);
}

/** This repository's source, 30 lines an entry, owned by its file: real code words, camel case, comments. */
function sourceEntries(): Map<string, TextEntry[]> {
  const owners = new Map<string, TextEntry[]>();
  for (const dir of ['src/search', 'src/graph', 'src/engine']) {
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.ts')).sort()) {
      const lines = fs.readFileSync(path.join(dir, name), 'utf8').split('\n');
      const entries: TextEntry[] = [];
      for (let i = 0; i < lines.length; i += 30) entries.push({ id: `code|${dir}/${name}:${i + 1}`, title: `${name} ${i + 1}`, text: lines.slice(i, i + 30).join('\n') });
      owners.set(`${dir}/${name}`, entries);
    }
  }
  // Non-ASCII text: fuzzy and prefix matches decode these terms rather than compare bytes.
  owners.set('prose', [
    { id: 'repo_doc|prose#1', title: 'Résumé des paramètres', text: 'Le paramètre « rotation » fait tourner la clé de signature. Ünïcode naïve café' },
    { id: 'repo_doc|prose#2', title: 'Straße', text: 'Die Straße ist lang; straße strasse STRASSE. 東京 タワー' },
  ]);
  return owners;
}

const QUERIES = [
  'graph',
  'resolve the callee of a member call',
  'segment segment postings',
  'symbolTable byFile',
  'persist signed snapshot',
  'resolvr',
  'dispatchh overrides',
  'walk',
  'invokeTool deadline timeout',
  'paramètre',
  'strasse',
  'cafe',
  'zzzzqqq',
  'the of and',
];

describe('retrieval text index: MiniSearch answers from typed arrays', () => {
  const owners = sourceEntries();
  const all = [...owners.values()].flat();
  const mini = miniSearch();
  mini.addAll(all);

  const built = (): TextIndex => {
    const index = new TextIndex();
    for (const [owner, entries] of owners) index.replace(owner, 'v1', entries);
    return index;
  };

  it('finds the misspellings MiniSearch finds in a dictionary of many shared beginnings (walked as a trie, runs skipped)', () => {
    // Words over four letters: long runs share their first letters, so the walk reuses rows and skips runs often.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = (min: number, max: number) => Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, () => 'abcd'[Math.floor(next() * 4)]).join('');
    const entries: TextEntry[] = Array.from({ length: 400 }, (_, i) => ({ id: `code|e${i}`, title: word(3, 9), text: `${word(6, 10)} ${word(2, 12)} naïve ${word(6, 8)}é` }));
    const index = new TextIndex();
    index.replace('words', 'v1', entries);
    const reference = miniSearch();
    reference.addAll(entries);
    for (let i = 0; i < 60; i++) {
      const q = i % 10 === 9 ? `${word(5, 8)}é` : word(6, 12);
      assertSameHits(index.search(q), miniHits(reference, q), q);
    }
  });

  it('scores and ranks every query as MiniSearch does (exact, prefix, misspelt, non-ASCII, repeated words)', () => {
    const index = built();
    assert.equal(index.entryCount, all.length);
    for (const q of QUERIES) assertSameHits(index.search(q), miniHits(mini, q), q);
    assert.ok(index.search('graph').ids.length > 10, 'a common word matches many entries');
    assert.equal(index.search('zzzzqqq').ids.length, 0);
    assert.ok(index.search('zzzz-no-such-words').ids.length > 0, '"no", "such" and "words" are words of the source');
  });

  it('answers the same after replaced and removed owners (an overlay over dead entries), after a merge, and loaded from its bytes', () => {
    const index = built();
    const changed = new Map(owners);
    const [first, second, third] = [...owners.keys()];
    const edited = [{ id: 'code|edited:1', title: 'quuxFrobnicator', text: 'export function quuxFrobnicator() { return resolveGraph(); }' }, ...owners.get(second)!.slice(1)];
    changed.set(second, edited);
    changed.delete(third);
    index.replace(second, 'v2', edited);
    index.remove(third);
    // A search seals the overlay; then one more owner goes.
    assert.ok(index.search('quuxFrobnicator').ids.includes('code|edited:1'));
    index.remove(first);
    changed.delete(first);
    const expected = miniSearch();
    expected.addAll([...changed.values()].flat());
    // MiniSearch after discards keeps the same answers as one built from the rest: both are what this must give.
    const discarded = miniSearch();
    discarded.addAll(all);
    for (const id of [...owners.get(first)!, ...owners.get(second)!, ...owners.get(third)!].map((e) => e.id)) discarded.discard(id);
    discarded.addAll(edited);
    for (const q of [...QUERIES, 'quuxFrobnicator']) {
      assertSameHits(index.search(q), miniHits(expected, q), q);
      assertSameHits(index.search(q), miniHits(discarded, q), q);
    }
    assert.ok(index.changedSinceMerge > 0);
    const bytes = index.encode();
    assert.equal(index.changedSinceMerge, 0);
    const loaded = new TextIndex();
    loaded.load(bytes);
    assert.equal(loaded.entryCount, [...changed.values()].flat().length);
    for (const q of [...QUERIES, 'quuxFrobnicator']) {
      assertSameHits(index.search(q), miniHits(expected, q), q);
      assertSameHits(loaded.search(q), miniHits(expected, q), q);
    }
    // Owners and their versions come back: what is current is not rebuilt, what is gone stays gone.
    assert.ok(loaded.isCurrent(second, 'v2'));
    assert.ok(loaded.isCurrent([...owners.keys()][3], 'v1'));
    assert.ok(!loaded.isCurrent(first, 'v1'));
    assert.deepEqual(loaded.ownersWithPrefix('src/search/').sort(), [...changed.keys()].filter((o) => o.startsWith('src/search/')).sort());
  });

  it('encodes a first build (one segment, nothing dead: written as it is) to the bytes merging the same entries gives', () => {
    const whole = built();
    const bytes = whole.encode();
    // The same owners in two segments (a search seals the first half): encoding merges them.
    const halves = new TextIndex();
    const list = [...owners];
    list.slice(0, list.length / 2).forEach(([owner, entries]) => halves.replace(owner, 'v1', entries));
    halves.search('graph');
    list.slice(list.length / 2).forEach(([owner, entries]) => halves.replace(owner, 'v1', entries));
    assert.ok(decodeSegment(bytes).postings.length > 1 << 16, 'postings over more than one of the builder pool\'s 64 kB chunks (streams across chunks and slices)');
    assert.ok(bytes.equals(halves.encode()));
    const loaded = new TextIndex();
    loaded.load(bytes);
    for (const q of QUERIES) assertSameHits(loaded.search(q), miniHits(mini, q), q);
    // The index encoded keeps its segment (the pieces are views over it, not read back from a copy): it answers
    // the same, and gives the same pieces again.
    for (const q of QUERIES) assertSameHits(whole.search(q), miniHits(mini, q), q);
    assert.equal(whole.changedSinceMerge, 0);
    assert.ok(Buffer.concat(whole.encodePieces()).equals(bytes));
  });

  it('adds a long owner in parts, also when a search seals the first part', () => {
    const index = new TextIndex();
    const entries = owners.get('src/search/text-index.ts')!;
    index.replace('big', 'v1', entries.slice(0, 2));
    index.search('segment');
    index.append('big', 'v1', entries.slice(2));
    const whole = new TextIndex();
    whole.replace('big', 'v1', entries);
    for (const q of QUERIES) assertSameHits(index.search(q), whole.search(q), q);
    index.remove('big');
    assert.equal(index.entryCount, 0);
    assert.equal(index.search('segment').ids.length, 0);
    assert.throws(() => index.append('big', 'v1', entries), /not the owner being replaced/);
  });

  it('cuts a wiki section out of its page as splitting the page into lines would', () => {
    const texts = ['', '\n', 'a', 'a\n', '\n\nb\n', 'one\ntwo\nthree', 'one\ntwo\nthree\n', '# T\n\n## S\nx\n\n## U\ny\nz'];
    for (const text of texts) {
      for (let from = -1; from <= 6; from++) {
        for (let to = -1; to <= 7; to++) {
          const expected = text.split('\n').slice(from - 1, to).join('\n');
          assert.equal(linesOf(text, from, to), expected, `${JSON.stringify(text)} ${from}..${to}`);
          assert.equal(lineRange(text, lineStarts(text), from, to), expected, `lineRange ${JSON.stringify(text)} ${from}..${to}`);
        }
      }
    }
  });

  it('keeps entry ids of any length and script as they were added', () => {
    const ids = ['code|plain', 'ast_summary|ünïcode→名前', `code|${'long'.repeat(20_000)}`, 'wiki|😀 page#s', 'repo_doc|'];
    const index = new TextIndex();
    index.replace('owner', 'v1', ids.map((id) => ({ id, title: 'shared', text: 'common words' })));
    const hits = index.search('shared');
    assert.deepEqual([...hits.ids].sort(), [...ids].sort());
    const loaded = new TextIndex();
    loaded.load(index.encode());
    assert.deepEqual([...loaded.search('common').ids].sort(), [...ids].sort());
  });

  it('refuses bytes that are not a whole segment, naming what is wrong', () => {
    const bytes = built().encode();
    assert.throws(() => decodeSegment(bytes.subarray(0, 40)), /not a text index segment \(too short\)/);
    assert.throws(() => decodeSegment(bytes.subarray(0, bytes.length - 8)), /not a text index segment/);
    const wrongFormat = Buffer.from(bytes);
    wrongFormat.writeUInt32LE(99, 4);
    assert.throws(() => decodeSegment(wrongFormat), /format 99/);
    const badOffsets = Buffer.from(bytes);
    // The first term offset sits right after the fixed header and the owners' JSON: make it point past the end.
    const headLength = bytes.readUInt32LE(16);
    badOffsets.writeUInt32LE(0xffffff, 56 + headLength + ((4 - (headLength % 4)) % 4));
    assert.throws(() => decodeSegment(badOffsets), /offsets/);
  });
});

describe('retrieval file: wiki pages deflated as they are generated', () => {
  const pages = (): WikiPage[] => [
    { id: '.', title: 'repo', purpose: 'Overview — with a dash', markdown: '# repo\n\n## Modules\n\n- `src` — code', sections: [{ title: 'Modules', slug: 'modules', line_start: 3, line_end: 5 }], files: [] },
    { id: 'src', title: 'src', purpose: 'Code', markdown: `# src\n\n## Files\n\n${'- `src/a.ts` (3 symbols, 10 lines)\n'.repeat(500)}`, sections: [{ title: 'Files', slug: 'files', line_start: 3, line_end: 504 }], files: ['src/a.ts'] },
  ];

  it('saves the same bytes as pages deflated when saved, and reads the same markdown', () => {
    const plain = pages();
    const deflated = plain.map(deflatePage);
    const wiki = (p: WikiPage[]) => ({ key: 'k', hash: 'h', pages: p, ranks: new Float64Array([0.5, 0.25]) });
    const segment = [Buffer.from('segment!')];
    const before = encodeRetrievalFile(segment, wiki(plain));
    const after = encodeRetrievalFile(segment, wiki(deflated));
    assert.deepEqual(Buffer.concat(after.pieces), Buffer.concat(before.pieces));
    // The pages kept after the save are the deflated ones as they were.
    assert.deepEqual(after.pages, deflated);
    deflated.forEach((p, i) => {
      assert.equal(markdownOnce(p), plain[i].markdown);
      assert.equal(p.markdown, plain[i].markdown);
      assert.equal(markdownOnce(p), plain[i].markdown);
      assert.deepEqual(JSON.parse(JSON.stringify(p)), plain[i] as unknown);
    });
    assert.equal(markdownOnce(plain[1]), plain[1].markdown);
  });
});

describe('retrieval text index: persisted with the index', () => {
  let root: string;
  const cache = () => path.join(root, '.cache-under-test');
  const open = () => contextFor(root, { storageDir: cache() });
  const warnings = (ctx: ReturnType<typeof open>) => (ctx.logger as RingLogger).recent(100).map((e) => `${e.level}: ${e.message}`);
  const ask = { query: 'How do I rotate the signing key?', mode: 'mixed', top_k: 20, include_scores: true } as const;
  let first: { results: unknown[]; total_hits: number };

  before(async () => {
    root = copyFixture('docs-repo');
    const ctx = open();
    first = await callTool(ctx, 'retrieve', ask);
    await ctx.engine.retrieval.saved();
    ctx.workspaces.dispose();
  });
  after(() => removeDir(root));

  it('the best hits, resolving only those that can be among them, are the best of all hits resolved', async () => {
    const ctx = open();
    const index = await ctx.engine.retrieval.ready();
    for (const query of ['How do I rotate the signing key?', 'invoice total', 'invoce totals', 'installing', 'the', 'zzzzqqq']) {
      for (const limit of [1, 3, 25]) {
        for (const stores of [STORES, ['code', 'ast_summary'] as const, ['wiki'] as const]) {
          const all = onePerRef(await index.searchContent(query, { stores }));
          const top = await index.topContent(query, { stores }, limit);
          assert.deepEqual(top.hits.map((h) => [h.doc.id, h.score]), all.slice(0, limit).map((h) => [h.doc.id, h.score]), `${query} ${limit} ${stores.join()}`);
          assert.equal(top.total, all.length, `${query}: total`);
        }
      }
    }
    await ctx.engine.retrieval.saved();
    ctx.workspaces.dispose();
  });

  it('is saved after the first build and loaded by the next start, with the same answer', async () => {
    assert.ok(first.results.length > 0);
    assert.ok(fs.existsSync(path.join(cache(), TEXT_INDEX_FILE)));
    const ctx = open();
    // The ranks that boost code hits were saved with the wiki: the first answer computes no PageRank.
    const graph = await ctx.engine.ready();
    const ranks = graph.symbolRanks;
    let ranked = 0;
    graph.symbolRanks = () => (ranked++, ranks.call(graph));
    const again = await callTool(ctx, 'retrieve', ask);
    assert.deepEqual(again.results, first.results);
    assert.equal(again.total_hits, first.total_hits);
    const code = { query: 'invoice total money', mode: 'code', top_k: 10, include_scores: true } as const;
    const warm = await callTool(ctx, 'retrieve', code);
    assert.equal(ranked, 0);
    assert.ok(warnings(ctx).some((l) => /^info: Loaded the text index: \d+ entries/.test(l)), warnings(ctx).join('\n'));
    await ctx.engine.retrieval.saved();
    ctx.workspaces.dispose();
    // The same scores as with ranks the graph computes (no saved file to restore them from).
    fs.rmSync(path.join(cache(), TEXT_INDEX_FILE));
    const cold = open();
    const built = await callTool(cold, 'retrieve', code);
    assert.ok(built.results.filter((r: { score: number }) => r.score > 0).length > 1, JSON.stringify(built.results));
    assert.deepEqual(warm.results, built.results);
    await cold.engine.retrieval.saved();
    cold.workspaces.dispose();
  });

  it('a process that ends right after its answer (sightline call) still leaves the text index saved', async () => {
    fs.rmSync(path.join(cache(), TEXT_INDEX_FILE));
    const ctx = open();
    await callTool(ctx, 'retrieve', ask);
    ctx.workspaces.dispose();
    assert.ok(fs.existsSync(path.join(cache(), TEXT_INDEX_FILE)));
    // The write begun before dispose lands too (the same bytes): let it, before the next test changes the file.
    await ctx.engine.retrieval.saved();
    const next = open();
    assert.deepEqual((await callTool(next, 'retrieve', ask)).results, first.results);
    assert.ok(warnings(next).some((l) => l.startsWith('info: Loaded the text index')));
    next.workspaces.dispose();
  });

  it('after a warm start, the saved file is verified and loaded in idle time, before any search asks for it', async () => {
    const ctx = open();
    await ctx.engine.ready();
    const loaded = () => warnings(ctx).filter((l) => l.startsWith('info: Loaded the text index')).length;
    assert.equal(loaded(), 0, 'not at the warm start itself');
    while (loaded() === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual((await callTool(ctx, 'retrieve', ask)).results, first.results);
    assert.equal(loaded(), 1, 'the search found it loaded');
    await ctx.engine.retrieval.saved();
    ctx.workspaces.dispose();
  });

  it('a tampered file is not believed: rebuilt with a log line, same answer', async () => {
    const file = path.join(cache(), TEXT_INDEX_FILE);
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 3] ^= 0xff;
    fs.writeFileSync(file, bytes);
    const ctx = open();
    const again = await callTool(ctx, 'retrieve', ask);
    assert.deepEqual(again.results, first.results);
    assert.ok(warnings(ctx).some((l) => /^warn: The saved text index is not usable \(its signature does not match/.test(l)), warnings(ctx).join('\n'));
    await ctx.engine.retrieval.saved();
    ctx.workspaces.dispose();
  });

  it('saves the wiki with the text index, serves it as saved while what it was made from is unchanged, and makes it again when a file changed', async () => {
    fs.rmSync(path.join(cache(), TEXT_INDEX_FILE), { force: true });
    const build = open();
    const generated = (await build.engine.retrieval.ready()).wikiPages().map((p) => ({ ...p }));
    const wikiAsk = { query: 'central symbols of the module', stores: ['wiki'], top_k: 10 } as const;
    const answer = await callTool(build, 'retrieve', wikiAsk);
    assert.ok(answer.results.some((r: { store: string }) => r.store === 'wiki'), JSON.stringify(answer.results));
    await build.engine.retrieval.saved();
    build.workspaces.dispose();
    const ctx = open();
    const pages = (await ctx.engine.retrieval.ready()).wikiPages();
    assert.ok(warnings(ctx).some((l) => /^info: The saved wiki is current: \d+ pages/.test(l)), warnings(ctx).join('\n'));
    assert.deepEqual(pages.map((p) => ({ ...p })), generated);
    assert.deepEqual((await callTool(ctx, 'retrieve', wikiAsk)).results, answer.results);
    const file = [...ctx.engine.indexedFiles().keys()].find((f) => f.endsWith('.ts'))!;
    ctx.workspaces.dispose();
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    fs.appendFileSync(path.join(root, file), '\nexport function plughWidget(): number {\n  return 7;\n}\n');
    const changed = open();
    const after = (await changed.engine.retrieval.ready()).wikiPages();
    assert.ok(!warnings(changed).some((l) => /saved wiki is current/.test(l)), warnings(changed).join('\n'));
    assert.ok(after.some((p) => p.markdown.includes('plughWidget')));
    changed.workspaces.dispose();
    fs.writeFileSync(path.join(root, file), text);
    // A doc changed (no source file did): a folder's page quotes its README, so the wiki is made again.
    const readme = path.join(root, 'src/shipping/README.md');
    fs.writeFileSync(readme, '# Shipping\n\nRates and zones for parcels sent by the quibblewick courier.\n');
    const documented = open();
    const withDoc = (await documented.engine.retrieval.ready()).wikiPages();
    assert.ok(!warnings(documented).some((l) => /saved wiki is current/.test(l)), warnings(documented).join('\n'));
    assert.ok(withDoc.some((p) => p.markdown.includes('quibblewick courier')));
    await documented.engine.retrieval.saved();
    documented.workspaces.dispose();
    fs.rmSync(readme);
  });

  it('pages made again the same under a new key (the project configuration changed, no file did) are saved with it, and served as saved by the next start', async () => {
    const ctx0 = open();
    await ctx0.engine.retrieval.ready();
    await ctx0.engine.retrieval.saved();
    ctx0.workspaces.dispose();
    const config = path.join(root, 'tsconfig.json');
    fs.writeFileSync(config, JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@billing/*': ['src/billing/*'] } } }));
    const reconfigured = open();
    const index = await reconfigured.engine.retrieval.ready();
    assert.ok(!warnings(reconfigured).some((l) => /saved wiki is current/.test(l)), warnings(reconfigured).join('\n'));
    await index.topContent('invoice total', { stores: ['wiki'] }, 3);
    await index.saved();
    reconfigured.workspaces.dispose();
    const next = open();
    await next.engine.retrieval.ready();
    assert.ok(warnings(next).some((l) => /^info: The saved wiki is current/.test(l)), warnings(next).join('\n'));
    next.workspaces.dispose();
    fs.rmSync(config);
  });

  it('a file changed while closed is re-indexed from its text on load; the rest is served from the file', async () => {
    const ctx0 = open();
    const [file] = [...(await ctx0.engine.ready(), ctx0.engine.indexedFiles().keys())].filter((f) => f.endsWith('.ts'));
    ctx0.workspaces.dispose();
    fs.appendFileSync(path.join(root, file), '\nexport function quuxFrobnicator(): number {\n  return 42;\n}\n');
    const ctx = open();
    const found = await callTool(ctx, 'retrieve', { query: 'quuxFrobnicator', mode: 'code' });
    assert.ok(found.results.some((r: { file?: string }) => r.file === file), JSON.stringify(found.results));
    assert.ok(warnings(ctx).some((l) => l.startsWith('info: Loaded the text index')));
    // An edit in the editor: found at once, and gone again when the text is.
    ctx.engine.setOverlay(file, 'export function zorblaxQuencher(): number {\n  return 1;\n}\n');
    const edited = await callTool(ctx, 'retrieve', { query: 'zorblaxQuencher', mode: 'code' });
    assert.equal(edited.results[0]?.file, file);
    assert.equal((await callTool(ctx, 'retrieve', { query: 'quuxFrobnicator', mode: 'code' })).total_hits, 0);
    ctx.engine.setOverlay(file, undefined);
    assert.equal((await callTool(ctx, 'retrieve', { query: 'zorblaxQuencher', mode: 'code' })).total_hits, 0);
    await ctx.engine.retrieval.saved();
    ctx.workspaces.dispose();
  });
});
