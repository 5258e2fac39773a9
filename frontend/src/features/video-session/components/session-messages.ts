import type { SessionView } from '@aura/contracts';

/** What the user reads when a session closed, in Italian (declined, busy, expired or ended, and why). */
export function closedMessage(view: SessionView): { title: string; detail: string; retry: boolean } {
  const message = closedText(view);
  return {
    ...message,
    retry: view.status === 'declined' || view.status === 'expired' || view.endReason === 'cancelled',
  };
}

function closedText(view: SessionView): { title: string; detail: string } {
  const name = view.performer.name;
  const nothingPaid = 'Non ti è stato addebitato nulla.';
  if (view.status === 'expired')
    return { title: 'Richiesta scaduta', detail: `${name} non ha risposto in tempo. ${nothingPaid}` };
  if (view.status === 'declined') {
    return view.endReason === 'busy'
      ? {
          title: 'Performer in privato',
          detail: `${name} ha appena iniziato un'altra videochat privata. ${nothingPaid}`,
        }
      : { title: 'Richiesta rifiutata', detail: `${name} ha rifiutato la videochat. ${nothingPaid}` };
  }
  switch (view.endReason) {
    case 'balance_exhausted':
      return {
        title: 'Saldo esaurito',
        detail: 'La sessione è terminata: il tuo saldo non basta per un altro minuto.',
      };
    case 'performer_ended':
      return { title: 'Sessione terminata', detail: `${name} ha terminato la sessione.` };
    case 'performer_disconnected':
      return {
        title: 'Sessione terminata',
        detail: `La connessione di ${name} si è interrotta: la sessione è terminata.`,
      };
    case 'user_disconnected':
      return {
        title: 'Sessione terminata',
        detail: 'La tua connessione si è interrotta troppo a lungo: la sessione è terminata.',
      };
    case 'cancelled':
      return { title: 'Richiesta annullata', detail: nothingPaid };
    default:
      return { title: 'Sessione terminata', detail: 'Grazie per la videochat.' };
  }
}

/** Seconds left until `iso` (0 once passed). */
export function secondsUntil(iso: string, nowMs: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - nowMs) / 1000));
}
