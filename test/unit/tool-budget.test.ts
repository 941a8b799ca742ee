import * as assert from 'node:assert/strict';
import { Deadline, TimeSlicer } from '../../src/common/deadline';
import { isSightlineError } from '../../src/common/errors';
import { Engine } from '../../src/engine/engine';
import { IndexLanguageFeatures } from '../../src/engine/index-features';
import { Workspaces } from '../../src/engine/workspaces';
import { RingLogger } from '../../src/common/log';
import { ALL_TOOLS } from '../../src/tools/registry';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { copyFixture, removeDir, SLOW_SUITE_TIMEOUT_MS } from './helpers';

const kindOf = (e: unknown) => (isSightlineError(e) ? e.kind : String(e));

describe('tool budgets: deadlines and slices', () => {
  it('a spent deadline answers timeout with what to narrow; a cancelled one answers cancelled', async () => {
    const spent = new Deadline(0, undefined, 'find_callers');
    assert.throws(() => spent.check('Lower depth.'), (e: Error) => kindOf(e) === 'timeout' && /^find_callers ran out of its 0 s budget\. Lower depth\.$/.test(e.message));
    await assert.rejects(spent.tick('Lower depth.'), (e: Error) => kindOf(e) === 'timeout');
    const controller = new AbortController();
    const live = new Deadline(60_000, controller.signal);
    live.check('x');
    controller.abort();
    assert.throws(() => live.check('x'), (e: Error) => kindOf(e) === 'cancelled');
  });

  it('race gives up at the deadline while the shared work goes on and still delivers to others', async () => {
    let finish!: (v: string) => void;
    const shared = new Promise<string>((resolve) => (finish = resolve));
    await assert.rejects(new Deadline(1).race(shared, 'Retry in a few seconds.'), (e: Error) => kindOf(e) === 'timeout' && /Retry in a few seconds/.test(e.message));
    finish('built');
    assert.equal(await new Deadline(60_000).race(shared, 'x'), 'built');
  });

  it('a slicer hands the event loop a turn inside a long synchronous loop', async () => {
    const slicer = new TimeSlicer();
    let otherRan = false;
    setImmediate(() => (otherRan = true));
    // Busy work in a loop that ticks: the immediate queued above must get its turn before the loop ends. The loop
    // ticks at least once after the time is up, so a process paused by a busy machine still tests a tick.
    const until = performance.now() + 50;
    do await slicer.tick();
    while (performance.now() < until);
    assert.equal(otherRan, true);
  });

  describe('in the tools', () => {
    let root: string;
    let engine: Engine;
    before(async () => {
      root = copyFixture('polyglot');
      engine = new Engine({ root, storageDir: null, workers: 0 });
      await engine.index();
    });
    after(() => {
      engine.dispose();
      removeDir(root);
    });

    for (const [name, args] of [
      ['find_callers', { symbol: 'Point.square', depth: 3 }],
      ['structural_search', { query: 'kind:function' }],
      ['retrieve', { query: 'point norm' }],
    ] as const) {
      it(`${name} on a spent budget answers timeout, not a partial result`, async () => {
        const tool = ALL_TOOLS.find((t) => t.name === name)!;
        const workspaces = new Workspaces([engine]);
        const ctx = { workspaces, features: new IndexLanguageFeatures(workspaces), logger: new RingLogger(), deadline: new Deadline(0, undefined, name) };
        await assert.rejects(tool.run(args, ctx), (e: Error) => kindOf(e) === 'timeout' && new RegExp(`^${name} ran out of its 0 s budget\\. `).test(e.message));
      });
    }
  });

  /**
   * Every tool checks its deadline inside the loops the workspace sizes, not only while it waits for the index.
   * The workspace is big enough that those loops run many checks: a hub called from 3,000 functions in 300 files
   * that all import it. Two deadlines, both real Deadlines: one that records the hints it was checked with (a live
   * budget), and one that is live while the call waits for the index and spent from then on — the budget running
   * out while the tool works. The first shows the loop checked the call's own deadline again and again; the second
   * that the tool then answers `timeout` with what to narrow, not a partial result.
   */
  describe('inside the loops, on a workspace large enough for them to matter', function () {
    this.timeout(SLOW_SUITE_TIMEOUT_MS); // indexes 300 files once
    const FOLDERS = 30;
    const FILES = 10;
    const CALLERS = 10;
    let root: string;
    let engine: Engine;
    before(async () => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-budget-'));
      fs.writeFileSync(path.join(root, 'hub.ts'), 'export function hub(): number {\n  return 1;\n}\n');
      fs.writeFileSync(path.join(root, 'README.md'), '# Budget\n\nEvery caller calls the hub.\n');
      for (let d = 0; d < FOLDERS; d++) {
        fs.mkdirSync(path.join(root, `m${d}`));
        for (let f = 0; f < FILES; f++) {
          const fns = Array.from({ length: CALLERS }, (_, k) => `export function call_${d}_${f}_${k}(): number {\n  return hub();\n}\n`);
          fs.writeFileSync(path.join(root, `m${d}`, `f${f}.ts`), `import { hub } from '../hub';\n\n${fns.join('\n')}`);
        }
      }
      engine = new Engine({ root, storageDir: null, workers: 0 });
      await engine.index();
      // The retrieval indexes are built first (the text index and the symbol-name index, each on its first use):
      // these tests are about the tools' own loops, not about waiting for shared work.
      const retrieval = await engine.retrieval.ready();
      await retrieval.searchContent('hub', { stores: ['code'] });
      await retrieval.searchSymbols('hub');
    });
    after(() => {
      engine.dispose();
      removeDir(root);
    });

    const INDEX_WAIT = /still being indexed/;

    /** Live; remembers every hint it was checked with. */
    class RecordingDeadline extends Deadline {
      readonly hints: string[] = [];
      override check(hint: string): void {
        this.hints.push(hint);
        super.check(hint);
      }
    }

    /** Live while the call waits for the index; from the tool's own work on, spent. */
    class SpentAfterIndexWait extends Deadline {
      private readonly spent: Deadline;
      constructor(name: string) {
        super(60_000, undefined, name);
        this.spent = new Deadline(0, undefined, name);
      }
      override check(hint: string): void {
        if (INDEX_WAIT.test(hint)) super.check(hint);
        else this.spent.check(hint);
      }
    }

    const ctxWith = (deadline: Deadline) => {
      const workspaces = new Workspaces([engine]);
      return { workspaces, features: new IndexLanguageFeatures(workspaces), logger: new RingLogger(), deadline };
    };
    const run = (name: string, args: Record<string, unknown>, deadline: Deadline) => ALL_TOOLS.find((t) => t.name === name)!.run(args, ctxWith(deadline));
    const hubCall = { file: 'm7/f3.ts', line: 4, character: 10 };

    // [tool, arguments, what its loops say to narrow, the fewest loop checks on this workspace]
    const cases: [string, Record<string, unknown>, RegExp, number][] = [
      // graph
      ['find_callers', { symbol: 'hub', depth: 1, max_tokens: 100 }, /Lower depth or raise min_confidence/, 10],
      ['blast_radius', { target: 'hub', max_tokens: 100 }, /Lower depth or raise min_confidence/, 10],
      ['blast_radius', { target: 'hub.ts', max_tokens: 100 }, /Lower depth or raise min_confidence/, 10],
      ['repo_summary', { max_tokens: 200 }, /dependency_graph or structural_search/, FOLDERS],
      ['dependency_graph', { max_tokens: 200 }, /Narrow with path_prefix/, 2],
      ['structural_search', { query: 'kind:function calls:hub', max_tokens: 100 }, /Add filters/, 40],
      // navigate
      // go_to_definition reads only the out-edges of the symbols around the position: few checks, still checked.
      ['go_to_definition', hubCall, /Pass symbol \(a symbol id\)/, 1],
      ['find_references', { ...hubCall, max_tokens: 100 }, /Pass symbol \(a symbol id\)/, 10],
      ['search_symbols', { query: 'call', top_k: 5, max_tokens: 100 }, /longer or more exact name/, 10],
      // retrieve
      ['related', { node_id: 'hub.ts#hub' }, /Lower depth or raise min_confidence/, 10],
      ['read_node', { node_id: 'hub.ts#hub', with_summary: true }, /Leave out with_summary|Lower depth/, 20],
      ['outline', {}, /wiki_page or dependency_graph/, 2],
      ['retrieve', { query: 'hub caller', top_k: 3 }, /fewer or more specific words/, 1],
    ];

    for (const [name, args, hint, fewest] of cases) {
      it(`${name} ${JSON.stringify(args)} checks its deadline in its loops and answers timeout once it is spent`, async () => {
        const resolved = name === 'outline' ? { repository: path.basename(root) } : args;
        // Spent first: repo_summary keeps what it computed per graph version, and a timed-out call keeps nothing.
        await assert.rejects(run(name, resolved, new SpentAfterIndexWait(name)), (e: Error) => kindOf(e) === 'timeout' && e.message.startsWith(`${name} ran out of its 0 s budget. `) && hint.test(e.message));
        const recording = new RecordingDeadline(60_000, undefined, name);
        await run(name, resolved, recording);
        const inLoop = recording.hints.filter((h) => hint.test(h)).length;
        assert.ok(inLoop >= fewest, `${name} checked its deadline ${inLoop} times in its loops (hints: ${[...new Set(recording.hints)].join(' | ')})`);
      });
    }

    it('a tool waiting on a folder that is still indexing answers timeout with "retry", and the build goes on', async () => {
      const fresh = new Engine({ root, storageDir: null, workers: 0 });
      try {
        const workspaces = new Workspaces([fresh]);
        const ctx = { workspaces, features: new IndexLanguageFeatures(workspaces), logger: new RingLogger(), deadline: new Deadline(0, undefined, 'wiki_page') };
        for (const [name, args] of [['wiki_page', { page: '.' }], ['find_callers', { symbol: 'hub' }], ['list_repositories', {}], ['search_symbols', { query: 'hub' }]] as const) {
          const tool = ALL_TOOLS.find((t) => t.name === name)!;
          await assert.rejects(tool.run(args, { ...ctx, deadline: new Deadline(0, undefined, name) }), (e: Error) => kindOf(e) === 'timeout' && INDEX_WAIT.test(e.message), name);
        }
        const graph = await fresh.ready();
        assert.equal(graph.table.byName.get('hub')?.length, 1);
      } finally {
        fresh.dispose();
      }
    });
  });
});
