import { TimeSlicer } from '../common/deadline';
import type { CodeGraph } from '../graph/code-graph';
import { dirOf, type IndexedSymbol } from '../graph/symbol-table';
import { parseMarkdown } from './markdown';

/**
 * Generated wiki pages: one per folder that holds indexed source files (`.` is the repository overview),
 * built deterministically from the index so the same code always gives the same page. Sections are real
 * `##` headings, so wiki_page can return one and retrieve can rank them like any markdown.
 */
export interface WikiPage {
  /** The folder, `.` for the repository root. */
  id: string;
  title: string;
  /** One line: what the module is for. */
  purpose: string;
  markdown: string;
  sections: { title: string; slug: string; line_start: number; line_end: number }[];
  files: string[];
}

/** Bump when what generateWiki writes changes: pages saved with the text index under an older recipe are generated again. */
export const WIKI_RECIPE = 1;
const CENTRAL_LIMIT = 15;
const SYMBOL_LIST_LIMIT = 500;

export interface WikiInputs {
  repository: string;
  graph: CodeGraph;
  docs: readonly string[];
  readText(rel: string): string;
  /** What is kept of each page as it is made (the retrieval index deflates its markdown at once: retrieval-file.ts). */
  keep?: (page: WikiPage) => WikiPage;
}

export async function generateWiki(inputs: WikiInputs, slicer = new TimeSlicer()): Promise<WikiPage[]> {
  const { graph } = inputs;
  const folders = new Map<string, string[]>();
  for (const file of graph.table.files.keys()) {
    const dir = dirOf(file) || '.';
    const list = folders.get(dir);
    if (list) list.push(file);
    else folders.set(dir, [file]);
  }
  // Import edges and cycles are counted once for all pages: per page they would cost a pass over the whole graph each.
  const links: ModuleLinks = { dependsOn: new Map(), dependedOnBy: new Map(), cycles: graph.importCycles() };
  const bump = (map: Map<string, Map<string, number>>, key: string, other: string) => {
    const counts = map.get(key) ?? new Map<string, number>();
    counts.set(other, (counts.get(other) ?? 0) + 1);
    map.set(key, counts);
  };
  graph.imports.forEachEdge((_e, _a, from, to) => {
    const [a, b] = [dirOf(from) || '.', dirOf(to) || '.'];
    if (a === b) return;
    bump(links.dependsOn, a, b);
    bump(links.dependedOnBy, b, a);
  });
  const modules: WikiPage[] = [];
  for (const [dir, files] of [...folders].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const made = modulePage(inputs, links, dir, files.sort());
    modules.push(inputs.keep ? inputs.keep(made) : made);
    await slicer.tick();
  }
  const made = overviewPage(inputs, links, modules);
  const overview = inputs.keep ? inputs.keep(made) : made;
  return [overview, ...modules.filter((m) => m.id !== '.')];
}

function ranked(graph: CodeGraph, symbols: IndexedSymbol[]): IndexedSymbol[] {
  return symbols
    .filter((s) => s.kind !== 'field')
    .sort((a, b) => graph.symbolRank(b.id) - graph.symbolRank(a.id) || (a.id < b.id ? -1 : 1));
}

function symbolLine(s: IndexedSymbol): string {
  const doc = s.doc ? ` — ${s.doc.split('\n')[0].slice(0, 160)}` : '';
  return `- \`${s.signature}\`${doc} (\`${s.id}\`, lines ${s.lineStart}–${s.lineEnd})`;
}

interface ModuleLinks {
  /** Folder → folder it imports from → number of import edges. */
  dependsOn: Map<string, Map<string, number>>;
  dependedOnBy: Map<string, Map<string, number>>;
  cycles: string[][];
}

