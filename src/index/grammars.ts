import * as fs from 'node:fs';
import { Language, Parser, Query } from 'web-tree-sitter';
import { locateQuery, locateWasm } from './assets';
import { LanguageId, languageInfo } from './languages';

/**
 * web-tree-sitter is initialised once per process and each grammar and query is loaded once, behind a cached
 * promise, so concurrent first uses share one load.
 */
let initPromise: Promise<void> | undefined;
const loaded = new Map<LanguageId, Promise<LoadedLanguage>>();

export interface LoadedLanguage {
  id: LanguageId;
  language: Language;
  query: Query;
}

export function initTreeSitter(): Promise<void> {
  initPromise ??= Parser.init({
    locateFile: (name: string) => locateWasm(name, 'web-tree-sitter'),
  });
  return initPromise;
}

export function loadLanguage(id: LanguageId): Promise<LoadedLanguage> {
  let p = loaded.get(id);
  if (!p) {
    p = (async () => {
      await initTreeSitter();
      const info = languageInfo(id);
      const language = await Language.load(fs.readFileSync(locateWasm(info.wasm, info.pkg)));
      const source = queryFiles(id).map((name) => fs.readFileSync(locateQuery(name), 'utf8')).join('\n');
      const query = new Query(language, source);
      return { id, language, query };
    })();
    p.catch(() => loaded.delete(id));
    loaded.set(id, p);
  }
  return p;
}

/** TSX shares TypeScript's query file: the grammars differ only in JSX, whose patterns both JSX grammars add. */
function queryFiles(id: LanguageId): string[] {
  const own = `${id === 'tsx' ? 'typescript' : id}-tags.scm`;
  return id === 'tsx' || id === 'javascript' ? [own, 'jsx-tags.scm'] : [own];
}
