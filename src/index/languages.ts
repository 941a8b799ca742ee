/**
 * The supported languages. A language is one row here, one grammar .wasm and its tags query (queries/, see
 * grammars.ts's queryFiles); a file whose extension maps to no row is not indexed.
 */
export type LanguageId = 'typescript' | 'tsx' | 'javascript' | 'python' | 'go' | 'rust';

export interface LanguageInfo {
  id: LanguageId;
  /** The grammar file name, found next to the bundle (dist/wasm) or in its npm package. */
  wasm: string;
  /** npm package that ships `wasm`, for running from source (tests). */
  pkg: string;
  extensions: readonly string[];
  /** Import resolution and naming family: all TS/JS dialects share one. */
  family: 'js' | 'python' | 'go' | 'rust';
}

export const LANGUAGES: readonly LanguageInfo[] = [
  { id: 'typescript', wasm: 'tree-sitter-typescript.wasm', pkg: 'tree-sitter-typescript', extensions: ['.ts', '.mts', '.cts'], family: 'js' },
  { id: 'tsx', wasm: 'tree-sitter-tsx.wasm', pkg: 'tree-sitter-typescript', extensions: ['.tsx'], family: 'js' },
  { id: 'javascript', wasm: 'tree-sitter-javascript.wasm', pkg: 'tree-sitter-javascript', extensions: ['.js', '.jsx', '.mjs', '.cjs'], family: 'js' },
  { id: 'python', wasm: 'tree-sitter-python.wasm', pkg: 'tree-sitter-python', extensions: ['.py', '.pyi'], family: 'python' },
  { id: 'go', wasm: 'tree-sitter-go.wasm', pkg: 'tree-sitter-go', extensions: ['.go'], family: 'go' },
  { id: 'rust', wasm: 'tree-sitter-rust.wasm', pkg: 'tree-sitter-rust', extensions: ['.rs'], family: 'rust' },
];

export const LANGUAGE_IDS = LANGUAGES.map((l) => l.id) as readonly LanguageId[];

const byExtension = new Map<string, LanguageInfo>();
for (const lang of LANGUAGES) for (const ext of lang.extensions) byExtension.set(ext, lang);

export function languageForPath(file: string): LanguageInfo | undefined {
  const dot = file.lastIndexOf('.');
  if (dot < 0) return undefined;
  if (file.endsWith('.d.ts')) return byExtension.get('.ts');
  return byExtension.get(file.slice(dot).toLowerCase());
}

export function languageInfo(id: LanguageId): LanguageInfo {
  const info = LANGUAGES.find((l) => l.id === id);
  if (!info) throw new Error(`unknown language ${id}`);
  return info;
}
