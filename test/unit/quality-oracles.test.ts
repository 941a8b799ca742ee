import * as assert from 'node:assert/strict';
import ts from 'typescript';
import { LspClient } from '../../bench/quality/lsp-client';
import { classifyGoSite, shortName } from '../../bench/quality/oracle-go';
import { classifyPythonSite } from '../../bench/quality/oracle-python';
import { jsDeclarations } from '../../bench/quality/score-js';
import type { IndexedSymbol } from '../../src/graph/symbol-table';

/**
 * The pieces of `npm run quality`'s oracles that decide what is counted: how callgraph's function names map to
 * symbol names, how a missed site is classified, which plain-JS declarations are targets, and the LSP framing
 * the pyright oracle talks through (against a real child process).
 */

const target = (name: string, kind: 'function' | 'method') => ({ name, kind }) as IndexedSymbol;

describe('quality oracles', () => {
  it('maps callgraph function names to the declared name', () => {
    assert.equal(shortName('(*net/http.Server).Serve'), 'Serve');
    assert.equal(shortName('net/http.ListenAndServe'), 'ListenAndServe');
    assert.equal(shortName('slices.Index[int]'), 'Index');
    assert.equal(shortName('(*sync/atomic.Pointer[net/http.conn]).Load'), 'Load');
    assert.equal(shortName('net/http.Serve$1'), 'Serve$1');
  });

  it('classifies a Go call site by the syntax before its parenthesis', () => {
    const at = (line: string) => line.indexOf('(') + 1;
    assert.equal(classifyGoSite('\tbuf.Write(p)', at('\tbuf.Write(p)'), target('Write', 'method')), 'method on a variable x.M()');
    assert.equal(classifyGoSite('\ts.w.buf.Write(p)', at('\ts.w.buf.Write(p)'), target('Write', 'method')), 'method on a field chain x.f.M()');
    assert.equal(classifyGoSite('\tdefer c.Close()', at('\tdefer c.Close()'), target('Close', 'method')), 'defer method on a variable x.M()');
    assert.equal(classifyGoSite('\tstrings.Index(s, t)', at('\tstrings.Index(s, t)'), target('Index', 'function')), 'function pkg.F()');
    assert.equal(classifyGoSite('\tparse(s)', at('\tparse(s)'), target('parse', 'function')), 'function F()');
    const chained = '\tx := newT().Run(a)';
    assert.equal(classifyGoSite(chained, chained.lastIndexOf('(') + 1, target('Run', 'method')), 'method on a call result f().M()');
  });

  it('classifies a Python call site by the text before the name', () => {
    const at = (line: string, name: string) => line.indexOf(`${name}(`) + 1;
    const cases: [string, string, 'function' | 'method', string][] = [
      ['        self.flush()', 'flush', 'method', 'self.m()'],
      ['        super().flush()', 'flush', 'method', 'super().m()'],
      ['        self._writer.flush()', 'flush', 'method', 'attribute chain self.a.m()'],
      ['    w.flush()', 'flush', 'method', 'method on a variable x.m()'],
      ['    os.path.join(a, b)', 'join', 'function', 'function through a dotted module path a.b.f()'],
      ['    shutil.copyfile(a, b)', 'copyfile', 'function', 'module attribute mod.f()'],
      ['    copyfile(a, b)', 'copyfile', 'function', 'plain call f()'],
    ];
    for (const [line, name, kind, expected] of cases) assert.equal(classifyPythonSite(line, at(line, name), target(name, kind)), expected, line);
    assert.equal(classifyPythonSite('    x = Lock(ctx)', 9, target('__init__', 'method')), 'constructor C()');
  });

  it('finds plain-JS declarations by the pattern that declares them', () => {
    const code = [
      'function top() {}',
      'var viaVar = function () {};',
      'const arrow = () => 1;',
      'function Counter() {}',
      'Counter.prototype.incr = function incr() {};',
      'exports.helper = function () {};',
      'module.exports.other = function () {};',
      'var app = {};',
      'app.use = function use(fn) {};',
      'const api = { start() {}, stop: function () {} };',
      'class K { constructor() {} run() {} field = () => 2; }',
    ].join('\n');
    const sf = ts.createSourceFile('x.js', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
    const got = jsDeclarations(sf, 'x.js').map((d) => `${d.names.join('/')}: ${d.pattern}`);
    assert.deepEqual(got, [
      'top: function declaration',
      'viaVar: function expression in a variable',
      'arrow: function expression in a variable',
      'Counter: function declaration',
      'incr: prototype method',
      'helper: exports.f = function',
      'other: exports.f = function',
      'use: property assignment obj.p = function',
      'start: object-literal method',
      'stop: object-literal method',
      'constructor: class method',
      'run: class method',
      'field: class field arrow',
    ]);
  });

  it('speaks LSP framing to a real process: split and joined messages, server requests answered', async () => {
    // A fake server: answers `workspace/configuration` round trips, then replies to `ping` in two writes, and
    // sends a log line and the reply to `ping2` in one write.
    const server = `
      let buf = Buffer.alloc(0);
      const send = (m) => { const b = Buffer.from(JSON.stringify(m)); return Buffer.concat([Buffer.from('Content-Length: ' + b.length + '\\r\\n\\r\\n'), b]); };
      process.stdin.on('data', (c) => {
        buf = Buffer.concat([buf, c]);
        for (;;) {
          const h = buf.indexOf('\\r\\n\\r\\n'); if (h < 0) return;
          const n = Number(/Content-Length: (\\d+)/.exec(buf.subarray(0, h).toString())[1]);
          if (buf.length < h + 4 + n) return;
          const m = JSON.parse(buf.subarray(h + 4, h + 4 + n).toString()); buf = buf.subarray(h + 4 + n);
          if (m.method === 'ping') { const out = send({ jsonrpc: '2.0', id: 900, method: 'workspace/configuration', params: { items: [{ section: 'a' }] } }); globalThis.ping = m.id; process.stdout.write(out); }
          if (m.id === 900) { const out = send({ jsonrpc: '2.0', id: globalThis.ping, result: { got: m.result } }); process.stdout.write(out.subarray(0, 7)); setTimeout(() => process.stdout.write(out.subarray(7)), 20); }
          if (m.method === 'ping2') process.stdout.write(Buffer.concat([send({ jsonrpc: '2.0', method: 'window/logMessage', params: { message: 'Found 3 source files' } }), send({ jsonrpc: '2.0', id: m.id, result: 'pong' })]));
          if (m.method === 'shutdown') process.stdout.write(send({ jsonrpc: '2.0', id: m.id, result: null }));
          if (m.method === 'exit') process.exit(0);
        }
      });`;
    const client = new LspClient(process.execPath, ['-e', server], (section) => ({ section }));
    try {
      assert.deepEqual(await client.request('ping', {}), { got: [{ section: 'a' }] });
      const found = client.waitForLog(/Found \d+ source file/);
      assert.equal(await client.request('ping2', {}), 'pong');
      await found;
    } finally {
      await client.dispose();
    }
  });
});
