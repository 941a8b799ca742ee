import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { poll, sightline, typeScriptReady } from './helpers';

/**
 * The path Copilot agent mode takes: VS Code's own MCP client starts the server from our definition
 * provider, lists its tools into vscode.lm.tools, and invokes them. VS Code shows the model only the
 * structured content, as one JSON text part.
 */
const sightlineTools = () => vscode.lm.tools.filter((t) => t.name.startsWith('mcp_sightline_')).map((t) => t.name);

async function invoke(name: string, input: Record<string, unknown>): Promise<any> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  try {
    return JSON.parse(text);
  } catch {
    assert.fail(`${name} returned text that is not JSON: ${text}`);
  }
}

describe('VS Code\'s own MCP client (the agent-mode path)', () => {
  before(async () => {
    await (await sightline()).whenIndexed();
    await typeScriptReady();
    // startServer returns without doing anything until the workbench knows the definitions: repeat (bounded).
    await poll(
      'VS Code to start the Sightline MCP server and list its tools',
      async () => {
        await vscode.commands.executeCommand('workbench.mcp.startServer', '*', { waitForLiveTools: true, autoTrustChanges: true });
        return sightlineTools();
      },
      (tools) => tools.length > 0,
    );
  });

  it('lists Sightline\'s tools in vscode.lm.tools, marked read-only where they are', async () => {
    const tools = sightlineTools();
    for (const t of ['find_callers', 'hover', 'go_to_definition', 'rename_symbol', 'server_logs']) assert.ok(tools.includes(`mcp_sightline_${t}`), `${t} in ${tools}`);
    assert.equal(tools.length, (await sightline()).offeredTools().length);
  });

  it('invokes find_callers through VS Code and gets the callers of add', async () => {
    const r = await invoke('mcp_sightline_find_callers', { symbol: 'add', depth: 2 });
    assert.equal(r.symbol.id, 'src/math.ts#add');
    const callers = r.callers.map((c: any) => `${c.name}@${c.depth}`);
    assert.ok(callers.includes('compute@1') && callers.includes('multiply@1'), callers.join(','));
    assert.ok(callers.includes('report@2'), callers.join(','));
  });

  it('invokes hover through VS Code and gets the language server\'s signature', async () => {
    const r = await invoke('mcp_sightline_hover', { file: 'src/main.ts', line: 4, character: 10 });
    assert.equal(r.source, 'language_server');
    assert.match(r.contents.join('\n'), /add\(a: number, b: number\): number/);
  });

  it('gets an error that reads as one when a tool fails', async () => {
    // An error carries no structuredContent (a client would check it against the result schema), so VS Code passes
    // the model its text: `Error (<kind>): <sentence>`, which must read as an error on its own.
    const result = await vscode.lm.invokeTool('mcp_sightline_find_callers', { input: { symbol: 'noSuchFunction' }, toolInvocationToken: undefined });
    const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    assert.match(text, /^Error \(notFound\): No symbol named "noSuchFunction"/);
  });

  it('follows a settings change of the tool groups: new version, smaller list', async () => {
    const api = await sightline();
    const before = api.mcpVersion();
    const config = vscode.workspace.getConfiguration('sightline');
    await config.update('tools', ['graph'], vscode.ConfigurationTarget.Workspace);
    try {
      await poll('the offered tools to shrink', () => api.offeredTools(), (t) => !t.includes('hover') && t.includes('find_callers'));
      assert.notEqual(api.mcpVersion(), before);
      await poll(
        'vscode.lm.tools to drop hover after the restart',
        async () => {
          await vscode.commands.executeCommand('workbench.mcp.startServer', '*', { waitForLiveTools: true, autoTrustChanges: true });
          return sightlineTools();
        },
        (tools) => tools.includes('mcp_sightline_find_callers') && !tools.includes('mcp_sightline_hover'),
      );
    } finally {
      await config.update('tools', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await poll('the full list to come back', () => api.offeredTools().length, (n) => n > 20);
  });
});
