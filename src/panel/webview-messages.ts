import { MAX_DEPTH, MIN_DEPTH, type WebviewMessage } from './protocol';

/** Longest path the webview may ask to open; real workspace paths are far shorter. */
const MAX_PATH_CHARS = 4096;
/** Above any real file's line count; keeps a hostile number from reaching the editor API. */
const MAX_LINE = 10_000_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/**
 * Checks a message from the webview the way any untrusted input is checked: a webview runs content we
 * render from the workspace, so it gets no more trust than a web page. Returns the message with only the
 * known fields, or undefined for anything else (unknown type, extra shapes, wrong types, out of bounds).
 * Whether an `open` path lies inside the workspace is decided later, against the real file system.
 */
export function parseWebviewMessage(raw: unknown): WebviewMessage | undefined {
  if (!isRecord(raw)) return undefined;
  switch (raw.type) {
    case 'ready':
      return { type: 'ready' };
    case 'open':
      if (typeof raw.file !== 'string' || raw.file.length === 0 || raw.file.length > MAX_PATH_CHARS || raw.file.includes('\0')) return undefined;
      if (!isIntegerIn(raw.line, 1, MAX_LINE)) return undefined;
      return { type: 'open', file: raw.file, line: raw.line };
    case 'rerun':
      if (raw.depth === undefined) return { type: 'rerun' };
      return isIntegerIn(raw.depth, MIN_DEPTH, MAX_DEPTH) ? { type: 'rerun', depth: raw.depth } : undefined;
    default:
      return undefined;
  }
}

/** What a restored panel asks again: the request its webview saved with setState. */
export interface SavedRequest {
  target: string;
  depth: number;
  /** The workspace folder's name, as the panel showed it. */
  workspace: string;
}

/** Longest target a saved state may carry; names, symbol ids and paths are far shorter. */
const MAX_TARGET_CHARS = 4096;

/**
 * Reads the request out of the state VS Code hands back when it restores the panel after a reload. The state
 * was written by the webview (`WebviewState`), so it is checked like any message from it; undefined when it
 * holds no usable request (nothing was shown yet, or the shape is not ours).
 */
export function parseSavedRequest(state: unknown): SavedRequest | undefined {
  if (!isRecord(state) || !isRecord(state.last) || !isRecord(state.last.request)) return undefined;
  const { target, depth, workspace } = state.last.request;
  if (typeof target !== 'string' || target.trim() === '' || target.length > MAX_TARGET_CHARS || target.includes('\0')) return undefined;
  if (!isIntegerIn(depth, MIN_DEPTH, MAX_DEPTH)) return undefined;
  if (typeof workspace !== 'string' || workspace.length > MAX_PATH_CHARS) return undefined;
  return { target, depth, workspace };
}
