import { z } from 'zod';
import path from 'node:path';
import { AURACOIN_PRICE_FLOOR_EUR_DEFAULT, DEFAULT_BANNED_TERMS, isValidIban, normalizeIban } from '@aura/contracts';
import { FLEXPAY_BRAND_NAMES } from '../payments/flexpay';
import { parsePurchaseLimits } from './purchase-limits';
import { parseRateLimits } from './rate-limits';

/** An unset variable and an empty one mean the same: not given. */
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUnset, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(blankAsUnset, schema.default(fallback as never));

const optionalUrl = optional(z.string().trim().url());
const milliseconds = (fallback: number, max: number) => withDefault(z.coerce.number().int().min(0).max(max), fallback);

/** One RTCIceServer as the browser takes it (STUN or TURN). */
const IceServer = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServer>;

// prefault, not default: zod 4 hands a default back unparsed, and the default here is JSON text
const iceServers = z.preprocess(
  blankAsUnset,
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'ICE_SERVERS must be a JSON list of RTCIceServer' });
        return z.NEVER;
      }
    })
    .pipe(z.array(IceServer))
    .prefault('[]'),
);

const rateLimits = z.preprocess(
  blankAsUnset,
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      const limits = parseRateLimits(text);
      if (!(limits instanceof Error)) return limits;
      ctx.addIssue({ code: 'custom', message: limits.message });
      return z.NEVER;
    }),
);