function modulePage(inputs: WikiInputs, links: ModuleLinks, dir: string, files: string[]): WikiPage {
  const { graph } = inputs;
  const inModule = new Set(files);
  const symbols = ranked(graph, files.flatMap((f) => graph.table.byFile.get(f) ?? []));
  const purpose = readmePurpose(inputs, dir) ?? leadingCommentOf(inputs, files) ?? `No README or leading doc comment describes ${dir === '.' ? 'the root folder' : dir}.`;
  const dependsOn = links.dependsOn.get(dir) ?? new Map<string, number>();
  const dependedOnBy = links.dependedOnBy.get(dir) ?? new Map<string, number>();
  const cycles = links.cycles.filter((c) => c.some((f) => inModule.has(f)));
  const langs = [...new Set(files.map((f) => graph.table.files.get(f)!.lang))].sort().join(', ');
  const rest = symbols.slice(CENTRAL_LIMIT);
  const lines = [
    `# ${dir === '.' ? inputs.repository : dir}`,
    '',
    `${files.length} file${files.length === 1 ? '' : 's'}, ${symbols.length} symbols (${langs}).`,
    '',
    '## Purpose',
    '',
    purpose,
    '',
    '## Central symbols',
    '',
    ...(symbols.length ? symbols.slice(0, CENTRAL_LIMIT).map(symbolLine) : ['None indexed.']),
    '',
    '## Files',
    '',
    ...files.map((f) => `- \`${f}\` (${graph.table.byFile.get(f)?.length ?? 0} symbols, ${graph.table.files.get(f)!.lines} lines)`),
    '',
    '## Depends on',
    '',
    ...countList(dependsOn, 'import'),
    '',
    '## Depended on by',
    '',
    ...countList(dependedOnBy, 'import'),
    '',
    '## Import cycles',
    '',
    ...(cycles.length ? cycles.map((c) => `- ${c.map((f) => `\`${f}\``).join(' → ')} → back`) : ['None.']),
    ...(rest.length ? ['', '## Other symbols', '', ...rest.slice(0, SYMBOL_LIST_LIMIT).map((s) => `- \`${s.signature}\` (\`${s.id}\`)`)] : []),
    ...(rest.length > SYMBOL_LIST_LIMIT ? [`- … and ${rest.length - SYMBOL_LIST_LIMIT} more (search_symbols finds them).`] : []),
  ];
  return page(dir, dir === '.' ? inputs.repository : dir, firstLine(purpose), lines.join('\n'), files);
}

function overviewPage(inputs: WikiInputs, links: ModuleLinks, modules: WikiPage[]): WikiPage {
  const { graph } = inputs;
  const root = modules.find((m) => m.id === '.');
  const others = modules.filter((m) => m.id !== '.');
  const purpose = readmePurpose(inputs, '.') ?? `Generated overview of ${inputs.repository}: no README describes it.`;
  const lines = [
    `# ${inputs.repository}`,
    '',
    `${graph.table.files.size} source files, ${graph.table.all.length} symbols, ${others.length + (root ? 1 : 0)} modules.`,
    '',
    '## Purpose',
    '',
    purpose,
    '',
    '## Modules',
    '',
    ...(others.length ? others.map((m) => `- \`${m.id}\` — ${m.purpose}`) : ['No modules below the root.']),
    '',
    '## Central symbols',
    '',
    ...(graph.table.all.length ? ranked(graph, [...graph.table.all]).slice(0, CENTRAL_LIMIT).map(symbolLine) : ['None indexed.']),
    '',
    '## Import cycles',
    '',
    ...(links.cycles.length ? links.cycles.map((c) => `- ${c.map((f) => `\`${f}\``).join(' → ')} → back`) : ['None.']),
  ];
  // Source files directly in the root get one section of their own (their imports and cycles are in the overview's).
  if (root) {
    lines.push('', '## Files in the root folder', '', ...root.files.map((f) => `- \`${f}\`: ${ranked(graph, [...(graph.table.byFile.get(f) ?? [])]).slice(0, 5).map((s) => `\`${s.name}\``).join(', ') || 'no symbols'}`));
  }
  return page('.', inputs.repository, firstLine(purpose), lines.join('\n'), root?.files ?? []);
}

function page(id: string, title: string, purpose: string, markdown: string, files: string[]): WikiPage {
  const doc = parseMarkdown(`${id}.md`, markdown);
  const total = markdown.split('\n').length;
  const h2 = doc.headings.filter((h) => h.level === 2);
  const sections = h2.map((h, i) => ({ title: h.text, slug: h.slug, line_start: h.line, line_end: (h2[i + 1]?.line ?? total + 1) - 1 }));
  return { id, title, purpose, markdown, sections, files };
}

function countList(counts: Map<string, number>, unit: string): string[] {
  if (!counts.size) return ['Nothing in this workspace.'];
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([dir, n]) => `- \`${dir}\` (${n} ${unit}${n === 1 ? '' : 's'})`);
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

