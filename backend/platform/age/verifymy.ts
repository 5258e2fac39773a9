import { z } from 'zod';
import { AgeVerificationError, type AgeVerifier } from './port';

/**
 * VerifyMy's age verification (VerifyMyAge OAuth2, https://docs.verifymyage.com/docs/adult/oauth2;
 * its PHP SDK verifymyagecouk/verifymyage-oauth names the endpoints): Aura sends the browser to
 * `{api}/authorize?response_type=code&client_id=…&redirect_uri=…&scope=adult&state=…`; VerifyMy
 * returns it to the redirect URI with `code` and `state`, or with `error_reason` when the check
 * failed; Aura's server exchanges the code at `POST {api}/token` (form-encoded, authorization_code
 * grant, its client id and secret) and reads `GET {api}/users/me` with the access token: only
 * `age_verified: true` proves anything. The state is this browser's nonce, nothing else: VerifyMy is
 * told nothing of the person, and what it answers beyond `age_verified` is read by no one and kept
 * nowhere.
 */
export interface VerifyMyOptions {
  clientId: string;
  clientSecret: string;
  /** the OAuth origin (production https://oauth.verifymyage.com, sandbox https://oauth.sandbox.verifymyage.com) */
  apiUrl: string;
  fetch?: typeof fetch;
}

const TokenAnswer = z.object({ access_token: z.string().min(1) });
const UserAnswer = z.object({ age_verified: z.boolean() });

export function createVerifyMyAgeVerifier(options: VerifyMyOptions): AgeVerifier {
  const call = options.fetch ?? fetch;
  const api = options.apiUrl.replace(/\/+$/, '');
  async function exchange(code: string, redirectUri: string): Promise<string> {
    const response = await call(`${api}/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }).toString(),
    });
    // an authorization code is good once (RFC 6749 4.1.2): a second exchange is a replay
    if (response.status === 400)
      throw new AgeVerificationError('replayed', 'VerifyMy refused the authorization code (used or unknown)');
    // 401: Aura's client id or secret is wrong, the operator's fault, not the person's
    if (!response.ok) throw new Error(`VerifyMy's token endpoint failed: ${response.status}`);
    const token = TokenAnswer.safeParse(await response.json());
    if (!token.success) throw new AgeVerificationError('malformed', "VerifyMy's answer is not an access token");
    return token.data.access_token;
  }

  return {
    name: 'verifymy',
    testMode: false,
    async start({ nonce, callbackUrl }) {
      const authorize = new URL(`${api}/authorize`);
      authorize.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: callbackUrl,
        scope: 'adult',
        state: nonce,
      }).toString();
      // the redirect URI is kept with the nonce: the code exchange must repeat it
      return { redirectUrl: authorize.toString(), reference: callbackUrl };
    },
    async complete({ query, nonce, reference }) {
      if (!reference) throw new AgeVerificationError('foreign', 'No VerifyMy check was started in this browser');
      if (query.state !== nonce)
        throw new AgeVerificationError('foreign', 'The VerifyMy answer names another browser session');
      if (query.error_reason || query.error)
        throw new AgeVerificationError(
          'not_over_18',
          `VerifyMy did not confirm over 18 (${query.error_reason ?? query.error})`,
        );
      if (!query.code) throw new AgeVerificationError('malformed', 'The VerifyMy answer holds no code');
      const accessToken = await exchange(query.code, reference);
      const response = await call(`${api}/users/me`, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`VerifyMy's user endpoint failed: ${response.status}`);
      const user = UserAnswer.safeParse(await response.json());
      if (!user.success) throw new AgeVerificationError('malformed', "VerifyMy's answer holds no age_verified");
      if (!user.data.age_verified) throw new AgeVerificationError('not_over_18', 'VerifyMy did not confirm over 18');
      return { over18: true };
    },
  };
}
