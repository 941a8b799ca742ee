import * as assert from 'node:assert/strict';
import { CodeGraph } from '../../src/graph/code-graph';
import { EMPTY_PROJECT } from '../../src/graph/modules';
import { extractFile } from '../../src/index/extract';
import { languageForPath } from '../../src/index/languages';
import type { FileRecord } from '../../src/index/records';

async function records(sources: Record<string, string>): Promise<Map<string, FileRecord>> {
  const out = new Map<string, FileRecord>();
  for (const [file, text] of Object.entries(sources)) out.set(file, await extractFile(languageForPath(file)!.id, text));
  return out;
}

function edges(g: CodeGraph): string[] {
  const out: string[] = [];
  g.calls.forEachEdge((_e, data, source, target) => out.push(`${source} -> ${target} ${data.resolution}`));
  return out.sort();
}

const ENGINE = 'class Engine:\n    def start(self):\n        pass\n\nclass Motor:\n    def start(self):\n        pass\n\nengine = Engine()\n';
const USE = 'from core import engine\n\ndef boot():\n    engine.start()\n\ndef helper():\n    pass\n\ndef run(helper):\n    go = boot\n    go()\n    helper()\n';

describe('value flow: incremental updates', () => {
  it('links calls through another module\'s variable, and rebuilds when that variable gets another value', async () => {
    const files = await records({ 'core.py': ENGINE, 'use.py': USE });
    const graph = new CodeGraph(files, EMPTY_PROJECT);
    assert.deepEqual(edges(graph), ['core.py#engine -> core.py#Engine scope', 'use.py#boot -> core.py#Engine.start member', 'use.py#run -> use.py#boot value']);
    // Another module reads the variable's type: this edit changes the file's outward shape, so no in-place update.
    const edited = await extractFile('python', ENGINE.replace('engine = Engine()', 'engine = Motor()'));
    assert.equal(graph.updateFile('core.py', edited), false);
    files.set('core.py', edited);
    assert.deepEqual(edges(new CodeGraph(files, EMPTY_PROJECT)), ['core.py#engine -> core.py#Motor scope', 'use.py#boot -> core.py#Motor.start member', 'use.py#run -> use.py#boot value']);
  });

  it('re-links a body edit in place: a local alias and a shadowing parameter give what a rebuild gives', async () => {
    const files = await records({ 'core.py': ENGINE, 'use.py': USE });
    const graph = new CodeGraph(files, EMPTY_PROJECT);
    const edited = await extractFile('python', USE.replace('    go = boot\n', '    go = engine.start\n'));
    assert.equal(graph.updateFile('use.py', edited), true);
    files.set('use.py', edited);
    const expected = ['core.py#engine -> core.py#Engine scope', 'use.py#boot -> core.py#Engine.start member', 'use.py#run -> core.py#Engine.start value'];
    assert.deepEqual(edges(graph), expected);
    assert.deepEqual(edges(new CodeGraph(files, EMPTY_PROJECT)), expected);
  });
});
