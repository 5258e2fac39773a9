import { ADULT_AGE, PERFORMER_SHARE_PERCENT, SESSION_MINIMUM_MINUTES, WELCOME_BONUS_AURACOIN } from '@aura/contracts';

/** One information page: its title, an opening line and its sections (docs/product.md#legal-pages). */
export interface InfoPage {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const SUPPORT_EMAIL = 'assistenza@aura.example';
export const PRIVACY_EMAIL = 'privacy@aura.example';

/** What the browser keeps for Aura: the one cookie and the local storage entries (names as the code sets them). */
export const STORED_ITEMS = [
  {
    name: 'aura_session',
    kind: 'Cookie tecnico (httpOnly)',
    purpose: 'Tiene aperta la tua sessione dopo l’accesso.',
    duration: '30 giorni, o fino a quando esci',
  },
  {
    name: 'aura_age',
    kind: 'Cookie tecnico (httpOnly)',
    purpose: 'Ricorda che in questa sessione del browser la tua età è stata verificata (nessun dato su chi sei).',
    duration: 'Fino alla chiusura del browser, al massimo 24 ore, o fino a quando esci',
  },
  {
    name: 'aura.ageConfirmed',
    kind: 'Memoria locale del browser (non è un cookie)',
    purpose: `Ricorda che hai dichiarato di avere almeno ${ADULT_AGE} anni.`,
    duration: 'Fino a quando la cancelli dal browser',
  },
  {
    name: 'aura.cookieNotice',
    kind: 'Memoria locale del browser (non è un cookie)',
    purpose: 'Ricorda che hai letto l’avviso sui cookie.',
    duration: 'Fino a quando la cancelli dal browser',
  },
  {
    name: 'aura.chatAlerts',
    kind: 'Memoria locale del browser (non è un cookie)',
    purpose: 'Ricorda se vuoi suono e notifiche del browser per i nuovi messaggi.',
    duration: 'Fino a quando la cancelli dal browser',
  },
  {
    name: 'userId, user, performer',
    kind: 'Memoria locale del browser (non è un cookie)',
    purpose: 'Mostra subito il tuo profilo mentre il server conferma l’accesso.',
    duration: 'Fino a quando esci',
  },
] as const;

export const INFO_PAGES = {
  privacy: {
    title: 'Informativa sulla privacy',
    intro: 'Come Aura tratta i tuoi dati personali, ai sensi del Regolamento (UE) 2016/679 (GDPR).',
    sections: [
      {
        heading: 'Titolare del trattamento',
        paragraphs: [`Il titolare è Aura. Per qualsiasi richiesta sui tuoi dati scrivi a ${PRIVACY_EMAIL}.`],
      },
      {
        heading: 'Quali dati trattiamo',
        paragraphs: [
          'Utenti: username, email, password (conservata solo come impronta cifrata), saldo e movimenti di auracoin, alias, messaggi e sessioni.',
          'Performer: i dati del profilo e quelli della verifica d’identità (nome, data di nascita, documento), ' +
            'necessari per legge per accertare la maggiore età, e i dati per i pagamenti (IBAN).',
        ],
      },
      {
        heading: 'Perché e su quale base',
        paragraphs: [
          'Per fornirti il servizio che hai chiesto (esecuzione del contratto), ' +
            'per tenere la contabilità dei pagamenti (obbligo di legge) ' +
            'e per prevenire frodi e abusi (legittimo interesse).',
          'Non usiamo i tuoi dati per pubblicità e non li vendiamo a nessuno.',
        ],
      },
      {
        heading: 'Per quanto tempo',
        paragraphs: [
          'Finché il tuo account è attivo. Quando lo elimini, i dati personali vengono resi anonimi; ' +
            'i movimenti contabili restano, senza il tuo nome, per il tempo previsto dalle norme fiscali.',
        ],
      },
      {
        heading: 'I tuoi diritti',
        paragraphs: [
          'Puoi chiedere accesso, rettifica, cancellazione, limitazione, ' +
            `portabilità dei dati e opporti al trattamento scrivendo a ${PRIVACY_EMAIL}. ` +
            'Puoi anche proporre reclamo al Garante per la protezione dei dati personali.',
        ],
      },
    ],
  },
  termini: {
    title: 'Termini di servizio',
    intro: `Le condizioni per usare Aura. Il servizio è riservato a chi ha almeno ${ADULT_AGE} anni.`,
    sections: [
      {
        heading: 'Chi può usare Aura',
        paragraphs: [
          `Devi avere almeno ${ADULT_AGE} anni e la capacità di concludere contratti. ` +
            'Le performer sono maggiorenni e la loro identità è verificata prima che il profilo sia pubblicato.',
        ],
      },
      {
        heading: 'Auracoin',
        paragraphs: [
          'Gli auracoin si acquistano a pacchetti al prezzo indicato prima del pagamento ' +
            'e servono per videochat private, messaggi e foto. ' +
            'Non sono rimborsabili in denaro, salvo quanto previsto dalla legge.',
          `Alla registrazione ricevi ${WELCOME_BONUS_AURACOIN} auracoin di benvenuto promozionali.`,
        ],
      },
      {
        heading: 'Videochat private',
        paragraphs: [
          'Una videochat privata costa la tariffa al minuto della performer, fissata quando la richiedi, ' +
            'e si paga per minuto iniziato. ' +
            `All’inizio viene trattenuto il minimo di ${SESSION_MINIMUM_MINUTES} minuti: ` +
            'se la termini tu prima del minimo, paghi comunque il minimo (te lo diciamo prima di confermare); ' +
            'se la termina lei o non accetta, non paghi il minimo.',
        ],
      },
      {
        heading: 'Comportamento',
        paragraphs: [
          'Sono vietati contenuti illegali, la registrazione o la diffusione delle videochat senza consenso, ' +
            'le molestie e qualsiasi tentativo di contatto con minori. ' +
            'Le violazioni comportano la chiusura dell’account.',
        ],
      },
      {
        heading: 'Performer',
        paragraphs: [
          `Le performer ricevono il ${PERFORMER_SHARE_PERCENT}% di quanto pagato dagli utenti con auracoin acquistati, ` +
            'con pagamento settimanale secondo le condizioni del contratto firmato alla registrazione.',
        ],
      },
      {
        heading: 'Recesso e chiusura dell’account',
        paragraphs: [
          'Puoi chiudere il tuo account in qualsiasi momento. Possiamo sospendere un account che viola questi termini.',
        ],
      },
    ],
  },
  cookie: {
    title: 'Cookie policy',
    intro:
      'Aura usa solo cookie tecnici necessari al funzionamento del sito: nessun cookie di profilazione, di statistica o di terze parti.',
    sections: [
      {
        heading: 'Il cookie che usiamo',
        paragraphs: [
          'Un solo cookie, aura_session, creato quando accedi: tiene aperta la tua sessione. ' +
            'È httpOnly (gli script della pagina non possono leggerlo) e dura 30 giorni, o finché esci. ' +
            'Essendo necessario, non richiede il tuo consenso.',
          'Dopo la verifica dell’età, il cookie tecnico aura_age ricorda che in questa sessione del browser ' +
            'hai dimostrato di essere maggiorenne: non dice chi sei, finisce con la chiusura del browser ' +
            '(al massimo dopo 24 ore) o quando esci.',
        ],
      },
      {
        heading: 'La memoria locale del browser',
        paragraphs: [
          'Alcune scelte, come la conferma dell’età e l’avviso sui cookie, ' +
            'sono ricordate nella memoria locale del browser (localStorage): ' +
            'non è un cookie, non viene inviata al server e puoi cancellarla dalle impostazioni del browser.',
        ],
      },
      {
        heading: 'Come cancellarli',
        paragraphs: [
          'Puoi cancellare cookie e memoria locale dalle impostazioni del tuo browser: dovrai accedere di nuovo e confermare la tua età.',
        ],
      },
    ],
  },
  faq: {
    title: 'Domande frequenti',
    intro: 'Le risposte alle domande che ci fanno più spesso.',
    sections: [
      {
        heading: 'Cosa sono gli auracoin?',
        paragraphs: [
          'La moneta di Aura: li acquisti a pacchetti e li usi per videochat private, messaggi e foto. ' +
            'Il prezzo di ogni cosa è indicato prima che tu confermi.',
        ],
      },
      {
        heading: 'Quanto costa una videochat privata?',
        paragraphs: [
          'La tariffa al minuto è scritta sul profilo di ogni performer. ' +
            `Si paga per minuto iniziato, con un minimo di ${SESSION_MINIMUM_MINUTES} minuti trattenuto all’inizio. ` +
            'Alla fine vedi una ricevuta con minuti, totale e saldo.',
        ],
      },
      {
        heading: 'Posso scrivere a una performer offline?',
        paragraphs: ['Sì: il messaggio le arriva e lo legge quando torna online.'],
      },
      {
        heading: 'Cosa sono gli alias?',
        paragraphs: [
          'Nomi alternativi con cui presentarti alle performer al posto del tuo username. Ogni performer vede solo il nome che hai scelto con lei.',
        ],
      },
      {
        heading: 'Come divento performer?',
        paragraphs: [
          'Dalla pagina Diventa Performer: compili il profilo, verifichi la tua identità e firmi il contratto. ' +
            'Dopo l’approvazione il tuo profilo è pubblicato.',
        ],
      },
      {
        heading: 'Ho un problema con un pagamento',
        paragraphs: [
          `Scrivici a ${SUPPORT_EMAIL} indicando il tuo username e la data: ti rispondiamo entro due giorni lavorativi.`,
        ],
      },
    ],
  },
  contatti: {
    title: 'Contatti',
    intro: 'Siamo qui per aiutarti.',
    sections: [
      {
        heading: 'Assistenza',
        paragraphs: [
          `Per domande su account, auracoin e videochat scrivi a ${SUPPORT_EMAIL}: rispondiamo entro due giorni lavorativi.`,
        ],
      },
      {
        heading: 'Privacy',
        paragraphs: [`Per richieste sui tuoi dati personali scrivi a ${PRIVACY_EMAIL}.`],
      },
      {
        heading: 'Segnalazioni',
        paragraphs: [
          `Per segnalare contenuti illegali o comportamenti vietati scrivi a ${SUPPORT_EMAIL} con oggetto «Segnalazione»: ` +
            'le segnalazioni hanno la precedenza.',
        ],
      },
    ],
  },
} satisfies Record<string, InfoPage>;

export type InfoPageName = keyof typeof INFO_PAGES;
