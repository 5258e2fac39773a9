import type { Principal } from '../../platform/http/session';

const kinds = ['user', 'performer', 'admin'] as const;

/** A signed-in caller of `kind` for a policy's spec (session id and expiry do not matter there). */
export const principal = (kind: Principal['kind'], sub: string): Principal => ({ kind, sub }) as Principal;

/** A policy rule lets a caller of `allowed` kind through and refuses every other kind: 403 `forbidden`. */
export function expectOnlyKind(rule: (caller: Principal) => void, allowed: Principal['kind'], sub: string) {
  expect(() => rule(principal(allowed, sub))).not.toThrow();
  for (const kind of kinds.filter((kind) => kind !== allowed))
    expect(() => rule(principal(kind, sub))).toThrow(expect.objectContaining({ status: 403, code: 'forbidden' }));
}
