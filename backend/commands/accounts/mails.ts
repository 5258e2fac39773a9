/** The mails an account's own settings send: each a link that works for an hour. */

/** A forgotten password: the link to set a new one. */
export function passwordResetMail(account: { username: string; email: string }, linkBase: string, token: string) {
  return {
    to: account.email,
    subject: 'Reimposta la password di Aura',
    text:
      `Ciao ${account.username},\n\n` +
      `hai chiesto di reimpostare la password del tuo account Aura. Apri questo link entro un'ora:\n\n` +
      `${linkBase}/reimposta-password?token=${encodeURIComponent(token)}\n\n` +
      'Se non sei stato tu, ignora questa email: la tua password resta quella di prima.',
  };
}

/** A new address: the link, sent there, that confirms it. */
export function emailChangeMail(account: { username: string }, to: string, linkBase: string, token: string) {
  return {
    to,
    subject: 'Conferma la nuova email di Aura',
    text:
      `Ciao ${account.username},\n\n` +
      `per usare questo indirizzo sul tuo account Aura apri questo link entro un'ora:\n\n` +
      `${linkBase}/impostazioni/email?token=${encodeURIComponent(token)}\n\n` +
      'Se non sei stato tu, ignora questa email.',
  };
}
