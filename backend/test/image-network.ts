/**
 * The image fetcher's network for tests, answered from memory: tests send traffic only to loopback,
 * and the fetcher refuses loopback. Every host resolves to a public address (nothing is sent to
 * it) and answers a 1×1 PNG, unless a test names other answers.
 */
import type { ImageNetwork } from '../platform/files/remote-image';

export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface MemoryImageNetwork extends ImageNetwork {
  /** every GET asked: the URL and the address it was pinned to */
  asked: { url: string; address: string }[];
}

export function memoryImageNetwork(
  options: {
    addresses?: Record<string, string[]>;
    answers?: Record<string, { status: number; location?: string; body?: Uint8Array }>;
  } = {},
): MemoryImageNetwork {
  const asked: MemoryImageNetwork['asked'] = [];
  return {
    asked,
    async resolve(hostname) {
      return options.addresses?.[hostname] ?? ['93.184.215.14'];
    },
    async get(url, address, maxBytes) {
      asked.push({ url: url.toString(), address });
      const answer: { status: number; location?: string; body?: Uint8Array } = options.answers?.[url.toString()] ?? {
        status: 200,
        body: PNG_1X1,
      };
      const body = answer.body ?? new Uint8Array();
      return { status: answer.status, location: answer.location, body: body.subarray(0, maxBytes + 1) };
    },
  };
}
