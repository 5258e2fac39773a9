import { doorRateLimits } from '../platform/http/rate-limit';

/**
 * The rate limits every test app (and the browser tests', the API specs' and benches' apps) runs
 * with unless it sets `RATE_LIMITS` itself: so generous that no test registering, messaging or
 * buying as fast as it likes meets one (`*`: every limit). Sign-ins keep their defaults (tests
 * rely on them); the security tests set their own, or `RATE_LIMITS: ''` for the defaults.
 */
export const GENEROUS_RATE_LIMITS = [
  '*=1000000/1s',
  ...(['signIn', 'signInAccount'] as const).map(
    (name) => `${name}=${doorRateLimits[name].max}/${doorRateLimits[name].windowMs}ms`,
  ),
].join(',');
