import type { CompiledWasm } from './grammars';
import type { LanguageId } from './languages';

/** Messages between ParsePool (main thread) and parse-worker.ts. Plain data: they cross by structured clone. */
export interface ParseRequest {
  id: number;
  lang: LanguageId;
  /** The text to parse: a file the caller read (and hashed), or an unsaved editor buffer. */
  text: string;
  /**
   * With a worker's first file of a language: the runtime and grammar the pool's thread compiled, which the worker
   * instantiates instead of compiling its own (grammars.ts: their machine code and its tier-up are shared).
   */
  wasm?: CompiledWasm;
}

/**
 * A record crosses as its JSON text (`FileRecord` as the index file holds it: fields that are undefined are left
 * out), not as an object: a string is one copy, and `JSON.parse` on the main thread builds objects with their
 * fields in place, where a structured clone's objects kept most fields in a separate property array (records of
 * 1M lines: ~39 MB of heap against ~62 MB).
 */
export type ParseResponse =
  | { id: number; record: string; error?: undefined; aborted?: undefined }
  | { id: number; error: string; /** The WASM runtime aborted; the worker exits after answering. */ aborted: boolean; record?: undefined };
