import { errorCode } from './api-client';

/**
 * An admin's second factor on the client (docs/architecture.md#admin-mfa): a money action the
 * server refuses with 403 `mfa_required` asks her for a code (the console's prompt registers
 * here) and is sent again with it; a wrong code (403 `mfa_code_refused`) asks again, cancelling
 * gives the refusal back.
 */
export type CodePrompt = (attempt: { retry: boolean }) => Promise<string | null>;

let prompt: CodePrompt | null = null;

/** The console's code dialog; answers the function that unregisters it. */
export function setSecondFactorPrompt(next: CodePrompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

export async function withSecondFactor<T>(send: (code?: string) => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (errorCode(error) !== 'mfa_required' || !prompt) throw error;
    let refusal: unknown = error;
    for (let retry = false; ; retry = true) {
      const code = await prompt({ retry });
      if (code === null) throw refusal;
      try {
        return await send(code);
      } catch (again) {
        const refused = errorCode(again);
        if (refused !== 'mfa_required' && refused !== 'mfa_code_refused') throw again;
        refusal = again;
      }
    }
  }
}
