import * as fs from 'node:fs';
import * as path from 'node:path';
import { invalidArgument, notFound, outsideWorkspace } from './errors';

/** Workspace-relative paths are always '/'-separated, whatever the platform. */
export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

export function relativeTo(root: string, absolute: string): string {
  return toPosix(path.relative(root, absolute));
}

/** Whether a path.relative() result leaves its base: `..hidden/x` is a folder named `..hidden` inside it, `../x` is not. */
export function leavesBase(rel: string): boolean {
  return rel === '..' || rel.startsWith(`..${path.sep}`) || rel.startsWith('../') || path.isAbsolute(rel);
}

function isInside(root: string, candidate: string): boolean {
  return !leavesBase(path.relative(root, candidate));
}

/** The local path a `file://` URI names; bad URIs (`file://%`, broken escapes, other hosts) are invalid arguments. */
function fileUriPath(uri: string): string {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw invalidArgument('`file` is not a valid file:// URI. Pass a path (relative to the workspace root, or absolute), or a well-formed file:///abs/path URI.');
  }
  if (url.hostname !== '' && url.hostname !== 'localhost') throw invalidArgument(`\`file\` names a file on another host (${url.hostname.slice(0, 100)}); only local files can be read.`);
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    throw invalidArgument('`file` has a broken percent-escape (a `%` must be followed by two hex digits, e.g. %20). Fix the URI, or pass a plain path.');
  }
}

/**
 * The security boundary for every path an agent hands us: resolves `file` (absolute or relative to `root`)
 * and refuses anything that leaves the workspace, lexically or through a symlink. Returns the
 * workspace-relative posix path and the real absolute path. `mustExist: false` allows a path that does not
 * exist yet, as long as its nearest existing ancestor is inside.
 */
export function resolveInWorkspace(root: string, file: string, mustExist = true): { rel: string; abs: string } {
  if (typeof file !== 'string' || file.trim() === '') throw invalidArgument('`file` must be a non-empty path, absolute or relative to the workspace root.');
  if (file.includes('\0')) throw invalidArgument('`file` contains a NUL byte.');
  const realRoot = fs.realpathSync(root);
  const local = file.startsWith('file://') ? fileUriPath(file) : file;
  if (local.includes('\0')) throw invalidArgument('`file` contains a NUL byte.');
  const abs = path.resolve(realRoot, local);
  const lexicalRoot = path.resolve(root);
  if (!isInside(realRoot, abs) && !isInside(lexicalRoot, abs)) {
    throw outsideWorkspace(`${file} is outside the workspace (${root}). Pass a path inside it, relative to the root or absolute.`);
  }
  const normalized = isInside(realRoot, abs) ? abs : path.join(realRoot, path.relative(lexicalRoot, abs));
  let real: string;
  try {
    real = fs.realpathSync(normalized);
  } catch {
    if (mustExist) throw notFound(`${toPosix(path.relative(realRoot, normalized)) || file} does not exist in the workspace. Check the path (it is relative to ${root}).`);
    let ancestor = path.dirname(normalized);
    while (!fs.existsSync(ancestor)) ancestor = path.dirname(ancestor);
    if (!isInside(realRoot, fs.realpathSync(ancestor))) throw outsideWorkspace(`${file} leads outside the workspace through a symbolic link.`);
    return { rel: relativeTo(realRoot, normalized), abs: normalized };
  }
  if (!isInside(realRoot, real)) throw outsideWorkspace(`${file} leads outside the workspace through a symbolic link; Sightline reads nothing outside ${root}.`);
  return { rel: relativeTo(realRoot, real), abs: real };
}
