import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Disposable } from '../common/disposable';

/**
 * Each VS Code window that serves Sightline writes a lock file saying where its MCP endpoint is, so that
 * `sightline bridge` can connect an agent outside VS Code to the window that has the agent's folder open.
 * The files hold a bearer token: the folder is the user's own (0700) and each file is 0600.
 */
export interface WindowLock {
  pid: number;
  port: number;
  token: string;
  folders: string[];
  version: string;
}

export function lockDir(): string {
  return process.env.SIGHTLINE_LOCK_DIR ?? path.join(os.homedir(), '.sightline', 'windows');
}

export function writeLock(lock: WindowLock): Disposable & { file: string } {
  const dir = lockDir();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${lock.pid}-${randomBytes(4).toString('hex')}.json`);
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(lock), { mode: 0o600 });
  fs.renameSync(tmp, file);
  return { file, dispose: () => fs.rmSync(file, { force: true }) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Locks of live windows; files left by windows that died are removed on the way. */
export function readLocks(): WindowLock[] {
  const dir = lockDir();
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const locks: WindowLock[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const lock = JSON.parse(fs.readFileSync(file, 'utf8')) as WindowLock;
      if (typeof lock.port !== 'number' || typeof lock.token !== 'string' || !Array.isArray(lock.folders)) continue;
      if (alive(lock.pid)) locks.push(lock);
      else fs.rmSync(file, { force: true });
    } catch {
      // A half-written or foreign file is not ours to interpret.
    }
  }
  return locks;
}

/** The window whose workspace folder holds `cwd` (the deepest such folder wins). */
export function findLockFor(cwd: string): WindowLock | undefined {
  const here = path.resolve(cwd);
  let best: { lock: WindowLock; depth: number } | undefined;
  for (const lock of readLocks()) {
    for (const folder of lock.folders) {
      const f = path.resolve(folder);
      if (here === f || here.startsWith(f + path.sep)) {
        if (!best || f.length > best.depth) best = { lock, depth: f.length };
      }
    }
  }
  return best?.lock;
}
