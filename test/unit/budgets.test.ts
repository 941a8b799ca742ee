import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { estimateTokens } from '../../src/common/tokens';
import { callTool, contextFor, removeDir } from './helpers';

/**
 * Every answer fits its max_tokens, however large the workspace: a hub called from 300 files, all in one
 * import cycle, is the worst case for blast_radius, dependency_graph, repo_summary and find_callers.
 */
describe('token budgets hold on a large fan-in', () => {
  let root: string;
  let ctx: ReturnType<typeof contextFor>;

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-budget-'));
    fs.mkdirSync(path.join(root, 'src'));
    fs.mkdirSync(path.join(root, 'test'));
    fs.writeFileSync(path.join(root, 'src/hub.ts'), "import { use0 } from './user0';\nexport function hub(n: number): number {\n  return n > 0 ? use0(n - 1) : 0;\n}\n");
    for (let i = 0; i < 300; i++) {
      const next = (i + 1) % 300;
      fs.writeFileSync(
        path.join(root, 'src', `user${i}.ts`),
        `import { hub } from './hub';\nimport { use${next} } from './user${next}';\n/** User number ${i}, with a long enough doc comment to weigh something. */\nexport function use${i}(n: number): number {\n  return n > 1000 ? use${next}(n) : hub(n);\n}\n`,
      );
      if (i < 60) fs.writeFileSync(path.join(root, 'test', `user${i}.test.ts`), `import { use${i} } from '../src/user${i}';\nexport function check${i}(): number {\n  return use${i}(1);\n}\n`);
    }
    ctx = contextFor(root, { storageDir: null });
    await ctx.engine.index();
  });
  after(() => {
    ctx.workspaces.dispose();
    removeDir(root);
  });

  for (const [tool, args] of [
    ['blast_radius', { target: 'src/hub.ts#hub', depth: 2 }],
    ['blast_radius', { target: 'src/hub.ts', depth: 3 }],
    ['find_callers', { symbol: 'hub', depth: 3 }],
    ['dependency_graph', {}],
    ['repo_summary', {}],
    ['structural_search', { query: 'kind:function' }],
  ] as const) {
    for (const max of [300, 1500]) {
      it(`${tool} ${JSON.stringify(args)} stays within max_tokens ${max} and says it was cut`, async () => {
        // The budget holds for the whole answer, freshness included (invokeTool keeps a reserve for it).
        const r = await callTool(ctx, tool, { ...args, max_tokens: max });
        assert.ok(estimateTokens(r) <= max, `${estimateTokens(r)} tokens for a budget of ${max}`);
        // At 300 tokens every one of these answers is cut, and must say so.
        if (max === 300) assert.equal(r.truncated, true);
      });
    }
  }

  it('answers at the smallest budget: the freshness reserve never trips max_tokens\' lower bound', async () => {
    const r = await callTool(ctx, 'find_callers', { symbol: 'hub', depth: 1, max_tokens: 100 });
    // An answer, not an internal error (the reserved max_tokens used to be re-checked against its minimum).
    assert.equal(r.truncated, true);
    assert.equal(r.symbol.id, 'src/hub.ts#hub');
  });

  it('lists a 300-file import cycle by its size and first files', async () => {
    const r = await callTool(ctx, 'dependency_graph', { max_tokens: 2000 });
    assert.equal(r.total_cycles, 1);
    assert.deepEqual(r.cycle_sizes, [301]);
    assert.equal(r.cycles[0].length, 50);
  });
});
