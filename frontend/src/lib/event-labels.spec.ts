import { describe, expect, it } from '@jest/globals';
import { eventSchemas, streams } from '@aura/contracts';
import { eventLabel, eventLabels, recordOf } from './event-labels';

describe('event labels', () => {
  it('gives every event type an Italian label of its own, never its code name', () => {
    const types = Object.keys(eventSchemas);
    const missing = types.filter((type) => !(eventLabels as Record<string, string | undefined>)[type]?.trim());
    expect(missing).toEqual([]);
    for (const type of types) expect(eventLabel(type)).not.toMatch(/[a-z][A-Z]|^[A-Z][a-z]+[A-Z]/);
    // no label for a type that no longer exists
    expect(Object.keys(eventLabels).sort()).toEqual([...types].sort());
  });

  it("reads the issue's examples in Italian", () => {
    expect(eventLabel('PerformerVerified')).toBe('Performer verificata');
    expect(eventLabel('SaleRefunded')).toBe('Vendita rimborsata');
    expect(eventLabel('AuracoinCredited')).toBe('Auracoin accreditati');
    expect(eventLabel('SomethingNew')).toBe('Altra azione');
  });

  it('names a stream by its kind and owner, the longest prefix first', () => {
    const id = '1bee384e-0000-4000-8000-000000000000';
    expect(recordOf(streams.performer(id))).toEqual({ label: 'Performer', owner: 'performer', id });
    expect(recordOf(`admin-mfa-${id}`)).toEqual({ label: 'Verifica in due passaggi', owner: 'admin', id });
    expect(recordOf(`admin-${id}`)).toEqual({ label: 'Amministratore', owner: 'admin', id });
    expect(recordOf(`session-booth-${id}`).label).toBe('Cabina della videochat');
    expect(recordOf(`session-${id}`).label).toBe('Videochat');
    expect(recordOf(`payout-sepa-file-${id}`).label).toBe('File SEPA');
    expect(recordOf('something-else').label).toBe('Altro');
  });
});
