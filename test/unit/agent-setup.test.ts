import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { AGENT_IDS, agentSetup, agentSetups, shellQuote } from '../../src/mcp/agent-setup';

const cmd = { node: 'node', cli: '/opt/sight line/dist/cli.js', root: "/home/me/it's mine" };

describe('agent setups (Copy MCP Configuration)', () => {
  it('offers Claude Code, Cursor, Copilot CLI, Claude Desktop and a generic stdio JSON, each saying where it goes', () => {
    const setups = agentSetups(cmd);
    assert.deepEqual(setups.map((s) => s.id), [...AGENT_IDS]);
    assert.deepEqual(setups.map((s) => s.label), ['Claude Code', 'Cursor', 'GitHub Copilot CLI', 'Claude Desktop', 'Other MCP client (JSON)']);
    for (const s of setups) assert.ok(s.where.length > 10, s.id);
  });

  it('Claude Code: one `claude mcp add` command whose words survive the shell, spaces and quotes included', () => {
    const { text } = agentSetup('claude-code', cmd);
    assert.ok(text.startsWith('claude mcp add sightline -- node '), text);
    // What a POSIX shell makes of the command after `--` is exactly the bridge's argv.
    const words = spawnSync('sh', ['-c', `printf '%s\\n' ${text.trim().split(' -- ')[1]}`], { encoding: 'utf8' }).stdout.trimEnd().split('\n');
    assert.deepEqual(words, ['node', cmd.cli, 'bridge', '--root', cmd.root]);
  });

  it('Cursor and Claude Desktop: mcpServers with the stdio bridge; Copilot CLI: type local with every tool', () => {
    const stdio = { command: 'node', args: [cmd.cli, 'bridge', '--root', cmd.root] };
    assert.deepEqual(JSON.parse(agentSetup('cursor', cmd).text), { mcpServers: { sightline: stdio } });
    assert.deepEqual(JSON.parse(agentSetup('claude-desktop', cmd).text), { mcpServers: { sightline: stdio } });
    assert.deepEqual(JSON.parse(agentSetup('copilot-cli', cmd).text), { mcpServers: { sightline: { type: 'local', ...stdio, tools: ['*'] } } });
  });

  it('generic: the stdio bridge, plus the window\'s HTTP endpoint with its bearer token when there is one', () => {
    const withHttp = JSON.parse(agentSetup('generic', cmd, { url: 'http://127.0.0.1:5/mcp', token: 't0k' }).text);
    assert.deepEqual(withHttp.mcpServers['sightline-http'], { type: 'http', url: 'http://127.0.0.1:5/mcp', headers: { Authorization: 'Bearer t0k' } });
    assert.equal(withHttp.mcpServers.sightline.type, 'stdio');
    assert.deepEqual(Object.keys(JSON.parse(agentSetup('generic', cmd).text).mcpServers), ['sightline']);
  });

  it('without a folder, the bridge serves the agent\'s working directory (no --root)', () => {
    assert.deepEqual(JSON.parse(agentSetup('cursor', { node: 'node', cli: '/c.js' }).text).mcpServers.sightline.args, ['/c.js', 'bridge']);
  });

  it('shellQuote leaves safe words alone and single-quotes the rest', () => {
    assert.equal(shellQuote('/a/b-c.js'), '/a/b-c.js');
    assert.equal(shellQuote("it's"), `'it'\\''s'`);
    assert.equal(shellQuote('$(rm -rf /)'), `'$(rm -rf /)'`);
  });
});
