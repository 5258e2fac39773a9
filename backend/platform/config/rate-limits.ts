/**
 * The grammar of `RATE_LIMITS` (docs/architecture.md#rate-limits). The limits themselves are
 * declared where they are counted: the doors every module shares (registration and sign-ins) in
 * `platform/http/rate-limit.ts`, each module's own in its command side (`rateLimits`). Each is at
 * most `max` hits within any `windowMs` (a sliding window). `RATE_LIMITS` overrides some
 * (`message=10/1m,register=3/1h`), all (`*=1000/1s`, then named ones after it), or turns them all
 * off (`off`, benches only); an api process refuses to start on a name no side declares.
 */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

export interface Limit {
  max: number;
  windowMs: number;
}

/** What `RATE_LIMITS` asks: nothing limited, or limits by name (`*`: every limit not named). */
export type RateLimitOverrides = 'off' | Readonly<Record<string, Limit>>;

/** The name that stands for every limit `RATE_LIMITS` does not name. */
export const EVERY_LIMIT = '*';

const UNITS: Record<string, number> = { ms: 1, s: SECOND, m: MINUTE, h: HOUR };
const ENTRY = /^(\w+|\*)=(\d+)\/(\d+)(ms|s|m|h)$/;

/** `off`, or `name=max/window` entries (window in ms, s, m or h), comma-separated; an error names what is wrong. */
export function parseRateLimits(text: string | undefined): RateLimitOverrides | Error {
  if (text?.trim() === 'off') return 'off';
  const overrides: Record<string, Limit> = {};
  for (const entry of (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = ENTRY.exec(entry);
    if (!match) return new Error(`"${entry}" is not name=max/window (e.g. message=30/1m)`);
    const [, name, max, amount, unit] = match;
    const windowMs = Number(amount) * UNITS[unit!]!;
    if (Number(max) < 1 || windowMs < 1) return new Error(`"${entry}": max and window must be at least 1`);
    overrides[name!] = { max: Number(max), windowMs };
  }
  return overrides;
}

/** The limits in force: the declared defaults, then `*`, then the named overrides (only names declared). */
export function limitsInForce<Name extends string>(
  declared: Readonly<Record<Name, Limit>>,
  overrides: RateLimitOverrides,
): Record<Name, Limit> | 'off' {
  if (overrides === 'off') return 'off';
  const every = overrides[EVERY_LIMIT];
  const limits = {} as Record<Name, Limit>;
  for (const name of Object.keys(declared) as Name[])
    limits[name] = (Object.hasOwn(overrides, name) ? overrides[name] : undefined) ?? every ?? declared[name];
  return limits;
}

/** An error naming the overrides no side declares, or undefined when every name is known. */
export function unknownRateLimits(overrides: RateLimitOverrides, declared: readonly string[]): Error | undefined {
  if (overrides === 'off') return undefined;
  const unknown = Object.keys(overrides).filter((name) => name !== EVERY_LIMIT && !declared.includes(name));
  if (unknown.length === 0) return undefined;
  const names = unknown.map((name) => `"${name}"`).join(', ');
  return new Error(`RATE_LIMITS: no rate limit is named ${names} (${[...declared].sort().join(', ')})`);
}
