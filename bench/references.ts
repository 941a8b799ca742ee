import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Parser } from 'web-tree-sitter';
import { loadLanguage } from '../src/index/grammars';
import { languageForPath } from '../src/index/languages';
import type { Corpus } from './corpora';
import { type Timing, timed, timedAsync } from './measure';

/**
 * The references every index figure is divided by, measured in the same run on the same files:
 * - raw read: the bytes off the disk (page cache warm), the cost no indexer avoids;
 * - parse floor: web-tree-sitter parsing every file with no queries on one thread, trees deleted;
 * - Universal Ctags: `ctags -R`-style symbol extraction (no calls), a native indexer people know.
 */

export function rawRead(corpus: Corpus): Timing & { bytes: number } {
  let bytes = 0;
  const t = timed(() => {
    for (const f of corpus.files) bytes += fs.readFileSync(f.abs, 'utf8').length;
  });
  return { ...t, bytes };
}

export async function parseFloor(corpus: Corpus): Promise<Timing & { files: number }> {
  // Grammars load before the clock starts: the index pays that once per worker, a few ms, counted there.
  const langs = new Set(corpus.files.map((f) => languageForPath(f.rel)!.id));
  for (const id of langs) await loadLanguage(id);
  const parser = new Parser();
  let files = 0;
  const t = await timedAsync(async () => {
    for (const f of corpus.files) {
      const lang = await loadLanguage(languageForPath(f.rel)!.id);
      parser.setLanguage(lang.language);
      const text = fs.readFileSync(f.abs, 'utf8');
      const tree = parser.parse(text);
      try {
        files++;
      } finally {
        tree?.delete();
      }
    }
  });
  parser.delete();
  return { ...t, files };
}

/** Universal Ctags from Debian; installed on first use like the corpora. */
export function ensureCtags(): string {
  const found = spawnSync('ctags', ['--version'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.includes('Universal Ctags')) return found.stdout.split('\n')[0];
  try {
    execFileSync('apt-get', ['install', '-y', 'universal-ctags'], { stdio: 'pipe' });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'pipe' });
    execFileSync('apt-get', ['install', '-y', 'universal-ctags'], { stdio: 'pipe' });
  }
  return spawnSync('ctags', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
}

/** Runs ctags over exactly the corpus's files (the list on stdin), tags to a temp file. Wall and child CPU. */
export function ctags(corpus: Corpus): Timing & { tags: number } {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-ctags-'));
  const out = path.join(tmp, 'tags');
  const list = corpus.files.map((f) => f.rel).join('\n');
  // GNU time is not everywhere; a shell's `times` is: it reports the children's user and system CPU.
  const script = 'ctags --fields=+n -f "$1" -L - >/dev/null 2>&1; times';
  const t0 = performance.now();
  const res = spawnSync('bash', ['-c', script, 'bash', out], { cwd: corpus.dir, input: list, encoding: 'utf8' });
  const wallMs = performance.now() - t0;
  if (res.status !== 0) throw new Error(`ctags failed: ${res.stderr}`);
  const times = res.stdout.trim().split('\n').pop()!.split(/\s+/).map(parseShellTime);
  const tags = fs.existsSync(out) ? fs.readFileSync(out, 'utf8').split('\n').filter((l) => l && !l.startsWith('!_')).length : 0;
  fs.rmSync(tmp, { recursive: true, force: true });
  return { wallMs, cpuMs: (times[0] ?? 0) + (times[1] ?? 0), tags };
}

function parseShellTime(s: string): number {
  const m = /(\d+)m([\d.]+)s/.exec(s);
  return m ? (Number(m[1]) * 60 + Number(m[2])) * 1000 : 0;
}
