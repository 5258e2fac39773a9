import { z } from 'zod';

/** Who a signed session cookie says the caller is. */
export const Principal = z.object({
  /** session id, revocable */
  sid: z.string(),
  /** the account id */
  sub: z.string(),
  kind: z.enum(['user', 'performer', 'admin']),
  /** expiry, epoch ms */
  exp: z.number(),
});
export type Principal = z.infer<typeof Principal>;
