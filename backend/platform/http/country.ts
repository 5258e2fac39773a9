import type { Context } from 'koa';

/**
 * The visitor's country, as the edge (Cloudflare's `CF-IPCountry`, or a proxy's `X-Country`) sets
 * it. The app must only be reachable through that edge for geoblocking to hold; without the header
 * nothing is hidden. 'XX' and 'T1' (unknown, Tor) count as unknown.
 */
export function requestCountry(ctx: Context): string | undefined {
  const raw = ctx.get('cf-ipcountry') || ctx.get('x-country');
  const code = raw.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : undefined;
}