// issue 38 item 9: velocity limits on card purchases per user
const purchaseLimits = z.preprocess(
  blankAsUnset,
  z
    .string()
    .default('10/1h,5000EUR/24h')
    .transform((text, ctx) => {
      const limits = parsePurchaseLimits(text);
      if (!(limits instanceof Error)) return limits;
      ctx.addIssue({ code: 'custom', message: limits.message });
      return z.NEVER;
    }),
);

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    /** a folder keeping one initdb result of the embedded event store, copied for each new DATA_DIR (tests) */
    PGLITE_INITDB_CACHE: optional(z.string().trim().min(1)),
    ADMIN_USERNAME: z.string().trim().min(3).default('admin'),
    ADMIN_PASSWORD: optional(z.string().min(8)),
    SESSION_SECRET: optional(z.string().min(32)),
    EVENTSTORE_URL: optionalUrl,
    DATABASE_URL: optionalUrl,
    MONGO_URL: optionalUrl,
    MONGO_DB: z.string().default('aura'),
    /** where the read models live: in memory (the embedded default), MongoDB (MONGO_URL) or PostgreSQL (DATABASE_URL); unset: mongo when MONGO_URL is set */
    READ_MODELS: optional(z.enum(['memory', 'mongo', 'postgres'])),
    REDIS_URL: optionalUrl,
    SEED_DEMO: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /** GET /metrics, /livez and /readyz on this port besides the public one (0: any free port); unset: no metrics */
    METRICS_PORT: optional(z.coerce.number().int().min(0).max(65535)),
    /** how long a stopping process waits for the requests in flight (its exit comes within 10 s in all) */
    SHUTDOWN_DRAIN_MS: milliseconds(5_000, 8_000),
    /** behind a TLS-terminating reverse proxy: trust its X-Forwarded-Proto/-Host/-For (never set it without one) */
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /** largest accepted JSON body */
    BODY_LIMIT: z.string().default('1mb'),

    /** payments: the embedded sandbox, Stripe Checkout or Verotel FlexPay, with their keys */
    PAYMENT_PROVIDER: withDefault(z.enum(['sandbox', 'stripe', 'verotel']), 'sandbox'),
    /** Verotel FlexPay (issue 38 item 9): the shop's (website's) id, its FlexPay signature key, and the brand whose host serves the purchase page */
    VEROTEL_SHOP_ID: optional(
      z.string().trim().regex(/^\d+$/, 'VEROTEL_SHOP_ID is the numeric id of the website at Verotel'),
    ),
    VEROTEL_SIGNATURE_KEY: optional(z.string().min(1)),
    VEROTEL_BRAND: withDefault(z.enum(FLEXPAY_BRAND_NAMES), 'Verotel'),
    /** card purchases a user may start (pending or paid) per window: `count/window` and `amountEUR/window`, comma-separated; `off` for none */
    PURCHASE_LIMITS: purchaseLimits,
    STRIPE_SECRET_KEY: optional(z.string().min(1)),
    STRIPE_WEBHOOK_SECRET: optional(z.string().min(1)),
    PUBLIC_URL: optionalUrl,
    /** signing key of the sandbox's own webhooks (generated per process when unset) */
    SANDBOX_WEBHOOK_SECRET: optional(z.string().min(16)),

    /**
     * outgoing mail (reset and confirmation links) through this SMTP server (smtp://user:pass@host:port);
     * unset: each message is an .eml under DATA_DIR/outbox
     */
    SMTP_URL: optionalUrl,
    /** the sender of Aura's mail */
    MAIL_FROM: z.string().trim().min(3).default('Aura <no-reply@aura.local>'),

    /**
     * words refused in show titles, bios and tip-menu items besides the built-in Italian and English
     * ones implying minors or non-consent (contracts' DEFAULT_BANNED_TERMS), comma-separated
     */
    BANNED_TERMS: z
      .string()
      .default('')
      .transform((value) => [
        ...DEFAULT_BANNED_TERMS,
        ...value
          .split(',')
          .map((term) => term.trim())
          .filter(Boolean),
      ]),

    /** how long a performer whose last connection dropped stays online (tests shorten it) */
    PRESENCE_GRACE_MS: milliseconds(60_000, 600_000),
    /** the private-session billing clock: one billed minute (tests shorten it) */
    BILLING_MINUTE_MS: withDefault(z.coerce.number().int().min(1).max(3_600_000), 60_000),
    /** a spy's free start on a private: leaving within it costs nothing (tests shorten it with the minute) */
    SPY_FREE_MS: withDefault(z.coerce.number().int().min(0).max(3_600_000), 10_000),
    /**
     * how long an api replica's share of the presence and viewer counts lives in Redis unless refreshed
     * (a killed replica's sockets leave the counts after it)
     */
    PRESENCE_TTL_MS: withDefault(z.coerce.number().int().min(1_000).max(60_000), 30_000),
    /** how long a dropped session participant may take to come back before the session ends */
    SESSION_RECONNECT_GRACE_MS: milliseconds(30_000, 600_000),
    /** how long a session request waits for the performer's answer */
    SESSION_REQUEST_TIMEOUT_MS: milliseconds(60_000, 600_000),
    /** smallest payout a performer may request, euro */
    PAYOUT_MINIMUM_EUR: withDefault(z.coerce.number().min(0), 50),
    /** no package or offer may sell an auracoin under this, euro, in the worst case (top tier, best offer): issue 38 item 4 */
    AURACOIN_PRICE_FLOOR_EUR: withDefault(z.coerce.number().min(0).max(100), AURACOIN_PRICE_FLOOR_EUR_DEFAULT),
    /** a performer's share is payable this many days after it accrued (the refund and chargeback window); 0 turns the reserve off */
    PAYOUT_RESERVE_DAYS: withDefault(z.coerce.number().int().min(0).max(365), 7),
    /** an admin refunds a session, a paid message or a photo sale within this many hours of it (docs/architecture.md#refunds) */
    REFUND_WINDOW_HOURS: withDefault(
      z.coerce
        .number()
        .min(0)
        .max(24 * 365),
      48,
    ),
    /** how long the TEST MODE payout sandbox takes per transfer, like a bank would (tests widen it) */
    PAYOUT_SANDBOX_LATENCY_MS: milliseconds(0, 60_000),
    /** how performers are paid: the TEST MODE sandbox ledger, or SEPA credit-transfer files for the operator's bank (docs/architecture.md#sepa-payouts) */
    PAYOUT_PROVIDER: withDefault(z.enum(['sandbox', 'sepa']), 'sandbox'),
    /** the operator's account the SEPA files debit: its holder (at most 70 characters), IBAN (checksum checked) and BIC */
    SEPA_DEBTOR_NAME: optional(z.string().trim().min(1).max(70)),
    SEPA_DEBTOR_IBAN: optional(
      z
        .string()
        .trim()
        .refine(isValidIban, { message: 'SEPA_DEBTOR_IBAN is not a valid IBAN (ISO 13616 checksum)' })
        .transform(normalizeIban),
    ),
    SEPA_DEBTOR_BIC: optional(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/, 'SEPA_DEBTOR_BIC is not a BIC (8 or 11 characters)'),
    ),
    /** with SEPA, card payout references go to the TEST MODE sandbox or are reported as needing a manual payment (default: manual in production) */
    SEPA_CARD_PAYOUTS: optional(z.enum(['sandbox', 'manual'])),
    /** RTCIceServer list handed to browsers (JSON); empty: no STUN/TURN, direct connections only */
    ICE_SERVERS: iceServers,
    /** shared secret of a TURN server using time-limited credentials (coturn's use-auth-secret) */
    TURN_SECRET: optional(z.string().min(16)),
    TURN_CREDENTIAL_TTL_SECONDS: withDefault(z.coerce.number().int().min(60).max(600), 600),
    /** the public shows' SFU: werift in this process (the default), or Janus Gateway's VideoRoom (docs/architecture.md#media-path) */
    SFU: withDefault(z.enum(['embedded', 'janus']), 'embedded'),
    /** Janus' WebSocket API (ws:// or wss://), with SFU=janus */
    JANUS_URL: optional(
      z
        .string()
        .trim()
        .regex(/^wss?:\/\/\S+$/, 'JANUS_URL must be a ws:// or wss:// URL'),
    ),
    /** Janus' api_secret, sent with every request */
    JANUS_API_SECRET: optional(z.string().min(16)),
    /** the one IPv4 address the embedded SFU gathers its ICE candidates on (default: every interface); 127.0.0.1 keeps a test's media on loopback */
    SFU_ICE_ADDRESS: optional(z.ipv4('SFU_ICE_ADDRESS must be an IPv4 address')),
    /** how long the embedded SFU waits for RTP from her before it takes her as gone (an encoder that vanished without a DELETE); tests shorten it */
    SFU_PUBLISHER_SILENCE_MS: withDefault(z.coerce.number().int().min(500).max(600_000), 15_000),
    /**
     * viewers a show's room takes on one SFU; past it a viewer reads 'Stanza piena'. Default
     * (SHOW_MAX_VIEWERS_DEFAULT): 200 on Janus, 50 on the embedded SFU (bench/README.md, public shows)
     */
    SHOW_MAX_VIEWERS: optional(z.coerce.number().int().min(1).max(10_000)),

    /** overrides of the rate limits (`register=10/1h,message=30/1m`), or `off` (benches; refused in production): docs/architecture.md#rate-limits */
    RATE_LIMITS: rateLimits,
    /** an admin account name (from any address) with this many failed admin sign-ins in a row is locked */
    ADMIN_LOCK_AFTER_FAILURES: withDefault(z.coerce.number().int().min(1).max(100_000), 5),
    /** a client address with this many failed admin sign-ins (on any names) in a row is locked */
    ADMIN_ADDRESS_LOCK_AFTER_FAILURES: withDefault(z.coerce.number().int().min(1).max(100_000), 10),
    /** admins must enrol a second factor (TOTP) before any other admin action; default: on in production, off otherwise (the embedded demo) */
    ADMIN_MFA_REQUIRED: optional(z.enum(['true', 'false']).transform((value) => value === 'true')),
    /** the key sealing admins' TOTP secrets (AES-256-GCM; any text of 32+ characters, hashed to the key); unset outside production: one kept under DATA_DIR */
    MFA_ENCRYPTION_KEY: optional(z.string().min(32, 'MFA_ENCRYPTION_KEY must have at least 32 characters')),
    /** who checks ages (AGCOM 96/25/CONS; docs/architecture.md#age-verification): the embedded sandbox, Yoti, VerifyMy, or nobody (never in production) */
    AGE_VERIFICATION: withDefault(z.enum(['sandbox', 'verifymy', 'yoti', 'off']), 'sandbox'),
    /** a staging copy in production mode may run the sandbox: every page then shows 'Modalità di prova' */
    AGE_VERIFICATION_SANDBOX_IN_PRODUCTION: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /** Yoti's age verification API: the SDK id and API key from Yoti Hub, its API and user view origins */
    YOTI_SDK_ID: optional(z.string().trim().min(1)),
    YOTI_API_KEY: optional(z.string().min(1)),
    YOTI_API_URL: withDefault(z.string().trim().url(), 'https://age.yoti.com'),
    YOTI_USER_VIEW_URL: withDefault(z.string().trim().url(), 'https://age.yoti.com'),
    /** VerifyMy's age verification (OAuth2): the client id and secret from VerifyMy, its OAuth origin (sandbox: https://oauth.sandbox.verifymyage.com) */
    VERIFYMY_CLIENT_ID: optional(z.string().trim().min(1)),
    VERIFYMY_CLIENT_SECRET: optional(z.string().min(1)),
    VERIFYMY_API_URL: withDefault(z.string().trim().url(), 'https://oauth.verifymyage.com'),
    /** for this long (and the failures are counted over the same span) */
    ADMIN_LOCK_MINUTES: withDefault(
      z.coerce
        .number()
        .min(0.001)
        .max(24 * 60),
      15,
    ),
  })
  .refine((env) => env.RATE_LIMITS !== 'off' || env.NODE_ENV !== 'production', {
    message: 'RATE_LIMITS=off is for benches and tests, never production',
    path: ['RATE_LIMITS'],
  })
  .refine((env) => env.MFA_ENCRYPTION_KEY || env.NODE_ENV !== 'production', {
    message: "production needs MFA_ENCRYPTION_KEY (32+ characters): it seals the admins' TOTP secrets",
    path: ['MFA_ENCRYPTION_KEY'],
  })
  // issue 38 item 7: links in mail never follow a request's Host header, so production names its address
  .refine((env) => env.PUBLIC_URL || env.NODE_ENV !== 'production', {
    message:
      "production needs PUBLIC_URL, the address browsers open (e.g. https://aura.example): the links in mail point there, never at a request's Host header",
    path: ['PUBLIC_URL'],
  })
  .refine((env) => env.AGE_VERIFICATION !== 'off' || env.NODE_ENV !== 'production', {
    message: 'AGE_VERIFICATION=off is refused in production: the law asks a certified check of every session',
    path: ['AGE_VERIFICATION'],
  })
  .refine(
    (env) =>
      env.AGE_VERIFICATION !== 'sandbox' || env.NODE_ENV !== 'production' || env.AGE_VERIFICATION_SANDBOX_IN_PRODUCTION,
    {
      message:
        'AGE_VERIFICATION=sandbox checks nobody: production needs yoti or verifymy (or AGE_VERIFICATION_SANDBOX_IN_PRODUCTION=true for a staging copy)',
      path: ['AGE_VERIFICATION'],
    },
  )
  .refine(
    (env) =>
      env.AGE_VERIFICATION !== 'verifymy' || (env.VERIFYMY_CLIENT_ID && env.VERIFYMY_CLIENT_SECRET && env.PUBLIC_URL),
    {
      message:
        'AGE_VERIFICATION=verifymy needs VERIFYMY_CLIENT_ID, VERIFYMY_CLIENT_SECRET and PUBLIC_URL (where VerifyMy sends the browser back)',
      path: ['AGE_VERIFICATION'],
    },
  )
  .refine((env) => env.AGE_VERIFICATION !== 'yoti' || (env.YOTI_SDK_ID && env.YOTI_API_KEY && env.PUBLIC_URL), {
    message: 'AGE_VERIFICATION=yoti needs YOTI_SDK_ID, YOTI_API_KEY and PUBLIC_URL (where Yoti sends the browser back)',
    path: ['AGE_VERIFICATION'],
  })
  .refine((env) => env.READ_MODELS !== 'postgres' || env.DATABASE_URL, {
    message: 'READ_MODELS=postgres needs DATABASE_URL',
    path: ['READ_MODELS'],
  })
  .refine((env) => env.READ_MODELS !== 'mongo' || env.MONGO_URL, {
    message: 'READ_MODELS=mongo needs MONGO_URL',
    path: ['READ_MODELS'],
  })
  .refine((env) => env.SFU !== 'janus' || env.JANUS_URL, { message: 'SFU=janus needs JANUS_URL', path: ['SFU'] })
  .refine(
    (env) => env.PAYOUT_PROVIDER !== 'sepa' || (env.SEPA_DEBTOR_NAME && env.SEPA_DEBTOR_IBAN && env.SEPA_DEBTOR_BIC),
    {
      message: 'PAYOUT_PROVIDER=sepa needs SEPA_DEBTOR_NAME, SEPA_DEBTOR_IBAN and SEPA_DEBTOR_BIC',
      path: ['PAYOUT_PROVIDER'],
    },
  )
  .refine(
    (env) =>
      env.PAYMENT_PROVIDER !== 'stripe' || (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.PUBLIC_URL),
    {
      message: 'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_URL',
      path: ['PAYMENT_PROVIDER'],
    },
  )
  .refine(
    (env) => env.PAYMENT_PROVIDER !== 'verotel' || (env.VEROTEL_SHOP_ID && env.VEROTEL_SIGNATURE_KEY && env.PUBLIC_URL),
    {
      message: 'PAYMENT_PROVIDER=verotel needs VEROTEL_SHOP_ID, VEROTEL_SIGNATURE_KEY and PUBLIC_URL',
      path: ['PAYMENT_PROVIDER'],
    },
  );

