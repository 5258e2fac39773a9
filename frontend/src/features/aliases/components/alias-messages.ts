import { errorCode } from '../../../lib/api-client';

/** The alias messages (docs/product.md#validation, #errors), in one place. */
export const ALIAS_MESSAGES = {
  created: 'Alias creato!',
  deleted: 'Alias eliminato',
  required: { title: 'Campo obbligatorio', description: "Inserisci un nome per l'alias" },
  lowBalance: { title: 'Saldo insufficiente', description: 'Hai bisogno di 50 auracoin per acquistare un alias' },
  serverLowBalance: 'Saldo auracoin insufficiente',
  createFailed: { title: 'Errore', description: "Impossibile creare l'alias" },
  deleteFailed: "Impossibile eliminare l'alias",
} as const;

/** The toast for a failed creation: the server's `insufficient_balance` reads 'Saldo auracoin insufficiente'. */
export function createFailureToast(error: unknown): { title: string; description?: string } {
  if (errorCode(error) === 'insufficient_balance') return { title: ALIAS_MESSAGES.serverLowBalance };
  return ALIAS_MESSAGES.createFailed;
}
