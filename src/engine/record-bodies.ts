import * as zlib from 'node:zlib';
import { errorMessage } from '../common/errors';
import type { FileRecord } from '../index/records';
import { type BodyBounds, bodyBounds, RecordError, validateBindings, validateCalls, validateImports } from './record-validation';

/**
 * A stored record's body — its calls, imports, bindings and function values, more than half of the index's
 * bytes — is kept as the bytes it was stored as and parsed (and validated) per file and per field when first
 * read: a warm start restores the graph from its link snapshot and needs only the symbols, and an edit reads the
 * bodies of the files it re-links. Until read, a body is written back as the same bytes (store.ts).
 */
export const BODY_FIELDS = ['calls', 'imports', 'bindings', 'values'] as const;
export type BodyField = (typeof BODY_FIELDS)[number];
/** Where one record's body lies in the stored bodies: the byte range of each field that is present. */
export type StoredBody = Partial<Record<BodyField, [start: number, end: number]>>;

/**
 * Every record's body, as stored: gzipped on its own, so that a warm start gunzips only the head on the main
 * thread. The bodies are gunzipped on libuv's thread pool from the moment they are loaded; the first read
 * before that finishes gunzips them itself.
 */
export class StoredBodies {
  private bytes?: Buffer;
  /** The gzipped bodies (a view of the file's bytes), dropped once gunzipped. */
  private gz?: Buffer;

  constructor(
    gz: Buffer,
    /** Their length when gunzipped, as the signed head says. */
    readonly length: number,
  ) {
    this.gz = gz;
    zlib.gunzip(gz, { chunkSize: this.chunkSize }, (e, out) => {
      if (!e && out.length === length && !this.bytes) this.inflated(out);
    });
  }

  private get chunkSize(): number {
    return Math.max(this.length + 1, zlib.constants.Z_MIN_CHUNK);
  }

  private inflated(out: Buffer): Buffer {
    this.gz = undefined;
    return (this.bytes = out);
  }

  /** Bytes start..end of the gunzipped bodies. */
  slice(start: number, end: number): Buffer {
    return (this.bytes ?? this.inflated(this.gunzipNow())).subarray(start, end);
  }

  private gunzipNow(): Buffer {
    let out: Buffer;
    try {
      out = zlib.gunzipSync(this.gz!, { chunkSize: this.chunkSize });
    } catch (e) {
      throw new RecordError(`the record bodies cannot be read (${errorMessage(e)})`);
    }
    if (out.length !== this.length) throw new RecordError(`the record bodies are ${out.length} bytes, not ${this.length}`);
    return out;
  }
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

/** Body fields not read yet, by record: where their bytes are. */
const unread = new WeakMap<object, { bodies: StoredBodies; body: StoredBody }>();

/**
 * `head` (a record without its body fields) with each field of `body` as a property that parses and validates
 * its bytes on first read and then holds the value. A field that fails throws RecordError when read: the signed
 * file held it, so only a bug of ours can write one; the Engine then discards the cache and indexes afresh.
 */
export function withStoredBody(rel: string, head: Omit<FileRecord, BodyField>, bodies: StoredBodies, body: StoredBody): FileRecord {
  const bounds = bodyBounds(head);
  unread.set(head, { bodies, body: { ...body } });
  for (const field of BODY_FIELDS) {
    const range = body[field];
    if (!range) continue;
    Object.defineProperty(head, field, {
      configurable: true,
      enumerable: true,
      get(): unknown {
        let value: unknown;
        try {
          value = JSON.parse(bodies.slice(...range).toString('utf8'));
        } catch (e) {
          throw new RecordError(`${rel} ${field}: ${errorMessage(e)}`);
        }
        VALIDATE[field](value, rel, bounds);
        settle(head, field, value);
        return value;
      },
      set(value: unknown) {
        settle(head, field, value);
      },
    });
  }
  return head as FileRecord;
}

function settle(record: object, field: BodyField, value: unknown): void {
  const rest = unread.get(record);
  if (rest) delete rest.body[field];
  Object.defineProperty(record, field, { value, writable: true, enumerable: true, configurable: true });
}

/** A body field's stored bytes while it has not been read (it is then saved as it is, unparsed). */
export function unreadBody(record: FileRecord, field: BodyField): Buffer | undefined {
  const stored = unread.get(record);
  const range = stored?.body[field];
  return range && stored.bodies.slice(...range);
}

/** The record's own fields other than the body, read without parsing the body. */
export function recordHead(record: FileRecord): Record<string, unknown> {
  const head: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (!(BODY_FIELDS as readonly string[]).includes(key)) head[key] = Reflect.get(record, key);
  return head;
}
