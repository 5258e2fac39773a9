/**
 * Every refusal the API gives, one entry each: its HTTP status and what a person reads, in
 * Italian. The problem+json answer carries the code, the status and this text (`error`, `detail`);
 * the UI words a refusal from its `code` (and its field `errors`' paths) with the same text. A
 * backend `DomainError` or `HttpError` names the code only, so no refusal text is written twice.
 */
const refusals = {
  validation_failed: { status: 400, text: 'Alcuni dati non sono validi: controlla i campi e riprova.' },
  malformed_json: { status: 400, text: 'Richiesta non valida: ricarica la pagina e riprova.' },
  payload_too_large: { status: 413, text: 'Il file non può superare 10MB' },
  unsupported_media_type: { status: 415, text: 'Formato non valido' },
  not_found: { status: 404, text: 'Non trovato: potrebbe essere stato eliminato.' },
  unauthorized: { status: 401, text: 'Sessione scaduta: accedi di nuovo.' },
  forbidden: { status: 403, text: 'Non hai i permessi per questa operazione.' },
  conflict: { status: 409, text: "L'operazione non è possibile in questo stato: aggiorna la pagina e riprova." },
  username_taken: { status: 409, text: 'Username già in uso' },
  email_taken: { status: 409, text: 'Email già registrata' },
  invalid_credentials: { status: 401, text: 'Credenziali non valide' },
  too_many_requests: { status: 429, text: 'Troppi tentativi, riprova più tardi' },
  concurrency_conflict: { status: 409, text: 'I dati sono cambiati nel frattempo: riprova.' },
  insufficient_balance: { status: 400, text: 'Saldo auracoin insufficiente' },
  blocked: {
    status: 403,
    text: 'Questa performer ti ha bloccato: non puoi più scriverle né avviare sessioni con lei.',
  },
  conversation_closed: {
    status: 409,
    text: "Questa conversazione è chiusa: l'identità o l'account non esiste più.",
  },
  idempotency_key_reused: { status: 422, text: 'Richiesta già inviata: aggiorna la pagina e riprova.' },
  invalid_signature: { status: 400, text: 'Firma non valida.' },
  service_unavailable: { status: 503, text: 'Il servizio è occupato, riprova tra poco' },
  internal_error: { status: 500, text: 'Si è verificato un errore: riprova tra poco.' },
  performer_busy: { status: 409, text: 'La performer è in privato: riprova tra qualche minuto.' },
  performer_offline: { status: 409, text: 'La performer non è online in questo momento.' },
  session_in_progress: { status: 409, text: 'Hai già una sessione video in corso o in attesa di risposta.' },
  /** the UI says `priceChangedMessage(currentPrice)` ('Il prezzo è cambiato: ora N auracoin') from the answer's `currentPrice` */
  price_changed: { status: 409, text: 'Il prezzo è cambiato: controlla il nuovo prezzo e conferma.' },
  mfa_required: { status: 403, text: 'Questa operazione richiede il codice di verifica a due fattori' },
  mfa_enrollment_required: {
    status: 403,
    text: 'Attiva la verifica a due fattori prima di usare la console di amministrazione',
  },
  invalid_token: { status: 400, text: 'Il link non è valido o è scaduto: chiedine uno nuovo.' },
  wallet_frozen: {
    status: 403,
    text: 'Il tuo portafoglio è bloccato per una contestazione del pagamento in corso: non puoi spendere auracoin finché non si chiude.',
  },
  refund_window_closed: { status: 422, text: 'Il periodo per il rimborso di questa vendita è scaduto.' },
  room_identity_taken: { status: 409, text: 'In questa stanza hai già scelto come presentarti' },
  // issue 38 item 1
  sale_disputed: {
    status: 409,
    text: 'Questa vendita è stata pagata con un acquisto di auracoin contestato o stornato con la carta: non si può rimborsare.',
  },
  // issue 38 item 9
  purchase_limit: { status: 429, text: 'Hai raggiunto il limite di acquisti consentito: riprova più tardi.' },
  // issue 38 item 6
  rating_not_allowed: {
    status: 403,
    text: 'Puoi valutare solo una sessione privata conclusa in cui hai speso auracoin acquistati: le sessioni pagate con auracoin omaggio non si valutano.',
  },
  // issue 38 item 4
  price_below_floor: { status: 400, text: 'Prezzo troppo basso: un auracoin costerebbe meno del minimo consentito.' },
  // issue 39 items 4-5
  same_admin: { status: 409, text: 'Il ricorso va deciso da un amministratore diverso da chi ha preso la decisione' },
  banned_terms: {
    status: 400,
    text: 'Il testo contiene termini non ammessi (riferimenti a minori o ad atti non consensuali): modificalo e riprova.',
  },
  // issue 39 item 1-2
  age_verification_required: { status: 403, text: 'Per vedere questi contenuti devi prima verificare la tua età.' },
  age_verification_failed: { status: 400, text: "La verifica dell'età non è riuscita o è scaduta: riprova." },
  // issue 39 item 7
  consent_required: {
    status: 400,
    text: 'Per registrarti devi acconsentire al trattamento dei dati relativi alla vita sessuale (art. 9 GDPR).',
  },
  co_performer_underage: { status: 400, text: 'La persona che compare con te deve avere almeno 18 anni' },
  co_performer_not_approved: {
    status: 409,
    text: "Può comparire in camera solo chi lo staff ha approvato con il suo documento d'identità e il suo consenso",
  },
  co_performer_reviewed: { status: 409, text: 'Questa persona è già stata esaminata' },
  // issue 37 item 5: refusals that answered a generic code with a text of their own
  // show rooms
  show_already_live: { status: 409, text: 'Sei già in onda' },
  show_ended: { status: 409, text: 'Lo show è terminato' },
  show_paused: { status: 409, text: 'Lo show è in pausa durante il privato' },
  show_banned: { status: 403, text: 'Sei stato allontanato da questa stanza' },
  show_muted: { status: 403, text: 'Sei stato silenziato in questa stanza' },
  show_not_approved: { status: 403, text: 'Il tuo profilo deve essere approvato per andare in onda' },
  mute_self: { status: 400, text: 'Non puoi silenziare te stessa' },
  tip_menu_too_long: { status: 400, text: 'Il menu delle mance ha troppe voci' },
  tip_price_mismatch: { status: 400, text: "L'importo non corrisponde al prezzo della voce del menu" },
  // streaming from OBS (WHIP)
  whip_token_invalid: {
    status: 401,
    text: 'Token di trasmissione non valido: copia in OBS quello nuovo dalla tua dashboard.',
  },
  whip_no_video: {
    status: 422,
    text: "L'offerta del programma di trasmissione non contiene un video che Aura possa trasmettere (VP8).",
  },
  // issue 40 item 4: ticket shows
  ticket_show_exists: { status: 409, text: 'Hai già annunciato uno show a pagamento in questo show' },
  ticket_show_none: { status: 404, text: 'Nessuno show a pagamento annunciato in questo show' },
  ticket_show_closed: { status: 409, text: 'Lo show a pagamento è terminato o è stato annullato' },
  ticket_already_bought: { status: 409, text: 'Hai già il biglietto per questo show a pagamento' },
  ticket_required: { status: 403, text: 'Show a pagamento in corso: acquista il biglietto' },
  // private sessions
  session_request_expired: { status: 409, text: 'La richiesta è scaduta' },
  session_request_answered: { status: 409, text: 'La richiesta non è più in attesa' },
  session_not_active: { status: 409, text: 'La sessione non è in corso' },
  session_rated: { status: 409, text: 'Hai già valutato questa sessione' },
  session_tip_user_only: { status: 403, text: 'Solo chi ha chiesto la videochat può lasciare una mancia' },
  // spies on a private
  spies_not_allowed: { status: 409, text: 'Questa performer non consente spettatori spia in questo privato' },
  spy_party: { status: 403, text: 'Sei già in questo privato: non puoi spiarlo' },
  spy_already_watching: { status: 409, text: 'Stai già spiando questo show privato' },
  spy_price_too_high: {
    status: 400,
    text: 'Il prezzo spia può essere al massimo la metà della tua tariffa al minuto, a passi di 0,5',
  },
  // performers
  performer_underage: { status: 400, text: 'Devi avere almeno 18 anni per registrarti' },
  performer_minor: { status: 400, text: 'La performer è minorenne: non può essere approvata' },
  performer_not_pending: { status: 409, text: 'La performer non è in attesa di verifica' },
  registration_incomplete: { status: 409, text: "Registrazione incompleta: manca un documento d'identità" },
  rejection_reason_required: { status: 400, text: 'Inserisci un motivo per il rifiuto' },
  identity_verified: {
    status: 403,
    text: 'Nome e data di nascita sono stati verificati: può cambiarli solo lo staff',
  },
  performer_not_approved: { status: 409, text: 'Solo le performer approvate possono andare online' },
  document_missing: { status: 400, text: 'Documento non trovato: caricalo di nuovo' },
  image_required: { status: 400, text: "Carica un'immagine o inserisci un URL" },
  link_expired: { status: 403, text: 'Link scaduto o non valido' },
  // wallets
  balance_below_held: {
    status: 409,
    text: 'Il saldo non può scendere sotto quanto è impegnato in una sessione privata in corso',
  },
  // accounts
  same_email: { status: 409, text: "È già l'email del tuo account" },
  // admins and their second factor
  admin_disabled: { status: 403, text: 'Account amministratore disattivato' },
  admin_self: { status: 409, text: 'Non puoi disattivare né eliminare il tuo account' },
  superadmin_only: { status: 403, text: 'Solo un superadmin può farlo per un superadmin' },
  superadmin_undeletable: { status: 403, text: 'Un superadmin non può essere eliminato' },
  admin_locked: {
    status: 429,
    text: 'Troppi tentativi falliti: accesso amministratore bloccato, riprova più tardi',
  },
  mfa_code_invalid: {
    status: 400,
    text: 'Codice di verifica non valido o già usato: usa il codice attuale della tua app',
  },
  mfa_code_refused: {
    status: 403,
    text: 'Codice di verifica non valido o già usato: usa il codice attuale della tua app',
  },
  mfa_locked: { status: 429, text: 'Troppi codici errati: verifica a due fattori bloccata, riprova più tardi' },
  mfa_already_enrolled: { status: 409, text: 'La verifica a due fattori è già attiva per questo account' },
  mfa_not_started: { status: 409, text: "Avvia prima l'attivazione della verifica a due fattori" },
  mfa_not_active: { status: 409, text: 'La verifica a due fattori non è attiva per questo account' },
  mfa_reset_own: {
    status: 403,
    text: 'Non puoi azzerare la tua verifica a due fattori: chiedilo a un altro amministratore',
  },
  // moderation
  report_decided: { status: 409, text: 'Segnalazione già decisa' },
  report_action_invalid: { status: 400, text: 'Questa azione non si applica al contenuto segnalato' },
  appeal_exists: { status: 409, text: 'Hai già chiesto il riesame di questa decisione' },
  appeal_decided: { status: 409, text: 'Ricorso già deciso' },
  appeal_not_yours: { status: 403, text: 'Solo la persona interessata può chiedere il riesame' },
  statement_required: {
    status: 400,
    text: 'Scrivi la motivazione della decisione: i fatti e le ragioni, che riceverà la persona interessata',
  },
  // offers
  offer_ended: { status: 409, text: 'Offerta già terminata' },
  // refunds
  sale_not_found: {
    status: 404,
    text: 'Vendita non trovata: controlla il tipo e l’id (la sessione, il messaggio a pagamento o l’acquisto della foto)',
  },
  refund_reason_required: { status: 400, text: 'Il motivo del rimborso è obbligatorio' },
  refund_session_running: { status: 409, text: 'La sessione è ancora in corso: si può rimborsare quando è finita' },
  refunded_already: { status: 409, text: 'Questa vendita è già stata rimborsata per intero' },
  /** the answer's `refundable` says how much is left, auracoin */
  refund_above_sale: { status: 400, text: 'Il rimborso supera quanto resta da rimborsare di questa vendita' },
  // payouts
  payout_not_failed: { status: 409, text: 'Si può ritentare solo un pagamento non riuscito' },
  earnings_already_paid: { status: 409, text: 'Questi guadagni sono già stati inclusi in un altro pagamento' },
  payout_details_missing: { status: 409, text: 'La performer non ha dati di pagamento validi' },
  iban_invalid: { status: 400, text: 'IBAN non valido: controlla di averlo copiato per intero' },
  period_end_future: { status: 400, text: 'La fine del periodo non può essere nel futuro' },
  sepa_not_configured: {
    status: 404,
    text: 'I pagamenti non sono configurati per i bonifici SEPA (PAYOUT_PROVIDER=sepa)',
  },
  sepa_no_file: { status: 404, text: 'Questa esecuzione non ha un file SEPA: nessun pagamento su IBAN' },
  sepa_sent: { status: 409, text: 'Il file SEPA di questa esecuzione è già stato segnato come inviato' },
  sepa_retry_filed: {
    status: 409,
    text: 'Il file SEPA di questa esecuzione è già stato prodotto: questo pagamento va eseguito a mano',
  },
} as const satisfies Record<string, { status: number; text: string }>;

