import { z } from 'zod';

/** Machine-readable error codes carried in every problem+json answer. */
export const errorCodes = [
  'validation_failed',
  'malformed_json',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'unauthorized',
  'forbidden',
  'conflict',
  'username_taken',
  'email_taken',
  'invalid_credentials',
  'too_many_requests',
  'concurrency_conflict',
  'insufficient_balance',
  'idempotency_key_reused',
  'invalid_signature',
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** RFC 9457 problem details, as every 4xx/5xx answer of the API is shaped. */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.enum(errorCodes),
  /** the plain message (also in `detail`); the UI shows it */
  error: z.string(),
  instance: z.string().optional(),
  requestId: z.string().optional(),
  /** per-field messages when validation failed */
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof Problem>;
