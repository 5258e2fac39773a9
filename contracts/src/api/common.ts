import { z } from 'zod';

export const IdParam = z.object({ id: z.string().uuid() });

export const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  adapters: z.record(
    z.string(),
    z.object({ adapter: z.string(), ok: z.boolean(), detail: z.string().optional() }),
  ),
});
export type Health = z.infer<typeof Health>;
