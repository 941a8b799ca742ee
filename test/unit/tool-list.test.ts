import * as assert from 'node:assert/strict';
import { z } from 'zod';
import { toolListHash, withDefaultMaxTokens } from '../../src/mcp/tool-list';
import { ALL_TOOLS, groupsForTrust, toolsForGroups, toolsForSource } from '../../src/tools/registry';
import { measureToolList, TOOL_LIST_BUDGET_BYTES, toolListJson } from '../../bench/tool-list';

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

/** What the tool list costs an agent's context on every turn: measured through a real MCP client (bench/tool-list.ts). */
describe('tools/list size', () => {
  it(`stays within ${TOOL_LIST_BUDGET_BYTES / 1024} KB with every group offered in VS Code`, async () => {
    const size = await measureToolList(withDefaultMaxTokens(ALL_TOOLS, 4000));
    assert.equal(size.tools, ALL_TOOLS.length);
    assert.ok(size.bytes <= TOOL_LIST_BUDGET_BYTES, `tools/list is ${size.bytes} bytes, over ${TOOL_LIST_BUDGET_BYTES}; largest: ${JSON.stringify(size.largest)}`);
  });

  it('says shared things once: no $schema line, no per-tool execution, no annotation repeating a default or the title', async () => {
    const listed = JSON.parse(await toolListJson(ALL_TOOLS)) as { tools: Record<string, any>[] };
    for (const t of listed.tools) {
      assert.equal(t.inputSchema.$schema, undefined, t.name);
      assert.equal(t.execution, undefined, t.name);
      assert.equal(t.annotations.title, undefined, t.name);
      if (t.annotations.readOnlyHint) assert.equal(t.annotations.destructiveHint, undefined, t.name);
      assert.ok(!JSON.stringify(t.inputSchema).includes('9007199254740991'), `${t.name} lists an unbounded integer`);
    }
    const edit = listed.tools.find((t) => t.name === 'rename_symbol')!;
    assert.deepEqual(edit.annotations, { readOnlyHint: false, openWorldHint: false });
  });

  it('headless lists only tools that can answer without a language server', () => {
    const headless = toolsForSource(ALL_TOOLS, 'index').map((t) => t.name);
    for (const name of ['call_hierarchy', 'rename_symbol', 'diagnostics', 'completions', 'go_to_implementation']) assert.ok(!headless.includes(name), name);
    // These answer from the index headless, so they stay.
    for (const name of ['hover', 'document_symbols', 'search_symbols', 'go_to_definition', 'find_references', 'find_callers']) assert.ok(headless.includes(name), name);
    assert.equal(toolsForSource(ALL_TOOLS, 'vscode').length, ALL_TOOLS.length);
  });
});

describe('groups in an untrusted workspace', () => {
  it('leaves the edit group off until the workspace is trusted, and keeps the others', () => {
    assert.deepEqual(groupsForTrust(['graph', 'navigate', 'edit', 'retrieve'], false), ['graph', 'navigate', 'retrieve']);
    assert.deepEqual(groupsForTrust(['graph', 'navigate', 'edit', 'retrieve'], true), ['graph', 'navigate', 'edit', 'retrieve']);
    const offered = toolsForGroups(groupsForTrust(['graph', 'navigate', 'edit', 'retrieve'], false)).map((t) => t.name);
    for (const name of ['rename_symbol', 'format_document', 'code_actions']) assert.ok(!offered.includes(name), name);
  });
});
