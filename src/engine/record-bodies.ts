import * as zlib from 'node:zlib';
import { errorMessage } from '../common/errors';
import type { FileRecord } from '../index/records';
import { type BodyBounds, bodyBounds, RecordError, validateBindings, validateCalls, validateImports } from './record-validation';

/**
 * A stored record's body — its calls, imports, bindings and function values, more than half of the index's
 * bytes — is kept as the bytes it was stored as (deflated, one blob per file) and inflated, parsed and validated
 * per file and field when first read: a warm start restores the graph from its link snapshot and needs only the
 * symbols, and an edit reads the bodies of the files it re-links. Until read, a file's body is written back as the
 * same blob (store.ts).
 */
export const BODY_FIELDS = ['calls', 'imports', 'bindings', 'values'] as const;
export type BodyField = (typeof BODY_FIELDS)[number];

/** Where one file's body lies: its deflated blob, and the inflated length of each field (0: absent). */
export interface StoredBody {
  blob: Buffer;
  lengths: readonly number[];
}

const VALIDATE: Record<BodyField, (value: unknown, rel: string, bounds: BodyBounds) => void> = {
  calls: validateCalls,
  imports: validateImports,
  bindings: validateBindings,
  // Function values are not checked field by field (as before); they must be a list.
  values: (value, rel) => {
    if (!Array.isArray(value)) throw new RecordError(`${rel}: values is not an array`);
  },
};

/** What is left unread of a record's stored body. */
interface Unread {
  body: StoredBody;
  fields: Set<BodyField>;
  /** Some field was read or replaced: the blob no longer stands for the body. */
  touched?: boolean;
  /** The blob inflated, kept while some field is unread. */
  inflated?: Buffer;
}

const unread = new WeakMap<object, Unread>();

/**
 * The fields of the body being deflated are written end to end here, reused from file to file (a body larger than
 * SCRATCH_MAX gets a buffer of its own): a save deflates every file's body, and a buffer per field and their join
 * per file were ~60 MB of dead array buffers after the first save at 1M lines, still unreclaimed when the retrieval
 * indexes were built after it.
 */
const SCRATCH_MAX = 1 << 20;
let scratch = Buffer.allocUnsafe(64 * 1024);
/**
 * zlib's output chunk. Its default (16 kB) is allocated whole for each call, and a body deflates to ~1 kB on
 * average: 16 kB a file was most of a save's garbage. Under 4 kB, Buffer.allocUnsafe takes it from its shared pool;
 * a larger output is made of several chunks and joined. The bytes are the same whatever the chunk.
 */
const OUT_CHUNK = 2048;

/** One file's body fields as one deflated blob (what `withStoredBody` reads): fields as JSON text or stored bytes. */
export function deflateBody(fields: readonly (string | Buffer)[]): Buffer {
  let size = 0;
  for (const f of fields) size += typeof f === 'string' ? Buffer.byteLength(f, 'utf8') : f.length;
  if (size > scratch.length && size <= SCRATCH_MAX) scratch = Buffer.allocUnsafe(Math.min(SCRATCH_MAX, Math.max(size, scratch.length * 2)));
  const into = size <= scratch.length ? scratch : Buffer.allocUnsafe(size);
  let at = 0;
  for (const f of fields) at += typeof f === 'string' ? into.write(f, at, 'utf8') : f.copy(into, at);
  return zlib.deflateRawSync(into.subarray(0, at), { level: zlib.constants.Z_BEST_SPEED, chunkSize: OUT_CHUNK });
}

/**
 * `head` (a record without its body fields) with each field of `body` as a property that parses and validates
 * its bytes on first read and then holds the value. A field that fails throws RecordError when read: the signed
 * file held it, so only a bug of ours can write one; the Engine then discards the cache and indexes afresh.
 */
export function withStoredBody(rel: string, head: Omit<FileRecord, BodyField>, body: StoredBody): FileRecord {
  const bounds = bodyBounds(head);
  const state: Unread = { body, fields: new Set() };
  unread.set(head, state);
  BODY_FIELDS.forEach((field, i) => {
    if (body.lengths[i] === 0) return;
    state.fields.add(field);
    Object.defineProperty(head, field, {
      configurable: true,
      enumerable: true,
      get(): unknown {
        let value: unknown;
        try {
          value = JSON.parse(fieldBytes(rel, state, field).toString('utf8'));
        } catch (e) {
          throw e instanceof RecordError ? e : new RecordError(`${rel} ${field}: ${errorMessage(e)}`);
        }
        VALIDATE[field](value, rel, bounds);
        settle(head, field, value);
        return value;
      },
      set(value: unknown) {
        settle(head, field, value);
      },
    });
  });
  return head as FileRecord;
}

function fieldBytes(rel: string, state: Unread, field: BodyField): Buffer {
  const { blob, lengths } = state.body;
  if (!state.inflated) {
    let out: Buffer;
    try {
      out = zlib.inflateRawSync(blob);
    } catch (e) {
      throw new RecordError(`${rel}: its body cannot be read (${errorMessage(e)})`);
    }
    const expected = lengths.reduce((a, b) => a + b, 0);
    if (out.length !== expected) throw new RecordError(`${rel}: its body is ${out.length} bytes, not ${expected}`);
    state.inflated = out;
  }
  const i = BODY_FIELDS.indexOf(field);
  const start = lengths.slice(0, i).reduce((a, b) => a + b, 0);
  return state.inflated.subarray(start, start + lengths[i]);
}

function settle(record: object, field: BodyField, value: unknown): void {
  const state = unread.get(record);
  if (state) {
    state.touched = true;
    state.fields.delete(field);
    if (state.fields.size === 0) unread.delete(record);
  }
  Object.defineProperty(record, field, { value, writable: true, enumerable: true, configurable: true });
}

/** The stored body of a record none of whose body fields was read or replaced (it is then saved as it is). */
export function untouchedBody(record: FileRecord): StoredBody | undefined {
  const state = unread.get(record);
  return state && !state.touched ? state.body : undefined;
}

/** A body field's stored bytes while it has not been read. */
export function unreadBody(rel: string, record: FileRecord, field: BodyField): Buffer | undefined {
  const state = unread.get(record);
  return state?.fields.has(field) ? fieldBytes(rel, state, field) : undefined;
}

/** The record's own fields other than the body, read without parsing the body. */
export function recordHead(record: FileRecord): Record<string, unknown> {
  const head: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (!(BODY_FIELDS as readonly string[]).includes(key)) head[key] = Reflect.get(record, key);
  return head;
}
