import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Folders and files that hold secrets (lock files with bearer tokens, the cache key) must be the user's alone.
 * A folder someone else created, or one any other user can write to, may already hold planted files: it is
 * refused with a message that says how to fix it, never silently used or silently repaired.
 */
export class UnsafePathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafePathError';
  }
}

/** The user's own Sightline folder (`~/.sightline`), or SIGHTLINE_STATE_DIR when set. */
export function stateDir(): string {
  return process.env.SIGHTLINE_STATE_DIR ?? path.join(os.homedir(), '.sightline');
}

function currentUid(): number | undefined {
  // Windows has no uids: folder ACLs there default to the user's profile, which is what we rely on.
  return typeof process.getuid === 'function' ? process.getuid() : undefined;
}

/** Throws UnsafePathError unless `stat` is owned by this user and has no group/other permission bits. */
export function checkPrivate(file: string, stat: fs.Stats, what: string): void {
  const uid = currentUid();
  if (uid === undefined) return;
  if (stat.uid !== uid) {
    throw new UnsafePathError(`${what} ${file} belongs to uid ${stat.uid}, not to you (uid ${uid}): Sightline will not use it. Remove it, or set SIGHTLINE_STATE_DIR to a folder of your own.`);
  }
  if ((stat.mode & 0o077) !== 0) {
    const mode = (stat.mode & 0o777).toString(8).padStart(3, '0');
    throw new UnsafePathError(`${what} ${file} has mode ${mode}, so other users can read or change it: Sightline will not use it. Run \`chmod ${stat.isDirectory() ? '700' : '600'} ${file}\` (and check what is in it), then retry.`);
  }
}

/**
 * Creates `dir` (and missing parents) with mode 0700, or verifies an existing one: a real folder, not a
 * symbolic link, owned by this user, with no group/other bits. Returns the folder; throws UnsafePathError.
 */
export function ensurePrivateDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  verifyPrivateDir(dir);
  return dir;
}

/** Verifies an existing folder as ensurePrivateDir does, without creating anything. */
export function verifyPrivateDir(dir: string): void {
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory()) throw new UnsafePathError(`${dir} is not a plain folder (a symbolic link or a file): Sightline will not use it. Remove it and retry.`);
  checkPrivate(dir, stat, 'The folder');
}
