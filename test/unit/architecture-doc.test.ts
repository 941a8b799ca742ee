import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './helpers';

const doc = fs.readFileSync(path.join(REPO_ROOT, 'ARCHITECTURE.md'), 'utf8');

/** Markdown links (outside code spans: `f[k](x)` is code, not a link). */
function links(markdown: string) {
  return markdown.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s#]+)\)/g);
}

/** Every file and folder a `code span` or link names, except patterns with a placeholder (`queries/<lang>-tags.scm`). */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g), ...links(markdown)].map((m) => m[1]);
  return [...new Set(spans.filter((s) => !s.includes('<') && (s.includes('/') || /\.(ts|md|scm|json|mjs)$/.test(s))))];
}

function allFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || entry.name === 'dist' || entry.name === 'out') continue;
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) allFiles(child, out);
    else out.push(path.relative(REPO_ROOT, child).split(path.sep).join('/'));
  }
  return out;
}

describe('ARCHITECTURE.md', () => {
  it('names only paths that exist (a bare file name: some file of that name)', () => {
    const files = allFiles(REPO_ROOT);
    const names = new Set(files.map((f) => path.basename(f)));
    const named = namedPaths(doc);
    assert.ok(named.length > 50, `found ${named.length} paths`);
    const missing = named.filter((p) => (p.includes('/') ? !fs.existsSync(path.join(REPO_ROOT, p)) : !names.has(p)));
    assert.deepEqual(missing, []);
  });

  it('the path check itself fails on a path that does not exist', () => {
    assert.deepEqual(namedPaths('see `src/nowhere/gone.ts` and [x](docs/none.md), not `queries/<lang>-tags.scm`'), ['src/nowhere/gone.ts', 'docs/none.md']);
    assert.equal(fs.existsSync(path.join(REPO_ROOT, 'src/nowhere/gone.ts')), false);
  });

  it('has a section with an Architecture Invariant for every folder of src/', () => {
    const folders = fs.readdirSync(path.join(REPO_ROOT, 'src'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    for (const folder of folders) {
      const section = doc.split(/^### /m).find((s) => s.startsWith(`\`src/${folder}/\``));
      assert.ok(section, `a section for src/${folder}/`);
      assert.match(section, /\*\*Architecture Invariant:\*\*/, `src/${folder}/ states its invariant`);
    }
  });

  it('is what the README links, and the README names no file a clone does not have', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    assert.match(readme, /\]\(ARCHITECTURE\.md\)/);
    const missing = [...links(readme)].map((m) => m[1]).filter((p) => !/^[a-z]+:/.test(p) && !fs.existsSync(path.join(REPO_ROOT, p)));
    assert.deepEqual(missing, []);
    assert.doesNotMatch(readme, /DESIGN\.md/);
  });
});
