import type { LanguageId } from './languages';
import type { FileRecord } from './records';

/** Messages between ParsePool (main thread) and parse-worker.ts. Plain data: they cross by structured clone. */
export interface ParseRequest {
  id: number;
  lang: LanguageId;
  /** The text to parse: a file the caller read (and hashed), or an unsaved editor buffer. */
  text: string;
}

export type ParseResponse =
  | { id: number; record: FileRecord; error?: undefined; aborted?: undefined }
  | { id: number; error: string; /** The WASM runtime aborted; the worker exits after answering. */ aborted: boolean; record?: undefined };
