import * as assert from 'node:assert/strict';
import { z } from 'zod';
import { toolListHash, withDefaultMaxTokens } from '../../src/mcp/tool-list';
import { ALL_TOOLS, toolsForGroups } from '../../src/tools/registry';

describe('tool list as a host offers it', () => {
  it('gives max_tokens the configured default and keeps the contract bounds', () => {
    const tools = withDefaultMaxTokens(ALL_TOOLS, 1234);
    const callers = tools.find((t) => t.name === 'find_callers')!;
    const schema = z.object(callers.inputSchema);
    assert.equal(schema.parse({ symbol: 'x' }).max_tokens, 1234);
    assert.equal(schema.safeParse({ symbol: 'x', max_tokens: 99 }).success, false);
    assert.equal(schema.safeParse({ symbol: 'x', max_tokens: 50001 }).success, false);
    // Tools without max_tokens are passed through untouched.
    const indexTool = ALL_TOOLS.find((t) => !('max_tokens' in t.inputSchema))!;
    assert.equal(tools.find((t) => t.name === indexTool.name), indexTool);
  });

  it('refuses a default outside the bounds', () => {
    assert.throws(() => withDefaultMaxTokens(ALL_TOOLS, 50), /100–50000/);
  });

  it('hashes the offered tools: stable for the same list, different when groups or defaults change', () => {
    const all = toolListHash(ALL_TOOLS);
    assert.match(all, /^[0-9a-f]{12}$/);
    assert.equal(toolListHash([...ALL_TOOLS]), all);
    assert.notEqual(toolListHash(toolsForGroups(['graph'])), all);
    assert.notEqual(toolListHash(withDefaultMaxTokens(ALL_TOOLS, 8000)), all);
  });
});
