import { z } from 'zod';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

/**
 * Age verification (AGCOM delibera 96/25/CONS, issue 39 items 1–2; docs/architecture.md#age-verification):
 * a certified provider checks the person's age and sends back only "over 18", a nonce bound to this
 * browser and an expiry; Aura keeps `{session, provider, verifiedAt, expiresAt}` for at most 24 h.
 */

/** where to come back after the check: a path of this site only (never another origin) */
export const ReturnTo = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, 'returnTo must be a path of this site')
  .default('/');

export const StartAgeVerificationBody = z.object({ returnTo: ReturnTo.optional() }).default({});
export const AgeVerificationRedirect = z.object({ redirectUrl: z.string() });

export const AgeVerificationStatus = z.object({
  /** a valid proof for this browser session (or a performer or admin, whose documents prove their age) */
  verified: z.boolean(),
  expiresAt: z.string().datetime().nullable(),
  /** which provider checks ages: sandbox, verifymy, yoti, off */
  provider: z.string(),
  /** the sandbox runs where real people come (a staging copy): every page shows 'Modalità di prova' */
  testMode: z.boolean(),
});
export type AgeVerificationStatus = z.infer<typeof AgeVerificationStatus>;

/** what the provider sends back to the callback: the sandbox's signed assertion (Yoti's result is fetched server-side) */
export const AgeVerificationCallbackQuery = z.object({ assertion: z.string().max(4_000).optional() });
export const SandboxCheckQuery = z.object({ nonce: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/) });

/**
 * The routes that show adult content: without a valid proof they answer 403 `age_verification_required`
 * (mountRoute reads this list). Performers and admins signed in as such are not asked.
 */
export const adultOnlyRoutes: ReadonlySet<string> = new Set(
  [
    apiPaths.listPhotos,
    apiPaths.publicFile,
    // a private session's start and its media (ICE here, signalling on the socket); reading her own
    // session's state and bill is not adult content, and outlives a proof that ends mid-session
    apiPaths.requestSession,
    apiPaths.sessionIceConfig,
    apiPaths.startConversation,
    apiPaths.listConversations,
    apiPaths.listMessages,
    apiPaths.sendMessage,
    apiPaths.listShowMessages,
    apiPaths.postShowMessage,
  ].map((route) => `${route.method} ${route.path}`),
);

export const isAdultOnly = (route: { method: string; path: string }) =>
  adultOnlyRoutes.has(`${route.method} ${route.path}`);

export const ageVerificationRoutes = {
  startAgeVerification: {
    ...apiPaths.startAgeVerification,
    summary: "Starts an age check: answers the provider's page to send the browser to (a nonce bound to this browser)",
    tag: 'age-verification',
    refusals: moduleRefusals['age-verification'],
    body: StartAgeVerificationBody,
    response: AgeVerificationRedirect,
  },
  ageVerificationStatus: {
    ...apiPaths.ageVerificationStatus,
    summary: "This browser session's age proof",
    tag: 'age-verification',
    refusals: ['age_verification_failed'],
    response: AgeVerificationStatus,
  },
  ageVerificationCallback: {
    ...apiPaths.ageVerificationCallback,
    summary:
      "The provider's return: checks the assertion (signature, nonce, expiry), keeps the proof, back to returnTo",
    tag: 'age-verification',
    refusals: ['age_verification_failed'],
    query: AgeVerificationCallbackQuery,
    answers: 'redirect',
    response: z.unknown(),
  },
  ageSandboxCheck: {
    ...apiPaths.ageSandboxCheck,
    summary: "The sandbox provider's page ('Modalità di prova'): it receives only the nonce",
    tag: 'age-verification',
    refusals: ['age_verification_failed'],
    query: SandboxCheckQuery,
    answers: 'html',
    response: z.string(),
  },
  ageSandboxConfirm: {
    ...apiPaths.ageSandboxConfirm,
    summary: "The sandbox provider's 'Confermo di avere almeno 18 anni': a signed assertion back to the callback",
    tag: 'age-verification',
    refusals: moduleRefusals['age-verification'],
    query: SandboxCheckQuery,
    answers: 'redirect',
    response: z.unknown(),
  },
  blurredImage: {
    ...apiPaths.blurredImage,
    summary: 'A blurred stand-in for a portrait before the proof (an SVG that holds no pixel of it)',
    tag: 'age-verification',
    refusals: ['age_verification_failed'],
    params: z.object({ key: z.string().regex(/^[a-f0-9]{16}$/) }),
    answers: 'file',
    response: z.unknown(),
  },
} as const satisfies Record<string, RouteContract>;
