import * as assert from 'node:assert/strict';
import { callTool, poll, sightline, ToolError, typeScriptReady } from './helpers';

/**
 * Every language tool against the real TypeScript server of VS Code, through the MCP endpoint, for a known
 * position and for a symbol name. Positions are 1-based; see test/fixtures/editor-ts for the code.
 *   src/main.ts:4:10   `add` in `return add(x, 1) + add(x, 2);`
 *   src/math.ts:1:17   `add` in `export function add(`
 *   src/math.ts:11:18  `Shape` in `export interface Shape {`
 *   src/main.ts:8:9    `shape` in `const shape = new Square(side);`
 */
const names = (list: { name: string }[]) => list.map((s) => s.name);

describe('language tools in the real VS Code', function () {
  before(async () => {
    await (await sightline()).whenIndexed();
    await typeScriptReady();
  });

  describe('hover', () => {
    it('shows the signature of an imported call at a position', async () => {
      const r = await callTool('hover', { file: 'src/main.ts', line: 4, character: 10 });
      assert.equal(r.source, 'language_server');
      assert.match(r.contents.join('\n'), /\(alias\) function add\(a: number, b: number\): number|add\(a: number, b: number\): number/);
      assert.deepEqual([r.range.line, r.range.character, r.range.end_character], [4, 10, 13]);
    });

    it('resolves a symbol name to its definition and hovers there', async () => {
      const r = await callTool('hover', { symbol: 'compute' });
      assert.match(r.contents.join('\n'), /function compute\(x: number\): number/);
      assert.deepEqual(r.position, { file: 'src/main.ts', line: 3, character: 17 });
    });

    it('says there is nothing to hover on whitespace, as an error, not an empty answer', async () => {
      await assert.rejects(callTool('hover', { file: 'src/main.ts', line: 2, character: 1 }), (e: ToolError) => e.kind === 'notFound');
    });

    it('refuses a position past the end of the file with an error naming the bound', async () => {
      await assert.rejects(callTool('hover', { file: 'src/main.ts', line: 999, character: 1 }), /line 999 is past the end of src\/main.ts/);
    });
  });

  describe('positions count Unicode code points', () => {
    // src/unicode.ts:4 has two emoji (two UTF-16 units each) before `add` at code point 49 (UTF-16 column 51).
    it('converts an agent\'s code-point position to VS Code\'s UTF-16 one', async () => {
      const r = await callTool('hover', { file: 'src/unicode.ts', line: 4, character: 49 });
      assert.match(r.contents.join('\n'), /add\(a: number, b: number\): number/);
      assert.deepEqual([r.range.character, r.range.end_character], [49, 52]);
    });

    it('reports positions in code points', async () => {
      const r = await callTool('find_references', { symbol: 'add' });
      const at = r.references.map((x: any) => `${x.file}:${x.line}:${x.character}`);
      assert.ok(at.includes('src/unicode.ts:4:49'), at.join(' '));
    });
  });

  describe('find_callers with verify', () => {
    it('checks the index\'s direct callers against the TypeScript server\'s call hierarchy', async () => {
      const r = await poll(
        'the call hierarchy to answer',
        () => callTool('find_callers', { symbol: 'src/math.ts#add', depth: 1, verify: true }),
        (x) => x.verification?.status === 'checked',
      );
      assert.deepEqual(r.verification.unconfirmed, []);
      for (const id of ['src/main.ts#compute', 'src/math.ts#multiply']) assert.ok(r.verification.confirmed.includes(id), `${id} confirmed: ${JSON.stringify(r.verification)}`);
      const compute = r.callers.find((c: { id: string }) => c.id === 'src/main.ts#compute');
      assert.equal(compute.verified, true);
    });
  });

  describe('go_to_definition and find_references', () => {
    it('go_to_definition at a call site answers from the language server', async () => {
      const r = await callTool('go_to_definition', { file: 'src/main.ts', line: 4, character: 10 });
      assert.equal(r.source, 'language_server');
      assert.equal(r.definitions[0].file, 'src/math.ts');
      assert.equal(r.definitions[0].line, 1);
    });

    it('go_to_definition by symbol name', async () => {
      const r = await callTool('go_to_definition', { symbol: 'add' });
      assert.equal(r.definitions[0].file, 'src/math.ts');
      assert.equal(r.definitions[0].line, 1);
    });

    it('find_references at a definition lists every use, from the language server', async () => {
      const r = await callTool('find_references', { file: 'src/math.ts', line: 1, character: 17 });
      assert.equal(r.source, 'language_server');
      const at = r.references.map((x: any) => `${x.file}:${x.line}:${x.character}`);
      for (const expected of ['src/main.ts:4:10', 'src/main.ts:4:22', 'src/math.ts:7:39', 'src/main.ts:1:10']) assert.ok(at.includes(expected), `${expected} in ${at}`);
    });

    it('find_references by symbol name', async () => {
      const r = await callTool('find_references', { symbol: 'compute' });
      const files = r.references.map((x: any) => x.file);
      assert.ok(files.includes('src/report.ts'), JSON.stringify(r.references));
    });
  });

  describe('go_to_implementation and go_to_type_definition', () => {
    it('go_to_implementation of an interface finds the class', async () => {
      const r = await callTool('go_to_implementation', { file: 'src/math.ts', line: 11, character: 18 });
      assert.deepEqual(r.implementations.map((i: any) => [i.file, i.line]), [['src/math.ts', 15]]);
      assert.equal(r.implementations[0].symbol.id, 'src/math.ts#Square');
    });

    it('go_to_implementation by symbol name', async () => {
      const r = await callTool('go_to_implementation', { symbol: 'Shape' });
      assert.deepEqual(r.implementations.map((i: any) => [i.file, i.line]), [['src/math.ts', 15]]);
    });

    it('go_to_type_definition of a variable finds its class', async () => {
      const r = await callTool('go_to_type_definition', { file: 'src/main.ts', line: 8, character: 9 });
      assert.deepEqual(r.type_definitions.map((i: any) => [i.file, i.line]), [['src/math.ts', 15]]);
    });

    it('go_to_type_definition by symbol name (a constant)', async () => {
      const r = await callTool('go_to_type_definition', { symbol: 'unitSquare' });
      assert.deepEqual(r.type_definitions.map((i: any) => [i.file, i.line]), [['src/math.ts', 15]]);
    });
  });

  describe('signature_help and completions', () => {
    it('signature_help inside a call names the signature and the active parameter', async () => {
      const r = await callTool('signature_help', { file: 'src/main.ts', line: 4, character: 14 });
      assert.equal(r.signatures[0].label, 'add(a: number, b: number): number');
      assert.deepEqual(r.signatures[0].parameters.map((p: any) => p.label), ['a: number', 'b: number']);
      assert.equal(r.active_parameter, 1);
    });

    it('signature_help by symbol name uses its first call', async () => {
      const r = await callTool('signature_help', { symbol: 'compute' });
      assert.equal(r.signatures[0].label, 'compute(x: number): number');
    });

    it('completions after `this.` offer the members', async () => {
      const r = await callTool('completions', { file: 'src/math.ts', line: 19, character: 26, limit: 200 });
      const labels = r.items.map((i: any) => i.label);
      assert.ok(labels.includes('side') && labels.includes('area'), labels.join(','));
    });

    it('completions by symbol name offer the symbol', async () => {
      const r = await callTool('completions', { symbol: 'compute', limit: 500 });
      assert.ok(r.items.some((i: any) => i.label === 'compute'), JSON.stringify(r.items.slice(0, 10)));
    });
  });

  describe('inlay_hints and document_symbols', () => {
    it('inlay_hints show parameter names at the calls in a span', async () => {
      const r = await callTool('inlay_hints', { file: 'src/main.ts', start_line: 4, end_line: 4 });
      const labels = r.hints.map((h: any) => `${h.line}:${h.character}:${h.label.trim()}`);
      assert.ok(labels.includes('4:14:a:') && labels.includes('4:17:b:'), labels.join(' '));
    });

    it('inlay_hints by symbol name cover the symbol\'s lines', async () => {
      const r = await callTool('inlay_hints', { symbol: 'multiply' });
      assert.deepEqual([r.file, r.start_line, r.end_line], ['src/math.ts', 5, 9]);
      assert.ok(r.hints.some((h: any) => h.label.trim() === 'a:' && h.line === 7), JSON.stringify(r.hints));
    });

    it('document_symbols outline a file with nesting and index ids', async () => {
      const r = await callTool('document_symbols', { file: 'src/math.ts' });
      assert.equal(r.source, 'language_server');
      assert.deepEqual(names(r.symbols), ['add', 'multiply', 'Shape', 'Square']);
      const square = r.symbols.find((s: any) => s.name === 'Square');
      assert.equal(square.kind, 'class');
      assert.equal(square.symbol_id, 'src/math.ts#Square');
      assert.ok(names(square.children).includes('area'));
    });

    it('document_symbols by symbol name list its members', async () => {
      const r = await callTool('document_symbols', { symbol: 'Square' });
      assert.ok(names(r.symbols).includes('area') && names(r.symbols).includes('constructor'), JSON.stringify(names(r.symbols)));
      assert.equal(r.parent.id, 'src/math.ts#Square');
    });
  });

  describe('search_symbols', () => {
    it('merges the language server\'s workspace symbols with the index, fuzzily', async () => {
      const r = await poll('workspace symbols to include the language server', () => callTool('search_symbols', { query: 'compute' }), (x) => x.symbols[0]?.sources.length === 2);
      assert.equal(r.symbols[0].name, 'compute');
      assert.deepEqual([...r.symbols[0].sources].sort(), ['index', 'language_server']);
      assert.equal(r.symbols[0].symbol_id, 'src/main.ts#compute');
      const fuzzy = await callTool('search_symbols', { query: 'mltp' });
      assert.equal(fuzzy.symbols[0].name, 'multiply');
    });
  });

  describe('call_hierarchy', () => {
    it('incoming calls at a definition list the callers with their call sites', async () => {
      const r = await callTool('call_hierarchy', { file: 'src/math.ts', line: 1, character: 17, direction: 'incoming' });
      assert.equal(r.item.name, 'add');
      // src/broken.ts calls add at module level: the server names the file as the caller.
      assert.deepEqual(names(r.calls).sort(), ['broken.ts', 'compute', 'multiply', 'unicode.ts']);
      const compute = r.calls.find((c: any) => c.name === 'compute');
      assert.deepEqual(compute.call_sites.map((s: any) => [s.file, s.line, s.character]), [['src/main.ts', 4, 10], ['src/main.ts', 4, 22]]);
      assert.equal(compute.symbol_id, 'src/main.ts#compute');
    });

    it('outgoing calls by symbol name', async () => {
      const r = await callTool('call_hierarchy', { symbol: 'compute', direction: 'outgoing' });
      assert.deepEqual(names(r.calls), ['add']);
    });
  });

  describe('diagnostics', () => {
    it('show the planted type error in one file', async () => {
      const r = await poll('diagnostics for src/broken.ts', () => callTool('diagnostics', { file: 'src/broken.ts' }), (x) => x.total > 0);
      const d = r.files[0].diagnostics[0];
      assert.equal(d.severity, 'error');
      assert.equal(d.file, 'src/broken.ts');
      assert.equal(d.line, 4);
      assert.match(d.message, /Type 'string' is not assignable to type 'number'/);
      assert.equal(r.counts.error, 1);
    });

    it('list it for the whole workspace with a severity filter', async () => {
      const r = await callTool('diagnostics', { severity: 'error' });
      assert.ok(r.files.some((f: any) => f.file === 'src/broken.ts'), JSON.stringify(r.files.map((f: any) => f.file)));
      assert.ok(r.files.every((f: any) => f.diagnostics.every((d: any) => d.severity === 'error')));
    });
  });

  describe('server_logs', () => {
    it('reports index health, provider health and recent log entries', async () => {
      const r = await callTool('server_logs', { level: 'debug', limit: 100 });
      assert.equal(r.workspaces[0].status, 'ready');
      assert.ok(r.workspaces[0].symbols > 5);
      const hover = r.providers.find((p: any) => p.provider === 'hover');
      assert.ok(hover && hover.calls > 0 && typeof hover.last_latency_ms === 'number', JSON.stringify(r.providers));
      assert.ok(r.logs.some((l: any) => /hover \(typescript\) answered/.test(l.message)), 'provider calls are logged');
    });
  });

  describe('argument bounds', () => {
    it('refuses out-of-bounds arguments with a message naming the argument', async () => {
      await assert.rejects(callTool('completions', { file: 'src/main.ts', line: 1, character: 1, limit: 501 }), /limit/);
      await assert.rejects(callTool('hover', { file: '../outside.ts', line: 1, character: 1 }), (e: ToolError) => e.kind === 'outsideWorkspace');
    });
  });
});
