import * as fs from 'node:fs';
import { Language, Parser, Query } from 'web-tree-sitter';
import { locateQuery, locateWasm } from './assets';
import { LanguageId, languageInfo } from './languages';

/**
 * web-tree-sitter is initialised once per process and each grammar and query is loaded once, behind a cached
 * promise, so concurrent first uses share one load.
 *
 * The runtime's and the grammars' WebAssembly is compiled once per process too, into `WebAssembly.Module`s that
 * the parse workers are handed (`CompiledWasm`, sent with a worker's first file of a language) instead of each
 * compiling its own copy. Threads that instantiate one Module share its machine code, so V8's tier-up of the hot
 * functions (the parse loop, the lexer, query compilation) is paid once for the pool, not once per worker: on
 * patternfly's TSX a second worker's first 600 files parsed in 0.65 s against 1.9 s with its own copy, and its
 * query compiled in 0.38 s against 1.2 s (bench/README.md, "Issue 12: the parse pool's fixed costs").
 */
let initPromise: Promise<void> | undefined;
const loaded = new Map<LanguageId, Promise<LoadedLanguage>>();
let runtimeModule: Promise<WasmModule> | undefined;
const grammarModules = new Map<LanguageId, Promise<WasmModule>>();

/** A compiled `WebAssembly.Module`. Node's WebAssembly API is typed in lib.dom, which this project leaves out. */
export type WasmModule = { readonly __wasmModule: unique symbol };
interface WasmApi {
  compile(bytes: Uint8Array): Promise<WasmModule>;
  Instance: new (module: WasmModule, imports: object) => object;
}
const wasm: WasmApi = Reflect.get(globalThis, 'WebAssembly');

export interface LoadedLanguage {
  id: LanguageId;
  language: Language;
  query: Query;
}

/** One language's compiled WebAssembly, as a worker is handed it (Modules cross threads by structured clone). */
export interface CompiledWasm {
  runtime: WasmModule;
  grammar: WasmModule;
}

export function initTreeSitter(): Promise<void> {
  initPromise ??= compiledRuntime().then((module) =>
    Parser.init({
      instantiateWasm: (imports: object, receive: (instance: object, module: WasmModule) => void) => {
        receive(new wasm.Instance(module, imports), module);
        return {};
      },
    }),
  );
  return initPromise;
}

function compiledRuntime(): Promise<WasmModule> {
  runtimeModule ??= wasm.compile(fs.readFileSync(locateWasm('web-tree-sitter.wasm', 'web-tree-sitter')));
  return runtimeModule;
}

function compiledGrammar(id: LanguageId): Promise<WasmModule> {
  let p = grammarModules.get(id);
  if (!p) {
    const info = languageInfo(id);
    p = wasm.compile(fs.readFileSync(locateWasm(info.wasm, info.pkg)));
    p.catch(() => grammarModules.delete(id));
    grammarModules.set(id, p);
  }
  return p;
}

/** This process's compiled runtime and grammar for `id`, compiled on first use: what a parse worker is handed. */
export async function compiledWasm(id: LanguageId): Promise<CompiledWasm> {
  const [runtime, grammar] = await Promise.all([compiledRuntime(), compiledGrammar(id)]);
  return { runtime, grammar };
}

/**
 * In a parse worker: use the Modules the pool's thread compiled rather than compiling its own. The runtime is
 * only taken before this thread has initialised tree-sitter (an instance cannot change its Module afterwards).
 */
export function adoptCompiledWasm(id: LanguageId, compiled: CompiledWasm): void {
  if (!initPromise) runtimeModule = Promise.resolve(compiled.runtime);
  if (!loaded.has(id)) grammarModules.set(id, Promise.resolve(compiled.grammar));
}

export function loadLanguage(id: LanguageId): Promise<LoadedLanguage> {
  let p = loaded.get(id);
  if (!p) {
    p = (async () => {
      await initTreeSitter();
      const language = Language.loadSync(await compiledGrammar(id));
      const source = queryFiles(id).map((name) => fs.readFileSync(locateQuery(name), 'utf8')).join('\n');
      const query = new Query(language, source);
      return { id, language, query };
    })();
    p.catch(() => loaded.delete(id));
    loaded.set(id, p);
  }
  return p;
}

/**
 * The query files of a language, joined into one query. JavaScript, TypeScript and TSX share the patterns whose node
 * types their grammars share (ecmascript-tags.scm); TSX shares TypeScript's own file (the grammars differ only in
 * JSX, whose patterns both JSX grammars add).
 */
function queryFiles(id: LanguageId): string[] {
  if (id === 'javascript') return ['ecmascript-tags.scm', 'javascript-tags.scm', 'jsx-tags.scm'];
  if (id === 'typescript') return ['ecmascript-tags.scm', 'typescript-tags.scm'];
  if (id === 'tsx') return ['ecmascript-tags.scm', 'typescript-tags.scm', 'jsx-tags.scm'];
  return [`${id}-tags.scm`];
}
