import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { importsOf, LAYERS, layerViolations, sourceFiles } from './layer-rules';
import { REPO_ROOT } from './helpers';

/** The layer rules of ARCHITECTURE.md, checked on every import of the repository's own code. */
describe('architecture', () => {
  const files = [...sourceFiles(REPO_ROOT, 'src'), ...sourceFiles(REPO_ROOT, 'test/unit'), ...sourceFiles(REPO_ROOT, 'media')];

  it('every import stays inside the layer map (type-only imports included)', () => {
    assert.ok(files.length > 100, `read ${files.length} files`);
    assert.deepEqual(layerViolations(files), []);
  });

  it('the checker fails a deliberate bad import, naming the file and the import', () => {
    const bad = [
      { rel: 'src/graph/bad.ts', text: "import type { Engine } from '../engine/engine';\nexport type E = Engine;\n" },
      { rel: 'src/engine/bad.ts', text: "import * as vscode from 'vscode';\nexport const x = vscode;\n" },
      { rel: 'src/tools/bad.ts', text: "export { McpServer } from '../mcp/server';\nconst later = () => import('../cli/main');\n" },
      { rel: 'test/unit/bad.test.ts', text: "import type { Uri } from 'vscode';\nexport type U = Uri;\n" },
      { rel: 'media/bad.ts', text: "import { symbolJson } from '../src/tools/shared/symbols';\n" },
      { rel: 'src/panel/fine.ts', text: "import * as vscode from 'vscode';\nimport { invokeTool } from '../tools/shared/invoke';\nexport { vscode, invokeTool };\n" },
    ];
    assert.deepEqual(layerViolations(bad), [
      "src/graph/bad.ts:1 imports (type-only) '../engine/engine': src/graph may not import src/engine (allowed: src/common, src/index)",
      "src/engine/bad.ts:1 imports 'vscode': only src/vscode and src/panel may import vscode",
      "src/tools/bad.ts:1 imports '../mcp/server': src/tools may not import src/mcp (allowed: src/common, src/index, src/graph, src/search, src/engine)",
      "src/tools/bad.ts:2 imports '../cli/main': src/tools may not import src/cli (allowed: src/common, src/index, src/graph, src/search, src/engine)",
      "test/unit/bad.test.ts:1 imports (type-only) 'vscode': only src/vscode and src/panel may import vscode",
      "media/bad.ts:1 imports '../src/tools/shared/symbols': media/ may import only src/panel/protocol.ts and src/panel/graph-layout.ts",
    ]);
  });

  it('reads every form of import: import, import type, export from, import(), require(), import("…") types', () => {
    const text = [
      "import a from './a';",
      "import type { B } from './b';",
      "export * from './c';",
      "export type { D } from './d';",
      "const e = require('./e');",
      "const f = () => import('./f');",
      "let g: import('./g').G;",
    ].join('\n');
    assert.deepEqual(importsOf('x.ts', text).map((s) => [s.specifier, s.typeOnly]), [
      ['./a', false], ['./b', true], ['./c', false], ['./d', true], ['./e', false], ['./f', false], ['./g', true],
    ]);
  });

  it('every folder of src/ is in the layer map', () => {
    const folders = fs.readdirSync(path.join(REPO_ROOT, 'src'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    assert.deepEqual(folders.filter((f) => !(f in LAYERS)), []);
  });

  it('src/tools/ holds one tool per file, each in the registry; helpers live in src/tools/shared/', () => {
    const registry = fs.readFileSync(path.join(REPO_ROOT, 'src/tools/registry.ts'), 'utf8');
    for (const { rel, text } of files.filter((f) => /^src\/tools\/[^/]+\.ts$/.test(f.rel) && f.rel !== 'src/tools/registry.ts')) {
      assert.equal(text.match(/\bdefineTool\(/g)?.length, 1, `${rel} defines exactly one tool`);
      assert.ok(registry.includes(`'./${path.basename(rel, '.ts')}'`), `${rel} is listed in src/tools/registry.ts`);
    }
  });

  it('no unchecked casts in src/ (`as never`, `as unknown as`)', () => {
    const casts = files.filter((f) => f.rel.startsWith('src/')).flatMap((f) => f.text.split('\n').flatMap((line, i) => (/\bas (never|unknown as)\b/.test(line) ? [`${f.rel}:${i + 1}`] : [])));
    assert.deepEqual(casts, []);
  });

  it('file names are unique across src/ (one name, one module)', () => {
    const byName = new Map<string, string[]>();
    for (const { rel } of files.filter((f) => f.rel.startsWith('src/'))) byName.set(path.basename(rel), [...(byName.get(path.basename(rel)) ?? []), rel]);
    // index.ts is a folder's entry point by convention, not a name.
    assert.deepEqual([...byName].filter(([name, list]) => list.length > 1 && name !== 'index.ts'), []);
  });
});
