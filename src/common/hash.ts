import { createHash } from 'node:crypto';

export function contentHash(data: string | Uint8Array): string {
  return createHash('sha1').update(data).digest('hex');
}
