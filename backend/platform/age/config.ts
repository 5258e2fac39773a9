import type { Config } from '../config/config';
import type { AgeVerifier } from './port';
import { createSandboxAgeVerifier } from './sandbox';
import { createYotiAgeVerifier } from './yoti';

export type AgeSettings = Pick<
  Config,
  'AGE_VERIFICATION' | 'YOTI_SDK_ID' | 'YOTI_API_KEY' | 'YOTI_API_URL' | 'YOTI_USER_VIEW_URL'
>;

/**
 * Which age verifier runs, from the validated configuration (the config refuses `off` in
 * production, `sandbox` there without AGE_VERIFICATION_SANDBOX_IN_PRODUCTION=true, yoti without its
 * keys): none when `off`. `secret` seeds the sandbox's Ed25519 key.
 */
export function ageVerifierFrom(config: AgeSettings, secret: string): AgeVerifier | undefined {
  switch (config.AGE_VERIFICATION) {
    case 'off':
      return undefined;
    case 'yoti':
      return createYotiAgeVerifier({
        sdkId: config.YOTI_SDK_ID!,
        apiKey: config.YOTI_API_KEY!,
        apiUrl: config.YOTI_API_URL,
        userViewUrl: config.YOTI_USER_VIEW_URL,
      });
    case 'verifymy':
      // refused by the configuration: no VerifyMy adapter is built yet
      throw new Error('AGE_VERIFICATION=verifymy has no adapter yet');
    default:
      return createSandboxAgeVerifier({ secret });
  }
}
