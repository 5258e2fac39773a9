import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed webhooks, Stripe style: header `t=<unix seconds>,v1=<hex hmac-sha256 of "<t>.<raw body>">`.
 * A signature is accepted when one v1 matches and the timestamp is within the tolerance window
 * (default 300 s) of now, so a captured webhook cannot be replayed later.
 */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export function computeSignature(payload: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** The header a provider sends for `payload` at `now` (also used by the sandbox and by tests). */
export function signatureHeader(payload: string, secret: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${computeSignature(payload, secret, timestamp)}`;
}

/** Throws WebhookSignatureError unless `header` signs `payload` with `secret` within the tolerance. */
export function verifySignature(
  payload: string,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookSignatureError('Missing signature header');
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) throw new WebhookSignatureError('Malformed signature header');
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds)
    throw new WebhookSignatureError('Signature timestamp outside the tolerance window');
  const expected = Buffer.from(computeSignature(payload, secret, timestamp), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('Signature does not match');
}
