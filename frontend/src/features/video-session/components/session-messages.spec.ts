import { describe, expect, it } from '@jest/globals';
import type { SessionView } from '@aura/contracts';
import { closedMessage, secondsUntil } from './session-messages';

const closed = (status: SessionView['status'], endReason: SessionView['endReason']) =>
  ({ status, endReason, performer: { id: 'p', name: 'Giulia', image: '' } }) as SessionView;

describe('what the user reads when a session closes', () => {
  it('says nothing was charged for a decline, a busy answer, an expiry or a withdrawal, and offers to ask again', () => {
    for (const [status, reason, title] of [
      ['declined', 'declined', 'Richiesta rifiutata'],
      ['declined', 'busy', 'Performer in privato'],
      ['expired', 'expired', 'Richiesta scaduta'],
      ['ended', 'cancelled', 'Richiesta annullata'],
    ] as const) {
      const message = closedMessage(closed(status, reason));
      expect(message.title).toBe(title);
      expect(message.detail).toContain('Non ti è stato addebitato nulla.');
      expect(message.retry).toBe(true);
    }
  });

  it("ends with 'Saldo esaurito' when the next minute cannot be paid, and names who ended otherwise", () => {
    expect(closedMessage(closed('ended', 'balance_exhausted'))).toMatchObject({
      title: 'Saldo esaurito',
      retry: false,
    });
    expect(closedMessage(closed('ended', 'performer_ended')).detail).toBe('Giulia ha terminato la sessione.');
    expect(closedMessage(closed('ended', 'performer_disconnected')).detail).toContain('Giulia');
    expect(closedMessage(closed('ended', 'user_disconnected')).title).toBe('Sessione terminata');
  });

  it('counts whole seconds down to the expiry, never below 0', () => {
    const at = Date.parse('2026-01-01T10:00:00.000Z');
    expect(secondsUntil('2026-01-01T10:01:00.000Z', at)).toBe(60);
    expect(secondsUntil('2026-01-01T10:00:00.500Z', at)).toBe(1);
    expect(secondsUntil('2026-01-01T09:59:00.000Z', at)).toBe(0);
  });
});
