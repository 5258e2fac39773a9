/** Machine-readable error codes carried in every problem+json answer. */
export const errorCodes = [
  'validation_failed',
  'malformed_json',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'unauthorized',
  'forbidden',
  'conflict',
  'username_taken',
  'email_taken',
  'invalid_credentials',
  'too_many_requests',
  'concurrency_conflict',
  'insufficient_balance',
  'blocked',
  'conversation_closed',
  'idempotency_key_reused',
  'invalid_signature',
  'service_unavailable',
  'internal_error',
  'performer_busy',
  'performer_offline',
  'session_in_progress',
  'price_changed',
  'mfa_required',
  'mfa_enrollment_required',
  'invalid_token',
  'wallet_frozen',
  'refund_window_closed',
  'room_identity_taken',
  // issue 38 item 1
  'sale_disputed',
  // issue 38 item 9
  'purchase_limit',
  // issue 38 item 6
  'rating_not_allowed',
  // issue 38 item 4
  'price_below_floor',
  // issue 39 items 4-5
  'same_admin',
  'banned_terms',
  // issue 39 item 1-2
  'age_verification_required',
  'age_verification_failed',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * What a person reads for each code, in Italian. The UI words a refusal from its `code` (and its
 * field `errors`' paths), never from the server's `error` text, which is meant for logs and API
 * clients. A call site may say it more precisely (e.g. which file format an upload accepts).
 */
export const errorMessages: Record<ErrorCode, string> = {
  validation_failed: 'Alcuni dati non sono validi: controlla i campi e riprova.',
  malformed_json: 'Richiesta non valida: ricarica la pagina e riprova.',
  payload_too_large: 'Il file non può superare 10MB',
  unsupported_media_type: 'Formato non valido',
  not_found: 'Non trovato: potrebbe essere stato eliminato.',
  unauthorized: 'Sessione scaduta: accedi di nuovo.',
  forbidden: 'Non hai i permessi per questa operazione.',
  conflict: "L'operazione non è possibile in questo stato: aggiorna la pagina e riprova.",
  username_taken: 'Username già in uso',
  email_taken: 'Email già registrata',
  invalid_credentials: 'Credenziali non valide',
  too_many_requests: 'Troppi tentativi, riprova più tardi',
  concurrency_conflict: 'I dati sono cambiati nel frattempo: riprova.',
  insufficient_balance: 'Saldo auracoin insufficiente',
  blocked: 'Questa performer ti ha bloccato: non puoi più scriverle né avviare sessioni con lei.',
  conversation_closed: "Questa conversazione è chiusa: l'identità o l'account non esiste più.",
  idempotency_key_reused: 'Richiesta già inviata: aggiorna la pagina e riprova.',
  invalid_signature: 'Firma non valida.',
  service_unavailable: 'Il servizio è occupato, riprova tra poco',
  internal_error: 'Si è verificato un errore: riprova tra poco.',
  performer_busy: 'La performer è in privato: riprova tra qualche minuto.',
  performer_offline: 'La performer non è online in questo momento.',
  session_in_progress: 'Hai già una sessione video in corso o in attesa di risposta.',
  /** the UI says `priceChangedMessage(currentPrice)` ('Il prezzo è cambiato: ora N auracoin') from the answer's `currentPrice` */
  price_changed: 'Il prezzo è cambiato: controlla il nuovo prezzo e conferma.',
  mfa_required: 'Questa operazione richiede il codice di verifica a due fattori',
  mfa_enrollment_required: 'Attiva la verifica a due fattori prima di usare la console di amministrazione',
  invalid_token: 'Il link non è valido o è scaduto: chiedine uno nuovo.',
  wallet_frozen:
    'Il tuo portafoglio è bloccato per una contestazione del pagamento in corso: non puoi spendere auracoin finché non si chiude.',
  refund_window_closed: 'Il periodo per il rimborso di questa vendita è scaduto.',
  room_identity_taken: 'In questa stanza hai già scelto come presentarti',
  sale_disputed:
    'Questa vendita è stata pagata con un acquisto di auracoin contestato o stornato con la carta: non si può rimborsare.',
  purchase_limit: 'Hai raggiunto il limite di acquisti consentito: riprova più tardi.',
  rating_not_allowed:
    'Puoi valutare solo una sessione privata conclusa in cui hai speso auracoin acquistati: le sessioni pagate con auracoin omaggio non si valutano.',
  price_below_floor: 'Prezzo troppo basso: un auracoin costerebbe meno del minimo consentito.',
  same_admin: 'Il ricorso va deciso da un amministratore diverso da chi ha preso la decisione',
  banned_terms:
    'Il testo contiene termini non ammessi (riferimenti a minori o ad atti non consensuali): modificalo e riprova.',
  age_verification_required: 'Per vedere questi contenuti devi prima verificare la tua età.',
  age_verification_failed: "La verifica dell'età non è riuscita o è scaduta: riprova.",
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}
