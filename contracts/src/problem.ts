import { z } from 'zod';
import { errorCodes } from './errors';

/** RFC 9457 problem details, as every 4xx/5xx answer of the API is shaped. */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.enum(errorCodes),
  /** the server's plain message (also in `detail`), for logs and API clients; the UI words `code` itself */
  error: z.string(),
  instance: z.string().optional(),
  requestId: z.string().optional(),
  /** per-field messages when validation failed; `path` names the field (`body.price`), the UI words it */
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** `price_changed`: her price now, auracoin (docs/product.md#price-seen) */
  currentPrice: z.number().optional(),
  /** `price_below_floor`: what an auracoin would cost at worst, and the floor, euro (`priceBelowFloorMessage` words them) */
  worstEurPerAuracoin: z.number().optional(),
  floorEur: z.number().optional(),
  /** `refund_above_sale`: what is left to refund of the sale, auracoin */
  refundable: z.number().optional(),
});

/** What a refusal may carry besides its code and message. */
export type ProblemExtras = Pick<Problem, 'currentPrice' | 'worstEurPerAuracoin' | 'floorEur' | 'refundable'>;
export type Problem = z.infer<typeof Problem>;
