import * as assert from 'node:assert/strict';
import { readCargoManifest } from '../../src/engine/cargo-manifest';
import { CodeGraph } from '../../src/graph/code-graph';
import { EMPTY_PROJECT, type ProjectConfig } from '../../src/graph/modules';
import { extractFile } from '../../src/index/extract';
import { languageForPath } from '../../src/index/languages';
import type { FileRecord } from '../../src/index/records';

/** A graph of small files extracted with the real tree-sitter queries. */
async function graphOf(sources: Record<string, string>, config: ProjectConfig = EMPTY_PROJECT): Promise<CodeGraph> {
  const records = new Map<string, FileRecord>();
  for (const [file, text] of Object.entries(sources)) records.set(file, await extractFile(languageForPath(file)!.id, text));
  return new CodeGraph(records, config);
}

function edges(g: CodeGraph): string[] {
  const out: string[] = [];
  g.calls.forEachEdge((_e, data, source, target) => out.push(`${source} -> ${target} ${data.resolution}`));
  for (const [target, sites] of g.moduleCallers) for (const s of sites) out.push(`${s.file}#<module> -> ${target} ${s.resolution}`);
  return out.sort();
}

describe('module systems: Cargo manifests', () => {
  it('names a crate as `use` writes it, from [lib] name first, and maps path dependencies by their key', () => {
    const crate = readCargoManifest('crates/app', [
      '[package]',
      'name = "my-app"',
      '[lib]',
      'name = "app_lib"',
      '[dependencies]',
      'core-lib = { path = "../core-lib" }',
      'store = { path = "../storage", package = "storage" }',
      'serde = "1"',
      '[dev-dependencies.helpers]',
      'path = "../helpers"',
    ].join('\n'));
    assert.deepEqual(crate, {
      srcDir: 'crates/app/src',
      name: 'app_lib',
      dir: 'crates/app',
      pathDeps: { core_lib: 'crates/core-lib', store: 'crates/storage', helpers: 'crates/helpers' },
    });
    assert.equal(readCargoManifest('', '[package]\nname = "a-b"\n')?.name, 'a_b');
    assert.equal(readCargoManifest('x', '[package]\nname = "x"\n[lib]\npath = "lib.rs"\n')?.srcDir, 'x');
  });

  it('declares no crate for a [workspace]-only manifest or unreadable TOML', () => {
    assert.equal(readCargoManifest('', '[workspace]\nmembers = ["crates/*"]\n'), undefined);
    assert.equal(readCargoManifest('', '[package\nname = '), undefined);
  });
});

