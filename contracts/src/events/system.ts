import { z } from 'zod';

/** Marks the one-time demo seed, so it never runs twice (older stores counted performers and packages). */
export const DemoDataSeeded = z.object({
  seededAt: z.string(),
  modules: z.array(z.string()).optional(),
  performers: z.number().int().optional(),
  packages: z.number().int().optional(),
});

export const systemEvents = { DemoDataSeeded } as const;
