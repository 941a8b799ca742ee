import { execFileSync } from 'node:child_process';
import { invalidArgument } from '../common/errors';

export interface ChangedFile {
  file: string;
  /** Changed line ranges in the new version (1-based, inclusive); empty for a new or deleted file = whole file. */
  ranges: { start: number; end: number }[];
  status: 'modified' | 'added' | 'deleted';
}

function git(root: string, args: string[]): string {
  return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', timeout: 15000, maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function isGitRepository(root: string): boolean {
  try {
    return git(root, ['rev-parse', '--is-inside-work-tree']).trim() === 'true';
  } catch {
    return false;
  }
}

/** Uncommitted changes (staged, unstaged and untracked) against HEAD, with the changed line ranges. */
export function uncommittedChanges(root: string): ChangedFile[] {
  if (!isGitRepository(root)) throw invalidArgument(`target "changes" needs a git repository, and ${root} is not one. Pass a symbol or a file path instead.`);
  let hasHead = true;
  try {
    git(root, ['rev-parse', '--verify', 'HEAD']);
  } catch {
    hasHead = false;
  }
  const out: ChangedFile[] = [];
  if (hasHead) {
    const diff = git(root, ['diff', '-U0', '--no-color', '--no-ext-diff', '--relative', 'HEAD']);
    let current: ChangedFile | undefined;
    for (const line of diff.split('\n')) {
      if (line.startsWith('diff --git ')) {
        current = undefined;
      } else if (line.startsWith('+++ ')) {
        const name = line.slice(4);
        if (name === '/dev/null') continue;
        current = { file: name.replace(/^b\//, ''), ranges: [], status: 'modified' };
        out.push(current);
      } else if (line.startsWith('--- ') && line.slice(4) !== '/dev/null') {
        // Kept for deletions: if +++ is /dev/null the old name is the file.
        current = { file: line.slice(4).replace(/^a\//, ''), ranges: [], status: 'deleted' };
        out.push(current);
      } else if (line.startsWith('@@') && current) {
        const m = /\+(\d+)(?:,(\d+))?/.exec(line);
        if (m) {
          const start = Number(m[1]);
          const count = m[2] === undefined ? 1 : Number(m[2]);
          current.ranges.push({ start: Math.max(1, start), end: Math.max(start, start + count - 1) });
        }
      }
    }
  }
  const untracked = git(root, ['ls-files', '--others', '--exclude-standard']).split('\n').filter(Boolean);
  for (const file of untracked) out.push({ file, ranges: [], status: 'added' });
  // A modified file appears twice (--- then +++): keep the +++ entry.
  const byFile = new Map<string, ChangedFile>();
  for (const c of out) {
    const prev = byFile.get(c.file);
    if (!prev || prev.status === 'deleted') byFile.set(c.file, c);
  }
  return [...byFile.values()];
}

/** Last commit time of each tracked file (ISO), for retrieval's since/until filters. */
export function lastCommitTimes(root: string): Map<string, string> {
  const times = new Map<string, string>();
  if (!isGitRepository(root)) return times;
  let log: string;
  try {
    log = git(root, ['log', '--name-only', '--format=@%cI', '--no-color', '--relative']);
  } catch {
    return times;
  }
  let current = '';
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) current = line.slice(1);
    else if (line && !times.has(line)) times.set(line, current);
  }
  return times;
}
