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
export type StoredBody = Partial<Record<BodyField, Buffer>>;

const VALIDATE: Record<BodyField, (value: unknown, rel: string, bounds: BodyBounds) => void> = {
  calls: validateCalls,
  imports: validateImports,
  bindings: validateBindings,
  // Function values are not checked field by field (as before); they must be a list.
  values: (value, rel) => {
    if (!Array.isArray(value)) throw new RecordError(`${rel}: values is not an array`);
  },
};

/** Body fields not read yet, by record: their stored bytes. */
const unread = new WeakMap<object, StoredBody>();

/**
 * `head` (a record without its body fields) with each field of `body` as a property that parses and validates
 * its bytes on first read and then holds the value. A field that fails throws RecordError when read: the signed
 * file held it, so only a bug of ours can write one; the Engine then discards the cache and indexes afresh.
 */
export function withStoredBody(rel: string, head: Omit<FileRecord, BodyField>, body: StoredBody): FileRecord {
  const bounds = bodyBounds(head);
  unread.set(head, { ...body });
  for (const field of BODY_FIELDS) {
    const bytes = body[field];
    if (!bytes) continue;
    Object.defineProperty(head, field, {
      configurable: true,
      enumerable: true,
      get(): unknown {
        let value: unknown;
        try {
          value = JSON.parse(bytes.toString('utf8'));
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
  if (rest) delete rest[field];
  Object.defineProperty(record, field, { value, writable: true, enumerable: true, configurable: true });
}

/** A body field's stored bytes while it has not been read (it is then saved as it is, unparsed). */
export function unreadBody(record: FileRecord, field: BodyField): Buffer | undefined {
  return unread.get(record)?.[field];
}

/** The record's own fields other than the body, read without parsing the body. */
export function recordHead(record: FileRecord): Record<string, unknown> {
  const head: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (!(BODY_FIELDS as readonly string[]).includes(key)) head[key] = (record as unknown as Record<string, unknown>)[key];
  return head;
}
