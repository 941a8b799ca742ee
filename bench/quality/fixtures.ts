import * as fs from 'node:fs';
import * as path from 'node:path';
import { RingLogger } from '../../src/common/log';
import { Engine } from '../../src/engine/engine';

/**
 * Hand-annotated fixtures (test/fixtures/quality/<lang>/expected.txt): every call edge of a small workspace,
 * written by hand. Sightline's edges at or above a confidence floor are compared with them exactly.
 */
export const FIXTURE_LANGS = ['python', 'go', 'rust', 'tsx', 'javascript'] as const;
export const FIXTURE_DIR = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'quality');

export interface FixtureScore {
  lang: string;
  expected: number;
  tp: number;
  /** Reported but not expected, with resolution and confidence. */
  fp: string[];
  /** Expected but not reported. */
  fn: string[];
  precision: number;
  recall: number;
  /** Reported edges by resolution kind (`module` for module-level calls): right and wrong. */
  byKind: Record<string, { tp: number; fp: number }>;
}

export function readExpected(file: string): Set<string> {
  const out = new Set<string>();
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.replace(/#\s.*$/, '').trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(\S+)\s+->\s+(\S+)$/.exec(line);
    if (!m) throw new Error(`${file}: cannot read "${raw}"`);
    out.add(`${m[1]} -> ${m[2]}`);
  }
  return out;
}

/** Every edge at or above `floor`: symbol → symbol, and `<file>#<module>` → symbol for module-level calls. */
export async function reportedEdges(root: string, floor: number): Promise<Map<string, string>> {
  // The annotated fixtures are a few dozen files: parse workers would cost more to start than they save.
  const engine = new Engine({ root, logger: new RingLogger(), storageDir: null, workers: 0 });
  try {
    const graph = await engine.ready();
    const out = new Map<string, string>();
    graph.calls.forEachEdge((_e, data, source, target) => {
      if (data.confidence >= floor) out.set(`${source} -> ${target}`, `${data.resolution} ${data.confidence}`);
    });
    for (const [target, sites] of graph.moduleCallers) {
      for (const site of sites) if (site.confidence >= floor) out.set(`${site.file}#<module> -> ${target}`, `module ${site.confidence}`);
    }
    return out;
  } finally {
    engine.dispose();
  }
}

export async function scoreFixture(lang: string, floor: number, root = path.join(FIXTURE_DIR, lang)): Promise<FixtureScore> {
  const expected = readExpected(path.join(root, 'expected.txt'));
  const reported = await reportedEdges(root, floor);
  const fp = [...reported].filter(([e]) => !expected.has(e)).map(([e, how]) => `${e} (${how})`);
  const fn = [...expected].filter((e) => !reported.has(e));
  const tp = expected.size - fn.length;
  const byKind: FixtureScore['byKind'] = {};
  for (const [edge, how] of reported) {
    const k = (byKind[how.split(' ')[0]] ??= { tp: 0, fp: 0 });
    if (expected.has(edge)) k.tp++;
    else k.fp++;
  }
  return {
    lang, expected: expected.size, tp, fp, fn, byKind,
    precision: tp + fp.length ? tp / (tp + fp.length) : 1,
    recall: expected.size ? tp / expected.size : 1,
  };
}