/** The first leading doc comment among a module's files, reading only as far as needed. */
function leadingCommentOf(inputs: WikiInputs, files: string[]): string | undefined {
  for (const f of files) {
    const comment = leadingComment(safeRead(inputs, f).slice(0, 4000));
    if (comment) return comment;
  }
  return undefined;
}

function safeRead(inputs: WikiInputs, rel: string): string {
  try {
    return inputs.readText(rel);
  } catch {
    return '';
  }
}

/** The first paragraph of the folder's README (headings, badges and HTML skipped). */
function readmePurpose(inputs: WikiInputs, dir: string): string | undefined {
  const prefix = dir === '.' ? '' : `${dir}/`;
  const readme = inputs.docs.find((d) => d.startsWith(prefix) && /^readme\.(md|markdown|mdx)$/i.test(d.slice(prefix.length)));
  if (!readme) return undefined;
  const paragraph: string[] = [];
  let inFence = false;
  for (const line of safeRead(inputs, readme).split('\n')) {
    const t = line.trim();
    if (/^(```|~~~)/.test(t)) inFence = !inFence;
    if (inFence || /^(```|~~~)/.test(t)) {
      if (paragraph.length) break;
      continue;
    }
    if (!t) {
      if (paragraph.length) break;
      continue;
    }
    if (/^(#|!\[|\[!\[|<)/.test(t)) continue;
    paragraph.push(t);
  }
  const text = paragraph.join(' ');
  return text ? (text.length > 600 ? `${text.slice(0, 599)}…` : text) : undefined;
}

/** The comment a source file opens with (Go `// Package x …`, a `/** … *\/` header, `#` lines, a Python docstring). */
export function leadingComment(text: string): string | undefined {
  const lines = text.replace(/^#!.*\n/, '').split('\n');
  let i = 0;
  while (i < lines.length && !lines[i].trim()) i++;
  const first = lines[i]?.trim() ?? '';
  const out: string[] = [];
  if (first.startsWith('/*')) {
    for (; i < lines.length; i++) {
      out.push(lines[i].replace(/^\s*(\/\*\*?|\*\/|\*)\s?/, '').replace(/\*\/\s*$/, ''));
      if (lines[i].includes('*/')) break;
    }
  } else if (/^("""|''')/.test(first)) {
    const quote = first.slice(0, 3);
    const opening = lines[i].replace(quote, '');
    out.push(opening.split(quote)[0]);
    if (!opening.includes(quote)) {
      for (i++; i < lines.length && !lines[i].includes(quote); i++) out.push(lines[i]);
      if (i < lines.length) out.push(lines[i].split(quote)[0]);
    }
  } else {
    for (; i < lines.length && /^\s*(\/\/|#(?!include|define|\[))/.test(lines[i]); i++) out.push(lines[i].replace(/^\s*(\/\/+!?|#)\s?/, ''));
  }
  const comment = out.join('\n').trim();
  return comment ? comment.split(/\n\s*\n/)[0].replace(/\s+/g, ' ').slice(0, 600) : undefined;
}
