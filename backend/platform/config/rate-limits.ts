/**
 * The rate limits and their defaults (docs/architecture.md#rate-limits): each is at most `max` hits
 * within any `windowMs` (a sliding window), counted per the key named beside it. `RATE_LIMITS`
 * overrides some (`message=10/1m,register=3/1h`) or turns them all off (`off`, benches only).
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface Limit {
  max: number;
  windowMs: number;
}

export const defaultRateLimits = {
  /** accounts registered (users and performers together) per client address */
  register: { max: 10, windowMs: HOUR },
  /** sign-ins (users, performers, admins) per client address */
  signIn: { max: 60, windowMs: 15 * MINUTE },
  /** sign-ins per client address and account name */
  signInAccount: { max: 10, windowMs: 15 * MINUTE },
  /** conversations started per user */
  conversation: { max: 30, windowMs: 10 * MINUTE },
  /** messages per sending identity (user, alias or performer) and conversation */
  message: { max: 30, windowMs: MINUTE },
  /** messages per account, over all its conversations */
  messageAccount: { max: 60, windowMs: MINUTE },
  /** 'sta scrivendo…' signals per account and conversation (over the limit: dropped silently) */
  typing: { max: 90, windowMs: MINUTE },
  /** private-session requests per user (each rings a performer) */
  sessionRequest: { max: 10, windowMs: 10 * MINUTE },
  /** private-session requests a user cancels (ending one still ringing); ending a running session is never limited */
  sessionCancel: { max: 20, windowMs: 10 * MINUTE },
  /** photo purchases per user */
  photoPurchase: { max: 30, windowMs: 10 * MINUTE },
  /** room-chat lines of a public show per account and show */
  showMessage: { max: 20, windowMs: MINUTE },
  /** tips per user (over every show) */
  showTip: { max: 60, windowMs: MINUTE },
  /** reset links and email-change links asked for, per client address */
  accountMail: { max: 20, windowMs: 15 * MINUTE },
  /** file uploads (documents, photos) per client address */
  upload: { max: 60, windowMs: 15 * MINUTE },
  /** second-factor codes an admin tries (confirming enrolment, signing money actions), per admin */
  mfaCode: { max: 20, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

export type LimitName = keyof typeof defaultRateLimits;
export type RateLimits = Record<LimitName, Limit> | 'off';

const UNITS: Record<string, number> = { ms: 1, s: SECOND, m: MINUTE, h: HOUR };
const ENTRY = /^(\w+)=(\d+)\/(\d+)(ms|s|m|h)$/;

/** `off`, or overrides of the defaults as `name=max/window` (window in ms, s, m or h), comma-separated; an error names what is wrong. */
export function parseRateLimits(text: string | undefined): RateLimits | Error {
  if (text?.trim() === 'off') return 'off';
  const limits: Record<LimitName, Limit> = { ...defaultRateLimits };
  for (const entry of (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = ENTRY.exec(entry);
    if (!match) return new Error(`"${entry}" is not name=max/window (e.g. message=30/1m)`);
    const [, name, max, amount, unit] = match;
    if (!Object.hasOwn(defaultRateLimits, name!))
      return new Error(`no rate limit is named "${name}" (${Object.keys(defaultRateLimits).join(', ')})`);
    const windowMs = Number(amount) * UNITS[unit!]!;
    if (Number(max) < 1 || windowMs < 1) return new Error(`"${entry}": max and window must be at least 1`);
    limits[name as LimitName] = { max: Number(max), windowMs };
  }
  return limits;
}
