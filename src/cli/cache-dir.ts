import * as os from 'node:os';
import * as path from 'node:path';
import { contentHash } from '../common/hash';

/**
 * Where the CLI keeps a workspace's index: outside the repository by default, in the user's cache folder, one
 * folder per root (its name, for people, plus a hash of its real path). So `sightline` never writes into the
 * repository it reads, and a `.sightline/` committed to it is never read (it would fail the signature check
 * anyway). `--cache-dir DIR` or SIGHTLINE_CACHE_DIR choose another folder; `none` keeps the index in memory.
 */
export function cliCacheDir(realRoot: string, chosen: string | undefined = process.env.SIGHTLINE_CACHE_DIR): string | null {
  if (chosen === 'none') return null;
  if (chosen) return path.resolve(chosen);
  const base = process.env.XDG_CACHE_HOME && path.isAbsolute(process.env.XDG_CACHE_HOME) ? process.env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  const name = path.basename(realRoot).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40) || 'root';
  return path.join(base, 'sightline', `${name}-${contentHash(realRoot).slice(0, 16)}`);
}