export type Config = Omit<z.infer<typeof ConfigSchema>, 'READ_MODELS' | 'ADMIN_MFA_REQUIRED' | 'SHOW_MAX_VIEWERS'> & {
  READ_MODELS: 'memory' | 'mongo' | 'postgres';
  ADMIN_MFA_REQUIRED: boolean;
  SHOW_MAX_VIEWERS: number;
  /** where links in mail point: PUBLIC_URL (required in production), else http://localhost:PORT; no trailing slash */
  publicUrl: string;
  dataDir: string;
  production: boolean;
};

export class ConfigError extends Error {}

/** A show room's viewer cap when SHOW_MAX_VIEWERS is unset: what each SFU held on this host's bench. */
export const SHOW_MAX_VIEWERS_DEFAULT = { embedded: 50, janus: 200 } as const;

/**
 * Reads and validates the configuration; with nothing set, every adapter is embedded. The only
 * place the environment is read: every role and module gets its settings from the answer.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const readModels = config.READ_MODELS ?? (config.MONGO_URL ? 'mongo' : 'memory');
  const production = config.NODE_ENV === 'production';
  return {
    ...config,
    READ_MODELS: readModels,
    ADMIN_MFA_REQUIRED: config.ADMIN_MFA_REQUIRED ?? production,
    SHOW_MAX_VIEWERS: config.SHOW_MAX_VIEWERS ?? SHOW_MAX_VIEWERS_DEFAULT[config.SFU],
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(config.DATA_DIR),
    production,
  };
}

/** Which adapter each port uses under this configuration. */
export function adapterChoice(config: Config) {
  return {
    eventStore: config.EVENTSTORE_URL ? 'eventstoredb' : config.DATABASE_URL ? 'postgres' : 'pglite',
    readModels: ({ memory: 'memory', mongo: 'mongodb', postgres: 'postgres' } as const)[config.READ_MODELS],
    jobs: config.REDIS_URL ? 'bullmq' : 'in-process',
    realtime: config.REDIS_URL ? 'redis-streams-adapter' : 'single-process',
    payments: config.PAYMENT_PROVIDER,
    sfu: config.SFU,
  } as const;
}
