import { z } from 'zod';
import { AgeVerificationError, type AgeVerifier } from './port';

/**
 * Yoti's Age Verification API (https://developers.yoti.com/age-verification): Aura creates a
 * session server-side (POST {api}/api/v1/sessions, `Authorization: Bearer <API key>`, `Yoti-SDK-Id`)
 * asking only "OVER 18", sends the browser to Yoti's page (`{userView}?sessionId=…&sdkId=…`), and at
 * the callback fetches the result server-side (GET {api}/api/v1/sessions/{id}/result): only a
 * `COMPLETE` session of type `OVER` with an age of 18 or more proves anything. No reference of the
 * person or of Aura's user is sent (no `reference_id`); what Yoti answers beyond status, type and
 * age is read by no one and kept nowhere.
 */
export interface YotiOptions {
  sdkId: string;
  apiKey: string;
  /** the API's origin (default https://age.yoti.com) */
  apiUrl: string;
  /** the user view's URL (default https://age.yoti.com) */
  userViewUrl: string;
  /** the session's time to live, seconds (Yoti: 60 s to a month; 600 s recommended) */
  ttlSeconds?: number;
  fetch?: typeof fetch;
}

const CreatedSession = z.object({ id: z.string().min(1) });
const SessionResult = z.object({
  status: z.string(),
  type: z.string().optional(),
  age: z.number().optional(),
});

export function createYotiAgeVerifier(options: YotiOptions): AgeVerifier {
  const call = options.fetch ?? fetch;
  const headers = {
    Authorization: `Bearer ${options.apiKey}`,
    'Yoti-SDK-Id': options.sdkId,
    'Content-Type': 'application/json',
  };
  const method = { allowed: true, threshold: 18, level: 'PASSIVE' };
  return {
    name: 'yoti',
    testMode: false,
    async start({ callbackUrl }) {
      const response = await call(`${options.apiUrl}/api/v1/sessions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          type: 'OVER',
          ttl: options.ttlSeconds ?? 600,
          // age estimation's threshold sits above the barrier, as Yoti recommends (a buffer for its error)
          age_estimation: { ...method, threshold: 25 },
          digital_id: method,
          doc_scan: { ...method, authenticity: 'AUTO' },
          callback: { auto: true, url: callbackUrl },
          cancel_url: callbackUrl,
        }),
      });
      if (!response.ok) throw new Error(`Yoti refused to create an age session: ${response.status}`);
      const created = CreatedSession.parse(await response.json());
      const view = new URL(options.userViewUrl);
      view.searchParams.set('sessionId', created.id);
      view.searchParams.set('sdkId', options.sdkId);
      return { redirectUrl: view.toString(), reference: created.id };
    },
    async complete({ reference }) {
      if (!reference) throw new AgeVerificationError('foreign', 'No Yoti session was started in this browser');
      const response = await call(`${options.apiUrl}/api/v1/sessions/${encodeURIComponent(reference)}/result`, {
        headers,
      });
      if (response.status === 404 || response.status === 403)
        throw new AgeVerificationError('foreign', 'Yoti knows no such session for Aura');
      if (!response.ok) throw new Error(`Yoti's session result failed: ${response.status}`);
      const result = SessionResult.safeParse(await response.json());
      if (!result.success) throw new AgeVerificationError('malformed', "Yoti's answer is not a session result");
      const { status, type, age } = result.data;
      if (status === 'EXPIRED') throw new AgeVerificationError('expired', 'The Yoti session has expired');
      if (status !== 'COMPLETE' || type !== 'OVER' || age === undefined || age < 18)
        throw new AgeVerificationError('not_over_18', `Yoti did not confirm over 18 (status ${status})`);
      return { over18: true };
    },
  };
}
