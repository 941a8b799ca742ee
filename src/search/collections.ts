import ignore from 'ignore';

/**
 * Collections: the markdown document sets of a repository. By default one per folder that holds markdown
 * documents, except that everything under a `docs/` (or `doc/`, `documentation/`) folder belongs to that folder,
 * and ADR folders (`adr/`, `decisions/` …) stay collections of their own. Extra collections come from
 * gitignore-style globs. Ids are `<repository>:<folder>` (`.` for the root) or `<repository>:glob:<glob>`:
 * stable as long as the folder or glob is.
 */
export interface Collection {
  id: string;
  repository: string;
  /** The folder (`.` for the root) or the glob that defines it. */
  path: string;
  kind: 'folder' | 'glob';
  documents: string[];
}

const DOCS_FOLDERS = new Set(['docs', 'doc', 'documentation']);
const ADR_FOLDERS = /^(adrs?|decisions|architecture-decisions|decision-records)$/i;

function folderOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '.' : file.slice(0, slash);
}

/** The folder that owns a document: its nearest ADR folder, else its outermost docs folder, else its own folder. */
function owningFolder(file: string): string {
  const parts = file.split('/').slice(0, -1);
  for (let i = parts.length - 1; i >= 0; i--) if (ADR_FOLDERS.test(parts[i])) return parts.slice(0, i + 1).join('/');
  const docs = parts.findIndex((p) => DOCS_FOLDERS.has(p.toLowerCase()));
  if (docs >= 0) return parts.slice(0, docs + 1).join('/');
  return folderOf(file);
}

export function groupCollections(repository: string, documents: readonly string[], globs: readonly string[] = []): Collection[] {
  const byFolder = new Map<string, string[]>();
  for (const doc of documents) {
    const folder = owningFolder(doc);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), doc]);
  }
  const collections: Collection[] = [...byFolder]
    .sort(([a], [b]) => (a === '.' ? -1 : b === '.' ? 1 : a < b ? -1 : a > b ? 1 : 0))
    .map(([folder, docs]) => ({ id: `${repository}:${folder}`, repository, path: folder, kind: 'folder', documents: docs.sort() }));
  for (const glob of globs) {
    const matcher = ignore().add(glob);
    const docs = documents.filter((d) => matcher.ignores(d));
    if (docs.length) collections.push({ id: `${repository}:glob:${glob}`, repository, path: glob, kind: 'glob', documents: [...docs].sort() });
  }
  return collections;
}
