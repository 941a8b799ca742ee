/**
 * Markdown, read the way retrieval needs it: ATX headings (outside code fences) split a document into
 * sections, long sections are split further at paragraph boundaries, and every chunk gets an id that stays
 * the same while its heading and position among equal headings do.
 */

export const MAX_CHUNK_CHARS = 2000;

export interface Heading {
  level: number;
  text: string;
  /** 1-based line. */
  line: number;
  slug: string;
}

export interface CodeBlock {
  lang: string;
  line_start: number;
  line_end: number;
  text: string;
}

export interface Table {
  line_start: number;
  line_end: number;
  header: string[];
  rows: string[][];
}

export interface Link {
  text: string;
  target: string;
  line: number;
}

export interface MarkdownDocument {
  title: string;
  headings: Heading[];
  code_blocks: CodeBlock[];
  tables: Table[];
  links: Link[];
  lines: number;
}

export interface Chunk {
  /** `<document path>#<heading slug>` (`#top` before the first heading), `~N` for the Nth equal heading, `@N` for the Nth part of a long section. */
  id: string;
  document: string;
  /** Headings from the outermost down to this section's own. */
  heading_path: string[];
  line_start: number;
  line_end: number;
  text: string;
}

const FENCE = /^\s{0,3}(```+|~~~+)\s*([\w+-]*)/;
/** An ATX heading's opening: up to 3 blanks, 1 to 6 `#`, a blank. */
const ATX_OPEN = /^\s{0,3}(#{1,6})\s/;

/**
 * An ATX heading line's level and text (without the blanks around it and a closing run of `#` after a blank), as
 * `/^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/` read it: that pattern tried every length of the lazy text against the
 * rest of the line, so a heading followed by a long run of blanks and then a character took time quadratic in the
 * line (20k blanks: a second). A line break other than `\n` inside the text is no heading, as `.` did not match it.
 */
function atxHeading(line: string): { level: number; text: string } | undefined {
  const open = ATX_OPEN.exec(line);
  if (!open) return undefined;
  let text = line.slice(open[0].length).trim();
  let hashes = text.length;
  while (hashes > 0 && text[hashes - 1] === '#') hashes--;
  if (hashes < text.length && hashes > 0 && /\s/.test(text[hashes - 1])) text = text.slice(0, hashes).trimEnd();
  if (/[\r\u2028\u2029]/.test(text)) return undefined;
  return { level: open[1].length, text };
}

/**
 * Whether a line can be a table's delimiter row (`|---|:--|`): optional blanks, `|`, blanks and `:`, then `--`. By
 * hand: `/^\s*\|?\s*:?-{2,}/` split a line of blanks between its two `\s*` every way before failing (quadratic).
 */
function isTableDelimiter(line: string): boolean {
  let rest = line.trimStart();
  if (rest.startsWith('|')) rest = rest.slice(1).trimStart();
  if (rest.startsWith(':')) rest = rest.slice(1);
  return rest.startsWith('--');
}

export function slugify(text: string): string {
  return text.toLowerCase().replace(/[`*_~[\]()]/g, '').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'section';
}

/** The 0-based index of the first content line: YAML front matter is metadata, not text. */
function bodyStart(lines: string[]): number {
  if (lines[0]?.trim() !== '---') return 0;
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  return end > 0 ? end + 1 : 0;
}

/** The 0-based line that closes the fence opened at `open` (or the last line when it never closes). */
function fenceEnd(lines: string[], open: number): number {
  const marker = FENCE.exec(lines[open])![1];
  for (let i = open + 1; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t[0] === marker[0] && /^(`+|~+)$/.test(t) && t.length >= marker.length) return i;
  }
  return lines.length - 1;
}

/** Marks each line that is inside (or opens/closes) a fenced code block, where `#` is not a heading. */
function fencedLines(lines: string[]): boolean[] {
  const out = lines.map(() => false);
  for (let i = 0; i < lines.length; i++) {
    if (!FENCE.test(lines[i])) continue;
    const end = fenceEnd(lines, i);
    for (let k = i; k <= end; k++) out[k] = true;
    i = end;
  }
  return out;
}

export function parseMarkdown(documentPath: string, text: string): MarkdownDocument {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const start = bodyStart(lines);
  const headings: Heading[] = [];
  const code_blocks: CodeBlock[] = [];
  const tables: Table[] = [];
  const links: Link[] = [];
  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (fence) {
      const end = fenceEnd(lines, i);
      code_blocks.push({ lang: fence[2] || '', line_start: i + 1, line_end: end + 1, text: lines.slice(i + 1, end).join('\n') });
      i = end;
      continue;
    }
    const h = atxHeading(line);
    if (h) {
      headings.push({ level: h.level, text: h.text, line: i + 1, slug: slugify(h.text) });
      continue;
    }
    if (line.trim().startsWith('|') && isTableDelimiter(lines[i + 1] ?? '')) {
      let end = i + 2;
      while (end < lines.length && lines[end].trim().startsWith('|')) end++;
      const cells = (l: string) => l.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
      tables.push({ line_start: i + 1, line_end: end, header: cells(line), rows: lines.slice(i + 2, end).map(cells) });
      i = end - 1;
      continue;
    }
    // Bounded classes that stop at the next opener: the unbounded form rescanned the rest of the line from every
    // `[` or `<`, so one long line of brackets in a repository's docs took minutes (issue 10).
    for (const m of line.matchAll(/!?\[([^[\]]{0,500})\]\(([^()\s]{1,2000})(?:\s+"[^"]{0,500}")?\)|<(https?:\/\/[^<>\s]{1,2000})>/g)) {
      links.push({ text: m[1] ?? m[3], target: m[2] ?? m[3], line: i + 1 });
    }
  }
  const h1 = headings.find((h) => h.level === 1);
  const front = lines.slice(0, start).find((l) => /^title:\s*/.test(l));
  const title = front ? front.replace(/^title:\s*/, '').replace(/^["']|["']$/g, '') : (h1?.text ?? documentPath.split('/').pop()!.replace(/\.(md|markdown|mdx)$/i, ''));
  return { title, headings, code_blocks, tables, links, lines: lines.length };
}

/** Sections at every heading; a section longer than MAX_CHUNK_CHARS is split at paragraphs (lines if it must). */
export function chunkMarkdown(documentPath: string, text: string): Chunk[] {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const doc = parseMarkdown(documentPath, text);
  const start = bodyStart(lines);
  const bounds = doc.headings.map((h) => h.line - 1);
  const sections: { heading?: Heading; from: number; to: number }[] = [];
  if (bounds.length === 0 || bounds[0] > start) sections.push({ from: start, to: (bounds[0] ?? lines.length) - 1 });
  doc.headings.forEach((h, k) => sections.push({ heading: h, from: h.line - 1, to: (bounds[k + 1] ?? lines.length) - 1 }));
  const seen = new Map<string, number>();
  const path: Heading[] = [];
  const chunks: Chunk[] = [];
  for (const section of sections) {
    if (section.heading) {
      while (path.length && path[path.length - 1].level >= section.heading.level) path.pop();
      path.push(section.heading);
    }
    const body = lines.slice(section.from, section.to + 1);
    if (!section.heading && body.every((l) => !l.trim())) continue;
    const slug = section.heading?.slug ?? 'top';
    const n = (seen.get(slug) ?? 0) + 1;
    seen.set(slug, n);
    const base = `${documentPath}#${slug}${n > 1 ? `~${n}` : ''}`;
    splitLong(body, section.from).forEach((part, k) => {
      // A part cut at a paragraph break starts with the blank line: the chunk starts at its first text.
      while (part.lines.length > 1 && !part.lines[0].trim()) {
        part.lines.shift();
        part.from++;
      }
      chunks.push({
        id: k === 0 ? base : `${base}@${k + 1}`,
        document: documentPath,
        heading_path: path.map((h) => h.text),
        line_start: part.from + 1,
        line_end: part.from + part.lines.length,
        text: part.lines.join('\n').trimEnd(),
      });
    });
  }
  return chunks;
}

function splitLong(body: string[], offset: number): { from: number; lines: string[] }[] {
  const fenced = fencedLines(body);
  const parts: { from: number; lines: string[] }[] = [];
  let from = 0;
  let size = 0;
  let lastBreak = -1;
  for (let i = 0; i < body.length; i++) {
    size += body[i].length + 1;
    // A blank line outside a code block is where a reader expects a cut; a huge paragraph is cut at a line.
    if (!body[i].trim() && !fenced[i] && i > from) lastBreak = i;
    if (size > MAX_CHUNK_CHARS && i > from) {
      const cut = lastBreak > from ? lastBreak : i;
      parts.push({ from: offset + from, lines: body.slice(from, cut) });
      from = cut;
      size = body.slice(from, i + 1).reduce((n, l) => n + l.length + 1, 0);
      lastBreak = -1;
    }
  }
  if (from < body.length) parts.push({ from: offset + from, lines: body.slice(from) });
  return parts;
}
