import { z } from 'zod';
import path from 'node:path';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.string().url().optional())
  .optional();

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  ADMIN_USERNAME: z.string().trim().min(3).default('admin'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  EVENTSTORE_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  MONGO_URL: optionalUrl,
  MONGO_DB: z.string().default('aura'),
  REDIS_URL: optionalUrl,
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** largest accepted JSON body */
  BODY_LIMIT: z.string().default('1mb'),
});

export type Config = z.infer<typeof ConfigSchema> & { dataDir: string; production: boolean };

export class ConfigError extends Error {}

/** Reads and validates the configuration; with nothing set, every adapter is embedded. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  return { ...config, dataDir: path.resolve(config.DATA_DIR), production: config.NODE_ENV === 'production' };
}

/** Which adapter each port uses under this configuration. */
export function adapterChoice(config: Config) {
  return {
    eventStore: config.EVENTSTORE_URL ? 'eventstoredb' : config.DATABASE_URL ? 'postgres' : 'pglite',
    readModels: config.MONGO_URL ? 'mongodb' : 'memory',
    jobs: config.REDIS_URL ? 'bullmq' : 'in-process',
    realtime: config.REDIS_URL ? 'redis-adapter' : 'single-process',
  } as const;
}
