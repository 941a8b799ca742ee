import * as assert from 'node:assert/strict';
import { z } from 'zod';
import { ALL_TOOLS } from '../../src/tools/registry';
import { validateArgs } from '../../src/tools/shared/validate';

/** What zod's compiled parser (its default for a synchronous parse) makes of the arguments, or its issues. */
function compiled(shape: z.ZodRawShape, args: unknown): unknown {
  const r = z.object(shape).strict().safeParse(args);
  return r.success ? r.data : r.error.issues.map((i) => [i.path.join('.'), i.message]);
}

function ours(tool: (typeof ALL_TOOLS)[number], args: unknown): unknown {
  try {
    return validateArgs(tool, args);
  } catch (e) {
    return (e as Error).message;
  }
}

describe('validateArgs', () => {
  const retrieve = ALL_TOOLS.find((t) => t.name === 'retrieve')!;

  it('fills the same defaults as zod\'s compiled parser for every tool, call after call', () => {
    let compared = 0;
    for (const tool of ALL_TOOLS) {
      for (const args of [{}, { query: 'Service11' }, { symbol: 'x' }, { query: 'Service11', top_k: 30, mode: 'code', include_graph: true }]) {
        const want = compiled(tool.inputSchema, args);
        if (Array.isArray(want)) continue; // that tool needs other arguments: the refusals are compared below
        assert.deepEqual(ours(tool, args), want, tool.name);
        assert.deepEqual(ours(tool, args), want, `${tool.name}, second call`);
        compared++;
      }
    }
    assert.ok(compared >= 10, `only ${compared} calls compared`);
  });

  it('refuses what zod refuses, naming the argument and the bound', () => {
    const cases: [unknown, string][] = [
      [{ query: '' }, '`query`: Too small: expected string to have >=1 characters'],
      [{ query: 'x', top_k: 0 }, '`top_k`: Too small: expected number to be >=1'],
      [{ query: 'x', nope: 1 }, 'arguments: Unrecognized key: "nope"'],
      [{ query: 'x', mode: 'zz' }, '`mode`: Invalid option'],
      [{}, '`query`: Invalid input: expected string, received undefined'],
    ];
    for (const [args, message] of cases) {
      assert.ok(Array.isArray(compiled(retrieve.inputSchema, args)), JSON.stringify(args));
      const got = ours(retrieve, args);
      assert.equal(typeof got, 'string', JSON.stringify(args));
      assert.ok((got as string).startsWith('Invalid arguments for retrieve: ') && (got as string).includes(message), got as string);
    }
  });
});
