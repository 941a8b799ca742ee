import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { callTool, fixturePath, poll, sightline, ToolError, typeScriptReady } from './helpers';

const callerNames = (r: any) => r.callers.map((c: any) => c.name);

describe('edit tools and index freshness in the real VS Code', () => {
  before(async () => {
    await (await sightline()).whenIndexed();
    await typeScriptReady();
  });

  describe('rename_symbol', () => {
    it('returns a plan by default and changes nothing', async () => {
      const r = await callTool('rename_symbol', { file: 'src/edit-target.ts', line: 2, character: 17, new_name: 'newName' });
      assert.equal(r.applied, false);
      assert.deepEqual(r.files, ['src/edit-target.ts', 'src/edit-user.ts']);
      const at = r.edits.map((e: any) => `${e.file}:${e.line}:${e.character}-${e.end_character}=${e.new_text}`);
      assert.deepEqual(at, ['src/edit-target.ts:2:17-24=newName', 'src/edit-user.ts:1:10-17=newName', 'src/edit-user.ts:4:10-17=newName']);
      assert.match(fs.readFileSync(fixturePath('src/edit-target.ts'), 'utf8'), /function oldName/);
    });

    it('by symbol name with apply: true changes the files on disk', async () => {
      const r = await callTool('rename_symbol', { symbol: 'oldName', new_name: 'newName', apply: true });
      assert.deepEqual(r, { ...r, applied: true, files_changed: ['src/edit-target.ts', 'src/edit-user.ts'], edit_count: 3 });
      assert.match(fs.readFileSync(fixturePath('src/edit-target.ts'), 'utf8'), /export function newName\(value: number\)/);
      assert.match(fs.readFileSync(fixturePath('src/edit-user.ts'), 'utf8'), /import \{ newName \} from '\.\/edit-target';[\s\S]*return newName\(21\);/);
    });

    it('and the index follows the renamed files', async () => {
      await poll('the index to know newName', () => callTool('find_callers', { symbol: 'newName' }), (r) => callerNames(r).includes('useOldName'));
    });
  });

  describe('format_document', () => {
    it('plans the formatter\'s edits, then applies them', async () => {
      const plan = await callTool('format_document', { file: 'src/messy.ts' });
      assert.equal(plan.applied, false);
      assert.ok(plan.edit_count > 0, 'messy.ts needs formatting');
      const r = await callTool('format_document', { file: 'src/messy.ts', apply: true });
      assert.equal(r.applied, true);
      assert.deepEqual(r.files_changed, ['src/messy.ts']);
      assert.equal(fs.readFileSync(fixturePath('src/messy.ts'), 'utf8').split('\n')[0], 'export function messy(a: number, b: number) {');
      const again = await callTool('format_document', { file: 'src/messy.ts' });
      assert.equal(again.edit_count, 0, 'formatting is idempotent');
    });
  });

  describe('code_actions', () => {
    it('lists the quick fix for a missing import with its edit, then applies it', async () => {
      const at = { file: 'src/needs-import.ts', line: 3, character: 10 };
      const list = await poll('the Add import quick fix', () => callTool('code_actions', at), (r) => r.actions.some((a: any) => /import/i.test(a.title)));
      const fix = list.actions.find((a: any) => /Add import from "\.\/math"/.test(a.title));
      assert.ok(fix, JSON.stringify(list.actions.map((a: any) => a.title)));
      assert.equal(fix.kind, 'quickfix');
      assert.ok(fix.edits.some((e: any) => e.file === 'src/needs-import.ts' && /import \{ multiply \} from ["']\.\/math["']/.test(e.new_text)));
      const before = fs.readFileSync(fixturePath('src/needs-import.ts'), 'utf8');
      if (fix.command) {
        // The plan names the command the action runs; running it needs that name, like the index: else nothing changes.
        await assert.rejects(callTool('code_actions', { ...at, apply: fix.index }), (e: ToolError) => e.kind === 'invalidArgument' && /run_command/.test(e.message));
        assert.equal(fs.readFileSync(fixturePath('src/needs-import.ts'), 'utf8'), before);
      }
      const r = await callTool('code_actions', { ...at, apply: fix.index, ...(fix.command ? { run_command: fix.command } : {}) });
      assert.equal(r.applied, true);
      assert.match(fs.readFileSync(fixturePath('src/needs-import.ts'), 'utf8'), /import \{ multiply \} from ["']\.\/math["']/);
    });

    it('by symbol name lists actions at the symbol', async () => {
      const r = await callTool('code_actions', { symbol: 'summarize' });
      assert.ok(r.actions.length > 0, 'TypeScript offers refactorings on a function name');
      assert.ok(r.actions.every((a: any) => typeof a.title === 'string' && a.index >= 1));
    });
  });

  describe('the index follows edits', () => {
    it('sees unsaved editor changes (debounced), and lets go of them when the edit is undone', async () => {
      const uri = vscode.Uri.file(fixturePath('src/report.ts'));
      const document = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(document);
      const edit = new vscode.WorkspaceEdit();
      edit.insert(uri, new vscode.Position(document.lineCount, 0), '\nexport function twice(n: number): number {\n  return compute(n) * 2;\n}\n');
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(document.isDirty, 'the change is unsaved');
      await poll('find_callers(compute) to include the unsaved function', () => callTool('find_callers', { symbol: 'compute', depth: 1 }), (r) => callerNames(r).includes('twice'));
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await poll('find_callers(compute) to drop it after revert', () => callTool('find_callers', { symbol: 'compute', depth: 1 }), (r) => !callerNames(r).includes('twice'));
    });

    it('sees files created on disk', async () => {
      fs.writeFileSync(fixturePath('src/created.ts'), "import { compute } from './main';\n\nexport function fromDisk(): number {\n  return compute(5);\n}\n");
      await poll('find_callers(compute) to include a new file', () => callTool('find_callers', { symbol: 'compute', depth: 1 }), (r) => callerNames(r).includes('fromDisk'));
      fs.rmSync(fixturePath('src/created.ts'));
      await poll('find_callers(compute) to drop the deleted file', () => callTool('find_callers', { symbol: 'compute', depth: 1 }), (r) => !callerNames(r).includes('fromDisk'));
    });
  });
});
