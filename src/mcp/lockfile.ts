import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Disposable } from '../common/disposable';
import { checkPrivate, ensurePrivateDir, stateDir, verifyPrivateDir } from '../common/private-dir';
import { processAlive } from '../common/processes';

/**
 * Each VS Code window that serves Sightline writes a lock file saying where its MCP endpoint is, so that
 * `sightline bridge` can connect an agent outside VS Code to the window that has the agent's folder open.
 * The files hold a bearer token, and the bridge sends the agent's traffic wherever they point: the folder must be
 * the user's own (created 0700; an existing one is verified: owner and mode) and each file 0600 and the user's,
 * checked again when read. Another local user who could plant a file would receive the agent's MCP traffic.
 */
export interface WindowLock {
  pid: number;
  port: number;
  token: string;
  folders: string[];
  version: string;
}

export function lockDir(): string {
  return process.env.SIGHTLINE_LOCK_DIR ?? path.join(stateDir(), 'windows');
}

/** The lock folder, created or verified; its parent too when it is our state folder (it could be swapped otherwise). */
function privateLockDir(): string {
  const dir = lockDir();
  if (process.env.SIGHTLINE_LOCK_DIR === undefined) ensurePrivateDir(stateDir());
  return ensurePrivateDir(dir);
}

/** Throws UnsafePathError (the message says what to fix) when the lock folder is not the user's own. */
export function writeLock(lock: WindowLock): Disposable & { file: string } {
  const dir = privateLockDir();
  const file = path.join(dir, `${lock.pid}-${randomBytes(4).toString('hex')}.json`);
  const tmp = `${file}.tmp`;
  // 'wx': never write through a file (or link) someone else put at this name.
  fs.writeFileSync(tmp, JSON.stringify(lock), { mode: 0o600, flag: 'wx' });
  fs.renameSync(tmp, file);
  return { file, dispose: () => fs.rmSync(file, { force: true }) };
}

/**
 * Locks of live windows; files left by windows that died are removed on the way. Throws UnsafePathError when the
 * folder is not the user's own; a file that is not (another owner, a link, group/other bits) is skipped and logged.
 */
export function readLocks(onSkip: (why: string) => void = () => undefined): WindowLock[] {
  const dir = lockDir();
  if (!fs.existsSync(dir)) return [];
  verifyPrivateDir(dir);
  if (process.env.SIGHTLINE_LOCK_DIR === undefined) verifyPrivateDir(stateDir());
  const locks: WindowLock[] = [];
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const file = path.join(dir, name);
    let text: string;
    try {
      text = readOwnFile(file);
    } catch (e) {
      onSkip(`Ignoring lock file ${file}: ${(e as Error).message}`);
      continue;
    }
    try {
      const lock = JSON.parse(text) as WindowLock;
      if (typeof lock.port !== 'number' || typeof lock.token !== 'string' || !Array.isArray(lock.folders) || typeof lock.pid !== 'number') continue;
      if (processAlive(lock.pid)) locks.push(lock);
      else fs.rmSync(file, { force: true });
    } catch {
      // A half-written file is not ours to interpret.
    }
  }
  return locks;
}

/** A file's text, when it is a regular file (not a link) owned by this user with no group/other bits. */
function readOwnFile(file: string): string {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new Error('not a regular file');
    checkPrivate(file, stat, 'The lock file');
    return fs.readFileSync(fd, 'utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/** The window whose workspace folder holds `cwd` (the deepest such folder wins). */
export function findLockFor(cwd: string, onSkip?: (why: string) => void): WindowLock | undefined {
  const here = path.resolve(cwd);
  let best: { lock: WindowLock; depth: number } | undefined;
  for (const lock of readLocks(onSkip)) {
    for (const folder of lock.folders) {
      const f = path.resolve(folder);
      if (here === f || here.startsWith(f + path.sep)) {
        if (!best || f.length > best.depth) best = { lock, depth: f.length };
      }
    }
  }
  return best?.lock;
}
