/**
 * A picture given as a URL in a form is fetched once, by the server, into storage, and served from
 * Aura from then on (`/api/files/public/<id>`): a user's browser never loads an image from a host a
 * performer controls (the CSP allows `img-src 'self' data: blob:` only). The fetch takes https only,
 * connects only to public addresses (each host resolved here and the connection pinned to the
 * checked address, so DNS cannot point it elsewhere in between), checks every redirect the same
 * way, reads at most the upload limit, and keeps what sniffs as an image, without its metadata.
 *
 * The network is a port (`ImageNetwork`): tests, which may send traffic only to loopback (and
 * loopback is refused by the rule), hand in one that answers from memory.
 */
import { lookup } from 'node:dns/promises';
import { request } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { imageContentTypes, MAX_UPLOAD_BYTES, remoteImageMessages } from '@aura/contracts';
import { badRequest } from '../http/errors';
import { FileRejectedError, type FileStorage } from './storage';

export interface ImageNetwork {
  /** every address the host name resolves to */
  resolve(hostname: string): Promise<string[]>;
  /** one GET over TLS to `address` naming `url`'s host (SNI and Host), following no redirect, reading at most `maxBytes` + 1 */
  get(url: URL, address: string, maxBytes: number): Promise<{ status: number; location?: string; body: Uint8Array }>;
}

export type RemoteImageRefusal =
  'https_only' | 'private_address' | 'unreachable' | 'too_large' | 'bad_type' | 'too_many_redirects';

export class RemoteImageRefused extends Error {
  constructor(
    readonly reason: RemoteImageRefusal,
    message: string,
  ) {
    super(message);
  }
}

const refused = (reason: RemoteImageRefusal) => new RemoteImageRefused(reason, remoteImageMessages[reason]);

/** Not the public internet: the same ranges coturn denies (docker/coturn/turnserver.conf). */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

/** Is this an address of the public internet (not loopback, private, shared, link-local, unique-local, multicast or reserved)? */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // IPv4-mapped (::ffff:0:0/96): never a peer of ours. (Not in the BlockList: it would compare IPv4 addresses as mapped ones.)
  if (family === 6 && /^[0:]*:ffff:/i.test(address)) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const MAX_REDIRECTS = 3;

/** Fetches a remote image into public storage; answers its Aura path. */
export function createRemoteImages(network: ImageNetwork, files: FileStorage, maxBytes = MAX_UPLOAD_BYTES) {
  async function download(raw: string): Promise<Uint8Array> {
    let target = raw;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        throw refused('unreachable');
      }
      if (url.protocol !== 'https:') throw refused('https_only');
      if (url.username || url.password) throw refused('unreachable');
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const addresses = isIP(host) ? [host] : await network.resolve(host).catch(() => [] as string[]);
      if (addresses.length === 0) throw refused('unreachable');
      // every address must be public: a name that also points inside is refused
      if (!addresses.every(isPublicAddress)) throw refused('private_address');
      let answer: Awaited<ReturnType<ImageNetwork['get']>>;
      try {
        answer = await network.get(url, addresses[0]!, maxBytes);
      } catch {
        throw refused('unreachable');
      }
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        target = new URL(answer.location, url).toString();
        continue;
      }
      if (answer.status !== 200) throw refused('unreachable');
      if (answer.body.byteLength > maxBytes) throw refused('too_large');
      return answer.body;
    }
    throw refused('too_many_redirects');
  }

  return {
    /** the image at `url`, fetched once and published: its `/api/files/public/<id>` path */
    async store(url: string, owner: string): Promise<string> {
      const bytes = await download(url);
      try {
        const saved = await files.save('public', bytes, {
          allowed: imageContentTypes,
          maxBytes,
          originalName: 'image',
          owner,
        });
        return `/api/files/public/${saved.fileId}`;
      } catch (error) {
        if (!(error instanceof FileRejectedError)) throw error;
        throw refused(error.reason === 'too_large' ? 'too_large' : 'bad_type');
      }
    },
  };
}

export type RemoteImages = ReturnType<typeof createRemoteImages>;

/** A picture field's value as stored: an Aura path as it is, an https URL fetched into storage; nothing else. */
export async function ownedImage(remoteImages: RemoteImages, value: string, owner: string): Promise<string> {
  if (/^\/(?![/\\])[\w\-./]*$/.test(value) && !value.includes('..')) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return remoteImages.store(value, owner);
  throw refused('unreachable');
}

/** The real network: DNS, then TLS to the checked address only, with a timeout. */
export const internetImageNetwork: ImageNetwork = {
  async resolve(hostname) {
    return (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
  },
  get(url, address, maxBytes) {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: address,
          servername: isIP(url.hostname) ? undefined : url.hostname,
          port: url.port || 443,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers: { host: url.host, accept: 'image/*', 'user-agent': 'Aura image fetcher' },
          timeout: 10_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            chunks.push(chunk);
            if (size > maxBytes) {
              res.destroy();
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) });
            }
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end();
    });
  },
};

/** `ownedImage` for a form field: a refusal is a 400 naming the field, in Italian. */
export async function imageField(
  remoteImages: RemoteImages,
  value: string,
  owner: string,
  path: string,
): Promise<string> {
  try {
    return await ownedImage(remoteImages, value, owner);
  } catch (error) {
    if (!(error instanceof RemoteImageRefused)) throw error;
    throw badRequest([{ path, message: error.message }], error.message);
  }
}
