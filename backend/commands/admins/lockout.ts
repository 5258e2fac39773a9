import type { Context } from 'koa';
import type { Config } from '../../platform/config/config';
import { accountNameOf, tooManyRequests } from '../../platform/http/rate-limit';
import type { KeyValueStore } from '../../platform/kv/port';

/**
 * Admin sign-in lockout (docs/architecture.md#admin-lockout): `ADMIN_LOCK_AFTER_FAILURES` failed
 * sign-ins on one account name (whatever the address), or `ADMIN_ADDRESS_LOCK_AFTER_FAILURES` from
 * one address (whatever the names), lock it for `ADMIN_LOCK_MINUTES`; while locked even the right password is refused, unchecked.
 * Each attempt takes a failure slot before the password is checked (given back on success), so
 * concurrent guesses cannot slip in past the limit.
 */
export function adminLockout(
  kv: KeyValueStore,
  config: Pick<Config, 'ADMIN_LOCK_AFTER_FAILURES' | 'ADMIN_ADDRESS_LOCK_AFTER_FAILURES' | 'ADMIN_LOCK_MINUTES'>,
) {
  const lockMs = Math.round(config.ADMIN_LOCK_MINUTES * 60_000);
  const scopes = (ctx: Context) => [`account:${accountNameOf(ctx)}`, `address:${ctx.ip}`];
  const thresholds = [config.ADMIN_LOCK_AFTER_FAILURES, config.ADMIN_ADDRESS_LOCK_AFTER_FAILURES];

  return {
    /** runs one sign-in attempt under the lock: `attempt` throws when the credentials are wrong */
    async guard<T>(ctx: Context, attempt: () => Promise<T>): Promise<T> {
      const keys = scopes(ctx);
      const locked = await Promise.all(keys.map((key) => kv.expiresIn(`admin-lock:${key}`)));
      if (Math.max(...locked) > 0) throw tooManyRequests(ctx, Math.max(...locked), 'admin_locked');
      const failures = await Promise.all(keys.map((key) => kv.increment(`admin-failures:${key}`, lockMs)));
      const giveBack = () => Promise.all(keys.map((key) => kv.decrement(`admin-failures:${key}`)));
      if (failures.some((count, index) => count > thresholds[index]!)) {
        await giveBack();
        throw tooManyRequests(ctx, lockMs, 'admin_locked');
      }
      try {
        const result = await attempt();
        await kv.remove(`admin-failures:${keys[0]}`);
        await kv.decrement(`admin-failures:${keys[1]}`);
        return result;
      } catch (error) {
        await Promise.all(
          keys.map(async (key, index) => {
            if (failures[index]! >= thresholds[index]!) await kv.put(`admin-lock:${key}`, lockMs);
          }),
        );
        throw error;
      }
    },
  };
}
