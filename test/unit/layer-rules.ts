import * as fs from 'node:fs';
import * as path from 'node:path';

/** Modules of src/ that the webview bundle (media/) may import. */
const WEBVIEW_SHARED = new Set(['src/panel/protocol', 'src/panel/graph-layout']);
import * as ts from 'typescript';

/**
 * The layer map of ARCHITECTURE.md as data: which folders of `src/` each folder may import from. Dependencies
 * point one way; the two composition roots (`cli`, `vscode`) and the panel sit on top.
 */
export const LAYERS: Readonly<Record<string, readonly string[]>> = {
  common: [],
  index: ['common'],
  graph: ['common', 'index'],
  search: ['common', 'index', 'graph'],
  engine: ['common', 'index', 'graph', 'search'],
  tools: ['common', 'index', 'graph', 'search', 'engine'],
  mcp: ['common', 'engine', 'tools'],
  cli: ['common', 'engine', 'tools', 'mcp'],
  panel: ['common', 'index', 'graph', 'engine', 'tools'],
  vscode: ['common', 'index', 'graph', 'search', 'engine', 'tools', 'mcp', 'panel'],
};

/** Only these layers may import the `vscode` module, even as a type. */
export const VSCODE_LAYERS: ReadonlySet<string> = new Set(['vscode', 'panel']);

export interface ImportSite {
  /** Repository-relative path of the importing file. */
  file: string;
  line: number;
  specifier: string;
  typeOnly: boolean;
}

/**
 * Every module specifier a file names — `import`, `import type`, `export … from`, `import()` and `require()` —
 * read with the TypeScript compiler's parser, so a type-only import counts like any other.
 */
export function importsOf(file: string, text: string): ImportSite[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const sites: ImportSite[] = [];
  const add = (node: ts.Node, specifier: ts.Expression | undefined, typeOnly: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    sites.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, specifier: specifier.text, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) add(node, node.moduleSpecifier, node.importClause?.isTypeOnly ?? false);
    else if (ts.isExportDeclaration(node)) add(node, node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node, node.moduleReference.expression, node.isTypeOnly);
    else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) add(node, node.arguments[0], false);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node, node.argument.literal, true);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

/** The layer (first folder under `src/`) a repository-relative path belongs to, or undefined outside `src/`. */
export function layerOf(rel: string): string | undefined {
  const parts = rel.split('/');
  return parts[0] === 'src' && parts.length > 2 ? parts[1] : undefined;
}

/** Each import that reaches where the map says it must not, as one readable line naming the file and the import. */
export function layerViolations(files: readonly { rel: string; text: string }[]): string[] {
  const problems: string[] = [];
  for (const { rel, text } of files) {
    const from = layerOf(rel);
    for (const site of importsOf(rel, text)) {
      const where = `${rel}:${site.line} imports${site.typeOnly ? ' (type-only)' : ''} '${site.specifier}'`;
      if (site.specifier === 'vscode' && !(from && VSCODE_LAYERS.has(from)) && !rel.startsWith('test/integration/')) {
        problems.push(`${where}: only src/vscode and src/panel may import vscode`);
        continue;
      }
      if (!site.specifier.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), site.specifier));
      // The webview bundle runs in a browser: of ours it may take only the panel's protocol (types and constants) and
      // the graph layout (plain computation over the protocol's types), and those two import nothing else of ours.
      const bare = target.replace(/\.ts$/, '');
      if (rel.startsWith('media/') && !target.startsWith('media/') && !WEBVIEW_SHARED.has(bare)) {
        problems.push(`${where}: media/ may import only src/panel/protocol.ts and src/panel/graph-layout.ts`);
        continue;
      }
      if (!site.typeOnly && WEBVIEW_SHARED.has(rel.replace(/\.ts$/, '')) && !WEBVIEW_SHARED.has(bare)) {
        problems.push(`${where}: ${rel} is bundled into the webview and may import (other than types) only src/panel/protocol.ts and src/panel/graph-layout.ts`);
        continue;
      }
      const to = layerOf(target);
      if (!from || !to || from === to) continue;
      if (!(LAYERS[from] ?? []).includes(to)) problems.push(`${where}: src/${from} may not import src/${to} (allowed: ${(LAYERS[from] ?? []).map((l) => `src/${l}`).join(', ') || 'nothing of ours'})`);
    }
  }
  return problems;
}

/** Every .ts file under `dir` (repository-relative paths), skipping fixtures. */
export function sourceFiles(repoRoot: string, dir: string): { rel: string; text: string }[] {
  const out: { rel: string; text: string }[] = [];
  const walk = (abs: string) => {
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      const child = path.join(abs, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'fixtures' && entry.name !== 'node_modules') walk(child);
      } else if (/\.(ts|mts|cts|tsx)$/.test(entry.name)) {
        out.push({ rel: path.relative(repoRoot, child).split(path.sep).join('/'), text: fs.readFileSync(child, 'utf8') });
      }
    }
  };
  walk(path.join(repoRoot, dir));
  return out;
}
