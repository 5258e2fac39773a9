/**
 * The age-verification port (AGCOM delibera 96/25/CONS, "doppio anonimato"): a certified provider
 * checks the person's age; Aura learns only "over 18" and the provider learns only a nonce. Adapters:
 * the embedded sandbox (its own signing key, its own 'Modalità di prova' page), Yoti's age
 * verification API (a session created server-side, its result fetched server-side) and VerifyMy's
 * OAuth2 flow (a code at the callback, the result fetched server-side). Chosen by
 * `AGE_VERIFICATION` (./config.ts); docs/architecture.md#age-verification.
 */
export type AgeProviderName = 'sandbox' | 'verifymy' | 'yoti' | 'off';

export interface AgeCheckStart {
  /** random, bound to this browser by the nonce cookie; the only thing a provider may receive */
  nonce: string;
  /** absolute URL of GET /api/age-verification/callback (a provider on another origin returns there) */
  callbackUrl: string;
}

export interface AgeCheckStarted {
  /** where the browser goes for the check */
  redirectUrl: string;
  /** the provider's own reference of this check (Yoti's session id, VerifyMy's redirect URI), kept with the nonce until the callback */
  reference?: string;
}

export interface AgeCheckReturn {
  /** what came back in the callback's query (the sandbox's `assertion`) */
  query: Record<string, string | undefined>;
  /** the nonce this browser's cookie holds */
  nonce: string;
  /** the provider's reference kept at the start */
  reference?: string;
  nowMs: number;
}

/** What a provider's answer proves: only that the person is over 18, until when the assertion itself holds. */
export interface AgeCheckResult {
  over18: true;
}

export type AgeVerificationFailure = 'malformed' | 'forged' | 'expired' | 'foreign' | 'replayed' | 'not_over_18';

/** The provider's answer does not prove an adult in this browser session: a 4xx, nothing kept. */
export class AgeVerificationError extends Error {
  constructor(
    readonly reason: AgeVerificationFailure,
    message: string,
  ) {
    super(message);
    this.name = 'AgeVerificationError';
  }
}

export interface AgeVerifier {
  readonly name: Exclude<AgeProviderName, 'off'>;
  /** a test provider (the sandbox): where real people come, every page says 'Modalità di prova' */
  readonly testMode: boolean;
  start(request: AgeCheckStart): Promise<AgeCheckStarted>;
  /** checks the provider's answer for this browser's nonce (throws AgeVerificationError) */
  complete(returned: AgeCheckReturn): Promise<AgeCheckResult>;
}
