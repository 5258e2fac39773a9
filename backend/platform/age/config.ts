import type { Config } from '../config/config';
import type { AgeVerifier } from './port';
import { createSandboxAgeVerifier } from './sandbox';
import { createVerifyMyAgeVerifier } from './verifymy';
import { createYotiAgeVerifier } from './yoti';

export type AgeSettings = Pick<
  Config,
  | 'AGE_VERIFICATION'
  | 'YOTI_SDK_ID'
  | 'YOTI_API_KEY'
  | 'YOTI_API_URL'
  | 'YOTI_USER_VIEW_URL'
  | 'VERIFYMY_CLIENT_ID'
  | 'VERIFYMY_CLIENT_SECRET'
  | 'VERIFYMY_API_URL'
>;

/**
 * Which age verifier runs, from the validated configuration (the config refuses `off` in
 * production, `sandbox` there without AGE_VERIFICATION_SANDBOX_IN_PRODUCTION=true, yoti or verifymy
 * without their keys): none when `off`. `secret` seeds the sandbox's Ed25519 key.
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
      return createVerifyMyAgeVerifier({
        clientId: config.VERIFYMY_CLIENT_ID!,
        clientSecret: config.VERIFYMY_CLIENT_SECRET!,
        apiUrl: config.VERIFYMY_API_URL,
      });
    default:
      return createSandboxAgeVerifier({ secret });
  }
}