export type ErrorCode = keyof typeof refusals;

/** Machine-readable error codes carried in every problem+json answer. */
export const errorCodes = Object.keys(refusals) as [ErrorCode, ...ErrorCode[]];

/** What a person reads for each code, in Italian (the server answers the same text). */
export const errorMessages = Object.fromEntries(errorCodes.map((code) => [code, refusals[code].text])) as Record<
  ErrorCode,
  string
>;

/** The HTTP status each code answers with. */
export const statusOfErrorCode = Object.fromEntries(errorCodes.map((code) => [code, refusals[code].status])) as Record<
  ErrorCode,
  number
>;

/**
 * Where the API specification fixes the server's message for a code, the answer keeps it (the UI
 * still shows `errorMessages`, the specification's Italian text): the product specification, §8 (docs/product.md).
 */
const specifiedServerMessages: Partial<Record<ErrorCode, string>> = {
  insufficient_balance: 'Insufficient auracoin balance',
};

/** The text a refusal answers with (`error`, `detail`): the specification's where it fixes one, else the Italian one. */
export function refusalText(code: ErrorCode): string {
  return specifiedServerMessages[code] ?? errorMessages[code];
}

/**
 * Refusals any route may answer, whatever it does: its input refused, its caller unknown or not
 * allowed, too fast, an engine out of reach. A route contract lists only the codes of its own.
 */
