/**
 * The identity (alias id, or null for his real name) a user last chose with each performer, on this
 * browser (docs/product.md#alias-chooser): 'Chi vuoi essere oggi?' starts from it.
 */
const key = (userId: string) => `aura.lastIdentity.${userId}`;

function readAll(userId: string): Record<string, string | null> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key(userId)) ?? '{}');
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, string | null>) : {};
  } catch {
    return {};
  }
}

/** The alias id he last used with her, null for his real name, undefined when none is remembered. */
export function lastIdentityWith(userId: string, performerId: string): string | null | undefined {
  const all = readAll(userId);
  return performerId in all ? (all[performerId] ?? null) : undefined;
}

export function rememberIdentityWith(userId: string, performerId: string, aliasId: string | null): void {
  try {
    window.localStorage.setItem(key(userId), JSON.stringify({ ...readAll(userId), [performerId]: aliasId }));
  } catch {
    // storage refused: the conversations still tell (see AliasChooser)
  }
}
