import { createHmac } from 'node:crypto';
import { ed25519FromSeed, signAssertion, verifyAssertion } from './assertion';
import { AgeVerificationError, type AgeVerifier } from './port';

/** How long the sandbox's assertion holds between its page and the callback. */
export const SANDBOX_ASSERTION_TTL_SECONDS = 300;

export const SANDBOX_CHECK_PATH = '/api/age-verification/sandbox/check';

/**
 * The embedded age-verification provider (development, the demo, a staging copy): its page at
 * /api/age-verification/sandbox/check, marked 'Modalità di prova', receives only the nonce (never
 * which site asks) and on 'Confermo di avere almeno 18 anni' signs `{over18: true, nonce, exp}`
 * with its own Ed25519 key, which the callback checks like a real provider's. The key's seed is
 * derived from `secret` (the session secret), so every api replica holds the same one.
 */
export function createSandboxAgeVerifier(options: { secret: string }): AgeVerifier & {
  /** the sandbox page's answer: the signed assertion for this nonce */
  confirm(nonce: string, nowMs: number): string;
} {
  const seed = createHmac('sha256', options.secret).update('aura age-verification sandbox key').digest();
  const { privateKey, publicKey } = ed25519FromSeed(seed);
  return {
    name: 'sandbox',
    testMode: true,
    async start({ nonce }) {
      return { redirectUrl: `${SANDBOX_CHECK_PATH}?nonce=${encodeURIComponent(nonce)}` };
    },
    async complete({ query, nonce, nowMs }) {
      if (!query.assertion) throw new AgeVerificationError('malformed', 'No assertion came back');
      verifyAssertion(query.assertion, publicKey, nonce, nowMs);
      return { over18: true };
    },
    confirm(nonce, nowMs) {
      return signAssertion(
        { over18: true, nonce, exp: Math.floor(nowMs / 1000) + SANDBOX_ASSERTION_TTL_SECONDS },
        privateKey,
      );
    },
  };
}

/** The sandbox provider's page: 'Modalità di prova', and one button. */
export function sandboxCheckPage(nonce: string): string {
  const escaped = nonce.replace(/[^A-Za-z0-9_-]/g, '');
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Verifica dell'età · Modalità di prova</title>
<style>body{font-family:system-ui,sans-serif;background:#111;color:#eee;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:28rem;padding:2rem;border:2px dashed #f5a623;border-radius:1rem;text-align:center}
.badge{display:inline-block;background:#f5a623;color:#111;font-weight:700;padding:.25rem .75rem;border-radius:999px}
button{font-size:1.1rem;padding:.8rem 1.4rem;border-radius:.6rem;border:0;background:#e11d74;color:#fff;cursor:pointer;margin-top:1rem}</style>
</head><body><main>
<p class="badge">Modalità di prova</p>
<h1>Verifica dell'età</h1>
<p>Questo verificatore di prova non controlla alcun documento e non sa quale sito lo ha chiamato: firma soltanto che hai almeno 18 anni.</p>
<form method="post" action="${SANDBOX_CHECK_PATH}?nonce=${escaped}">
<button type="submit">Confermo di avere almeno 18 anni</button>
</form>
</main></body></html>`;
}
