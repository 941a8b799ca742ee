import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkPrivate, ensurePrivateDir, stateDir } from '../common/private-dir';

const KEY_FILE = 'cache-key';
const KEY_BYTES = 32;

let cached: { dir: string; key: Buffer } | undefined;

/**
 * The machine-local secret that signs persisted indexes (see IndexStore). It lives in the user's own state folder,
 * never in a repository, so an index written anywhere else — committed, copied, planted — fails the check and is
 * rebuilt. Created once (0600, in a 0700 folder) with an atomic link, so concurrent first runs agree on one key.
 */
export function machineCacheKey(dir = stateDir()): Buffer {
  if (cached?.dir === dir) return cached.key;
  ensurePrivateDir(dir);
  const file = path.join(dir, KEY_FILE);
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(tmp, file);
    } catch (e) {
      // Another process made the key first: use theirs.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0));
  try {
    checkPrivate(file, fs.fstatSync(fd), 'The cache key');
    const key = fs.readFileSync(fd);
    if (key.length !== KEY_BYTES) throw new Error(`The cache key ${file} is ${key.length} bytes, expected ${KEY_BYTES}. Delete it; Sightline makes a new one.`);
    cached = { dir, key };
    return key;
  } finally {
    fs.closeSync(fd);
  }
}
