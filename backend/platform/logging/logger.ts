import { pino, stdSerializers, type DestinationStream, type Logger as Pino } from 'pino';
import { logContext } from './context';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
  /** would a line at this level be written? (spares a hot path building fields for nothing) */
  isLevelEnabled?(level: Exclude<LogLevel, 'silent'>): boolean;
}

/** Keys whose values never reach a log line, at any of the first three levels of what is logged. */
const SECRET_KEYS = [
  'cookie',
  'authorization',
  '"set-cookie"',
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'iban',
  'IBAN',
  'secret',
  'credential',
  'turnSecret',
  'webhookSecret',
  'sandboxWebhookSecret',
  'sessionSecret',
  'secretKey',
  'SESSION_SECRET',
  'TURN_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SANDBOX_WEBHOOK_SECRET',
  'ADMIN_PASSWORD',
  // admins' second factor: the TOTP secret and its QR text, recovery codes, the code a request carries
  'otpauthUrl',
  'recoveryCodes',
  'recoveryCodeHashes',
  '"x-mfa-code"',
  'mfaCode',
  'MFA_ENCRYPTION_KEY',
];
const at = (key: string) => (key.startsWith('"') ? `[${key}]` : `.${key}`);
export const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => [
  key.startsWith('"') ? `[${key}]` : key,
  `*${at(key)}`,
  `*.*${at(key)}`,
]);

/** pino-pretty when a developer watches a terminal and has it installed; JSON otherwise (production never loads it). */
function prettyStream(): DestinationStream | undefined {
  if (process.env.NODE_ENV !== 'development' || !process.stderr.isTTY) return undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- optional devDependency, loaded only here
    const pretty = require('pino-pretty') as (options: Record<string, unknown>) => DestinationStream;
    return pretty({ destination: 2, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  } catch {
    return undefined;
  }
}

let stderr: DestinationStream | undefined;
/** One buffered stream on stderr for every logger of the process, flushed when it exits. */
const processStream = () => (stderr ??= prettyStream() ?? pino.destination({ dest: 2, sync: false, minLength: 0 }));

/** Adapts pino (object first) to the port's spelling (message first), so every call site stays as it is. */
function wrap(target: Pino): Logger {
  return {
    debug: (message, fields) => (fields ? target.debug(fields, message) : target.debug(message)),
    info: (message, fields) => (fields ? target.info(fields, message) : target.info(message)),
    warn: (message, fields) => (fields ? target.warn(fields, message) : target.warn(message)),
    error: (message, fields) => (fields ? target.error(fields, message) : target.error(message)),
    child: (fields) => wrap(target.child(fields)),
    isLevelEnabled: (level) => target.isLevelEnabled(level),
  };
}

/**
 * pino JSON lines on stderr (stdout stays for what operators must read, like the admin login), with the
 * request id of the request or job at hand, and secrets redacted. `destination`: tests read the lines.
 */
export function createLogger(
  level: LogLevel = 'info',
  base: Record<string, unknown> = {},
  destination?: DestinationStream,
): Logger {
  const target = pino(
    {
      level,
      base,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { error: stdSerializers.err, err: stdSerializers.err },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      mixin: () => logContext() ?? {},
    },
    destination ?? processStream(),
  );
  return wrap(target);
}