export const commonRefusals = [
  'validation_failed',
  'malformed_json',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'unauthorized',
  'forbidden',
  'too_many_requests',
  'concurrency_conflict',
  'idempotency_key_reused',
  'service_unavailable',
  'internal_error',
  'mfa_required',
  'mfa_code_refused',
  'mfa_locked',
  'mfa_enrollment_required',
  'admin_disabled',
  'age_verification_required',
] as const satisfies readonly ErrorCode[];

/** What the server says of one refused field (`errors[].message`), where the contract's schema cannot say it. */
export const fieldMessages = {
  required: 'Obbligatoria',
  fileRequired: 'Nessun file ricevuto',
  idempotencyKeyTooLong: 'Troppo lunga',
  notWithBefore: 'Non insieme a before',
  unknownMessage: 'Messaggio sconosciuto',
  documentMissing: 'Documento non trovato',
  uploadUrlInvalid: 'URL di caricamento non valido',
  noImageUploaded: 'Nessuna immagine caricata a questo indirizzo',
  periodEndFuture: 'La fine del periodo non può essere nel futuro',
} as const;

/** Why an image address was refused (a performer's photo or picture given by URL), said of that field. */
export const remoteImageMessages = {
  https_only: "L'indirizzo dell'immagine deve iniziare con https://",
  private_address: "L'indirizzo dell'immagine non è raggiungibile da Aura",
  unreachable: "Impossibile scaricare l'immagine da questo indirizzo",
  too_large: "L'immagine non può superare 10MB",
  bad_type: "L'indirizzo non porta a un'immagine JPEG, PNG o WebP",
  too_many_redirects: "Impossibile scaricare l'immagine da questo indirizzo",
} as const;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(refusals, value);
}