describe('module systems: resolution', () => {
  const cargo = (dir: string, text: string) => readCargoManifest(dir, text)!;
  const workspace: ProjectConfig = {
    ...EMPTY_PROJECT,
    rustCrates: [
      cargo('', '[package]\nname = "shop"\n[dependencies]\nbooks = { path = "crates/bookkeeping", package = "bookkeeping" }\n'),
      cargo('crates/ledger-core', '[package]\nname = "ledger-core"\n'),
      cargo('crates/bookkeeping', '[package]\nname = "bookkeeping"\n'),
    ],
  };

  it('Rust: a workspace member by its crate name, a renamed path dependency by its key, crates.io stays external', async () => {
    const g = await graphOf(
      {
        'src/main.rs': 'use ledger_core::entries::round;\nuse books::post;\nuse serde::Deserialize;\nfn main() { round(); post(); ledger_core::total(); }\n',
        'crates/ledger-core/src/lib.rs': 'pub mod entries;\npub fn total() {}\n',
        'crates/ledger-core/src/entries.rs': 'pub fn round() {}\n',
        'crates/bookkeeping/src/lib.rs': 'pub fn post() {}\n',
      },
      workspace,
    );
    assert.deepEqual(g.modules.resolve('src/main.rs', 'rust', 'ledger_core::entries'), { files: ['crates/ledger-core/src/entries.rs'] });
    assert.deepEqual(g.modules.resolve('src/main.rs', 'rust', 'books'), { files: ['crates/bookkeeping/src/lib.rs'] });
    assert.deepEqual(g.modules.resolve('src/main.rs', 'rust', 'serde'), { external: true });
    // The renamed dependency is known only by its key, not by its package name.
    assert.deepEqual(g.modules.resolve('crates/ledger-core/src/lib.rs', 'rust', 'books'), { external: true });
    assert.deepEqual(edges(g), [
      'src/main.rs#main -> crates/bookkeeping/src/lib.rs#post import',
      'src/main.rs#main -> crates/ledger-core/src/entries.rs#round import',
      'src/main.rs#main -> crates/ledger-core/src/lib.rs#total import',
    ]);
  });

  it('Rust: inline modules through `use` in a function body, `super::` and a sibling module name', async () => {
    const g = await graphOf(
      {
        'src/lib.rs': [
          'mod helper {',
          '    pub fn label() { inner::tag() }',
          '    pub mod inner { pub fn tag() { super::base() } }',
          '    pub fn base() {}',
          '}',
          'pub fn run() { use self::helper::inner::tag; tag(); helper::label(); }',
        ].join('\n'),
      },
      workspace,
    );
    assert.deepEqual(edges(g), [
      'src/lib.rs#helper.inner.tag -> src/lib.rs#helper.base member',
      'src/lib.rs#helper.label -> src/lib.rs#helper.inner.tag member',
      'src/lib.rs#run -> src/lib.rs#helper.inner.tag import',
      'src/lib.rs#run -> src/lib.rs#helper.label member',
    ]);
  });

  it('Rust: same-named methods of one type in different trait impls are separate symbols named by their trait', async () => {
    const g = await graphOf({
      'src/lib.rs': 'struct T;\ntrait A { fn m(&self); }\ntrait B { fn m(&self); }\nimpl A for T { fn m(&self) { one() } }\nimpl B for T { fn m(&self) { two() } }\nimpl T { fn m2(&self) {} }\nfn one() {}\nfn two() {}\n',
    }, workspace);
    assert.deepEqual(g.table.all.filter((s) => s.kind === 'method').map((s) => s.id), ['src/lib.rs#A.m', 'src/lib.rs#B.m', 'src/lib.rs#T.m~A', 'src/lib.rs#T.m~B', 'src/lib.rs#T.m2']);
    assert.deepEqual(edges(g), ['src/lib.rs#T.m~A -> src/lib.rs#one scope', 'src/lib.rs#T.m~B -> src/lib.rs#two scope']);
  });

  it('Python: namespace packages under a source root by their dotted tail, unless two files share it', async () => {
    const g = await graphOf({
      'src/plugins/registry.py': 'def register():\n    pass\n',
      'src/plugins/formats/csv_format.py': 'from ..registry import register\nfrom . import helpers\n\ndef write():\n    register()\n    helpers.quote()\n',
      'src/plugins/formats/helpers.py': 'def quote():\n    pass\n',
      'src/plugins/formats/extra/deep.py': 'from ...registry import register\n\ndef go():\n    register()\n',
      'app/main.py': 'import plugins.formats.csv_format\nfrom plugins.formats.extra import deep\nfrom util.strings import pad\n\ndef main():\n    plugins.formats.csv_format.write()\n    deep.go()\n    pad()\n',
      'a/util/strings.py': 'def pad():\n    pass\n',
      'b/util/strings.py': 'def pad():\n    pass\n',
    });
    assert.deepEqual(g.modules.resolve('app/main.py', 'python', 'plugins.registry'), { files: ['src/plugins/registry.py'] });
    assert.deepEqual(g.modules.resolve('app/main.py', 'python', 'plugins.formats'), { files: [] });
    // Two folders end in util/strings.py: which one the import means depends on sys.path, so neither is guessed.
    assert.deepEqual(g.modules.resolve('app/main.py', 'python', 'util.strings'), { external: true });
    assert.deepEqual(edges(g), [
      'app/main.py#main -> src/plugins/formats/csv_format.py#write import',
      'app/main.py#main -> src/plugins/formats/extra/deep.py#go import',
      'src/plugins/formats/csv_format.py#write -> src/plugins/formats/helpers.py#quote import',
      'src/plugins/formats/csv_format.py#write -> src/plugins/registry.py#register import',
      'src/plugins/formats/extra/deep.py#go -> src/plugins/registry.py#register import',
    ]);
  });

  it('Go: the standard library imports its packages by bare path (`module std`), and vendored packages resolve beside their go.mod', async () => {
    const config: ProjectConfig = { ...EMPTY_PROJECT, goModules: [{ dir: 'cmd', module: 'cmd' }, { dir: '', module: 'std' }] };
    const g = await graphOf({
      'strings/strings.go': 'package strings\n\nfunc Trim(s string) string { return s }\n',
      'net/http/server.go': 'package http\n\nimport (\n\t"strings"\n\t"golang.org/x/net/idna"\n)\n\nfunc Serve(s string) string {\n\treturn idna.ToASCII(strings.Trim(s))\n}\n',
      'vendor/golang.org/x/net/idna/idna.go': 'package idna\n\nfunc ToASCII(s string) string { return s }\n',
      'cmd/go/main.go': 'package main\n\nimport (\n\t"cmd/go/internal/work"\n\t"strings"\n)\n\nfunc main() {\n\twork.Build(strings.Trim("x"))\n}\n',
      'cmd/go/internal/work/build.go': 'package work\n\nfunc Build(s string) {}\n',
    }, config);
    assert.deepEqual(g.modules.resolve('net/http/server.go', 'go', 'example.com/other'), { external: true });
    assert.deepEqual(edges(g), [
      'cmd/go/main.go#main -> cmd/go/internal/work/build.go#Build import',
      'cmd/go/main.go#main -> strings/strings.go#Trim import',
      'net/http/server.go#Serve -> strings/strings.go#Trim import',
      'net/http/server.go#Serve -> vendor/golang.org/x/net/idna/idna.go#ToASCII import',
    ]);
  });
});

