import * as path from 'node:path';

/**
 * One tree's Engine loaded from source with its extraction and linking timed apart (bench:budget, budget.ts):
 * the base commit's tree and this one are loaded the same way, so both are measured by the same code.
 */
export interface IndexRun {
  /** Wall time of the whole `index()`. */
  wallMs: number;
  /**
   * CPU (user + system) of the whole `index()`, and of its extraction and linking steps: the process's, so with
   * parse workers it includes theirs.
   */
  cpuMs: number;
  extractMs: number;
  linkMs: number;
  files: number;
  lines: number;
  edges: number;
}

export interface Tree {
  Engine: new (o: { root: string; storageDir: null; workers: number; exclude?: string[] }) => {
    index(): Promise<{ files_indexed: number; edges: number }>;
    graph: { table: { files: ReadonlyMap<string, { lines: number }> } };
    dispose(): void;
  };
  cpu: { extract: number; link: number };
}

const cpuMsNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Loads one tree's Engine from source, with extraction and linking wrapped to count their CPU. */
export function loadTree(root: string): Tree {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { Engine } = require(path.join(root, 'src/engine/engine')) as { Engine: Tree['Engine'] };
  const { Extractor } = require(path.join(root, 'src/engine/extractor')) as { Extractor: { prototype: { extractAll: (...a: unknown[]) => Promise<unknown> } } };
  const { CodeGraph } = require(path.join(root, 'src/graph/code-graph')) as { CodeGraph: { build: (...a: unknown[]) => Promise<unknown> } };
  const cpu = { extract: 0, link: 0 };
  const wrap = <T extends object>(owner: T, key: keyof T, slot: 'extract' | 'link') => {
    const inner = owner[key] as (...a: unknown[]) => Promise<unknown>;
    (owner as Record<keyof T, unknown>)[key] = async function (this: unknown, ...args: unknown[]) {
      const t0 = cpuMsNow();
      try {
        return await inner.apply(this, args);
      } finally {
        cpu[slot] += cpuMsNow() - t0;
      }
    };
  };
  wrap(Extractor.prototype, 'extractAll', 'extract');
  wrap(CodeGraph, 'build', 'link');
  return { Engine, cpu };
}

/** One `index()` of `dir` by a new Engine with `workers` parse workers (0: all on this thread), nothing persisted. */
export async function indexOnce(tree: Tree, dir: string, exclude: string[] | undefined, workers = 0): Promise<IndexRun> {
  tree.cpu.extract = tree.cpu.link = 0;
  const engine = new tree.Engine({ root: dir, storageDir: null, workers, exclude });
  const w0 = performance.now();
  const t0 = cpuMsNow();
  const stats = await engine.index();
  const cpuMs = cpuMsNow() - t0;
  const wallMs = performance.now() - w0;
  let lines = 0;
  for (const r of engine.graph.table.files.values()) lines += r.lines;
  engine.dispose();
  return { wallMs, cpuMs, extractMs: tree.cpu.extract, linkMs: tree.cpu.link, files: stats.files_indexed, lines, edges: stats.edges };
}

