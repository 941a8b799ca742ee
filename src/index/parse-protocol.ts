import type { LanguageId } from './languages';
import type { FileRecord } from './records';

/** Messages between ParsePool (main thread) and parse-worker.ts. Plain data: they cross by structured clone. */
export interface ParseRequest {
  id: number;
  lang: LanguageId;
  /** The text to parse (an unsaved editor buffer, or a file the caller already read)… */
  text?: string;
  /** …or an absolute path the worker reads itself, so the bytes never cross the main thread. */
  path?: string;
}

export type ParseResponse =
  | { id: number; record: FileRecord; /** sha1 of the text, when the worker read it. */ hash?: string; chars: number; error?: undefined; aborted?: undefined }
  | { id: number; error: string; /** The WASM runtime aborted; the worker exits after answering. */ aborted: boolean; record?: undefined };
