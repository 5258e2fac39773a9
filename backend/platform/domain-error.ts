import type { ErrorCode, ProblemExtras } from '@aura/contracts';

/** A decider refused a command; the HTTP error handler maps the code to a status (and `extras` into the problem). */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extras?: ProblemExtras,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const statusOfDomainCode: Partial<Record<ErrorCode, number>> = {
  validation_failed: 400,
  insufficient_balance: 400,
  invalid_credentials: 401,
  unauthorized: 401,
  forbidden: 403,
  blocked: 403,
  conversation_closed: 409,
  not_found: 404,
  conflict: 409,
  username_taken: 409,
  email_taken: 409,
  concurrency_conflict: 409,
  idempotency_key_reused: 422,
  invalid_signature: 400,
  service_unavailable: 503,
  performer_busy: 409,
  performer_offline: 409,
  session_in_progress: 409,
  price_changed: 409,
  mfa_required: 403,
  mfa_enrollment_required: 403,
  invalid_token: 400,
  wallet_frozen: 403,
  refund_window_closed: 422,
  room_identity_taken: 409,
  sale_disputed: 409,
  purchase_limit: 429,
  // issue 38 item 6
  rating_not_allowed: 403,
  // issue 38 item 4
  price_below_floor: 400,
  same_admin: 409,
  banned_terms: 400,
};
