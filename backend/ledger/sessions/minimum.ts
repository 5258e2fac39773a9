/**
 * The minimum cannot be dodged (docs/product.md#session-minimum): a user who leaves a running
 * session before its minimum pays the rest of it, whether he ends it, closes the page, or never
 * comes back within the grace period (never opening the session page included). It is waived only
 * when she ends it, she leaves, or she never accepted (a request costs nothing), and the balance
 * running out has already paid it (the hold is the minimum).
 */
export function minimumOwed(reason: string): boolean {
  return reason === 'user_ended' || reason === 'user_disconnected';
}
