import { createHash, randomUUID } from 'node:crypto';

export const newId = () => randomUUID();

const NAMESPACE = Buffer.from('6f1c2a4e9b8d4c3aa1f05e7d2b9c8a11', 'hex');

/**
 * RFC 4122 version-5 uuid of `name`: the same name always gives the same id, which makes an
 * append that may run twice (a retried reaction) idempotent by event id.
 */
export function deterministicId(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  return uuidFromHex(hash.subarray(0, 16).toString('hex'));
}

/** 32 hex digits as a uuid in its usual form (8-4-4-4-12). */
export function uuidFromHex(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