describe('module systems: re-export barrels', () => {
  // A monorepo's barrels: `export *` over folders of components, a cycle between two barrels, a named re-export,
  // and a package imported by its package.json name. Every name must reach its definition, names that no file
  // exports must stay unresolved, and the cycle must neither hang nor hide what lies past it.
  const sources = {
    'ui/package.json': '',
    'ui/src/index.ts': "export * from './components';\nexport * from './layouts';\nexport { helper as assist } from './util';\n",
    'ui/src/components/index.ts': "export * from './Button';\nexport * from './Card';\n",
    'ui/src/components/Button/index.ts': "export * from './Button';\n",
    'ui/src/components/Button/Button.tsx': 'export const Button = () => <button />;\n',
    'ui/src/components/Card/index.ts': "export * from './Card';\nexport * from '../../index';\n",
    'ui/src/components/Card/Card.tsx': 'export function Card() { return <div />; }\n',
    'ui/src/layouts/index.ts': "export * from './Grid';\n",
    'ui/src/layouts/Grid.tsx': 'export function Grid() { return <div />; }\n',
    'ui/src/util.ts': 'export function helper() {}\n',
    'app/src/Page.tsx': [
      "import { Button, Card, Grid, assist, Missing } from '@acme/ui';",
      'export function Page() {',
      '  assist();',
      '  Missing();',
      '  return <Grid><Card /><Button /></Grid>;',
      '}',
    ].join('\n'),
    // Grid is exported by the components barrel only through the cycle (Card → the package root → layouts):
    // asked after the root's answer, it must not get an answer the cycle cut short.
    'app/src/Side.tsx': "import { Grid } from '@acme/ui/components';\nexport function Side() { return <Grid />; }\n",
  };
  const config: ProjectConfig = { ...EMPTY_PROJECT, jsPackages: [{ name: '@acme/ui', dir: 'ui' }] };

  it('links through nested barrels, a barrel cycle and a renamed re-export; leaves unexported names alone', async () => {
    const g = await graphOf(Object.fromEntries(Object.entries(sources).filter(([f]) => !f.endsWith('.json'))), config);
    const fromPage = edges(g).filter((e) => e.startsWith('app/src/Page.tsx#Page '));
    assert.deepEqual(fromPage, [
      'app/src/Page.tsx#Page -> ui/src/components/Button/Button.tsx#Button import',
      'app/src/Page.tsx#Page -> ui/src/components/Card/Card.tsx#Card import',
      'app/src/Page.tsx#Page -> ui/src/layouts/Grid.tsx#Grid import',
      'app/src/Page.tsx#Page -> ui/src/util.ts#helper import',
    ]);
    assert.deepEqual(edges(g).filter((e) => e.startsWith('app/src/Side.tsx#Side ')), ['app/src/Side.tsx#Side -> ui/src/layouts/Grid.tsx#Grid import']);
    assert.ok(!edges(g).some((e) => e.includes('Missing')));
  });
});
