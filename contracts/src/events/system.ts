import { z } from 'zod';

/** Marks the one-time demo seed, so it never runs twice. */
export const DemoDataSeeded = z.object({ seededAt: z.string(), performers: z.number().int(), packages: z.number().int() });

export const systemEvents = { DemoDataSeeded } as const;
