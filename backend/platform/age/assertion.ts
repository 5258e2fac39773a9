import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { AgeVerificationError } from './port';

/** What a signed assertion holds: over 18, the nonce it answers, its expiry (epoch seconds). Nothing else. */
export const AgeAssertion = z.strictObject({
  over18: z.literal(true),
  nonce: z.string().min(16).max(128),
  exp: z.number().int().positive(),
});
export type AgeAssertion = z.infer<typeof AgeAssertion>;

/** PKCS#8 prefix of an Ed25519 private key (RFC 8410): the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** An Ed25519 key pair from a 32-byte seed (so every api replica holds the same sandbox key). */
export function ed25519FromSeed(seed: Buffer): { privateKey: KeyObject; publicKey: KeyObject } {
  if (seed.length !== 32) throw new Error('An Ed25519 seed has 32 bytes');
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** `base64url(JSON).base64url(Ed25519 signature of the first part)` */
export function signAssertion(assertion: AgeAssertion, privateKey: KeyObject): string {
  const payload = Buffer.from(JSON.stringify(AgeAssertion.parse(assertion))).toString('base64url');
  return `${payload}.${sign(null, Buffer.from(payload), privateKey).toString('base64url')}`;
}

/**
 * The assertion the token proves for this browser's nonce at `nowMs`: signed by `publicKey`, for
 * this nonce, not expired (throws AgeVerificationError: malformed, forged, foreign, expired).
 */
export function verifyAssertion(token: string, publicKey: KeyObject, nonce: string, nowMs: number): AgeAssertion {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw new AgeVerificationError('malformed', 'Malformed assertion');
  let valid: boolean;
  try {
    valid = verify(null, Buffer.from(payload), publicKey, Buffer.from(signature, 'base64url'));
  } catch {
    valid = false;
  }
  if (!valid) throw new AgeVerificationError('forged', 'The assertion is not signed by the provider');
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new AgeVerificationError('malformed', 'Malformed assertion');
  }
  const assertion = AgeAssertion.safeParse(decoded);
  if (!assertion.success)
    throw new AgeVerificationError('malformed', 'The assertion says nothing but over 18, nonce and expiry');
  if (assertion.data.nonce !== nonce)
    throw new AgeVerificationError('foreign', "The assertion answers another browser session's check");
  if (assertion.data.exp * 1000 <= nowMs) throw new AgeVerificationError('expired', 'The assertion has expired');
  return assertion.data;
}
