import { describe, expect, it } from '@jest/globals';
import type { AdminCoPerformerView } from '@aura/contracts';
import { appearanceWhere, formatBirthDate, pendingCoPerformerRow } from './co-performer-row';

const NOW = new Date('2026-11-30T12:00:00Z');
const marta: AdminCoPerformerView = {
  id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  performerId: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  performerName: 'Luna',
  name: 'Marta Bianchi',
  dateOfBirth: '1995-06-01',
  status: 'pending',
  documentId: '9c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f',
  documentType: 'ID Fronte',
  /** the short-lived signed link the server answers (passed through as it is) */
  documentUrl: 'https://aura.example/documento-firmato?token=t',
  linkExpiresAt: '2026-11-30T12:10:00Z',
  consentSignedAt: '2026-11-29T09:30:00Z',
  addedAt: '2026-11-29T09:30:00Z',
  reviewedAt: null,
  statement: null,
};

describe('a co-performer waiting for a decision, as the console shows her (issue 39 item 7)', () => {
  it('reads a birth date as written, in the Italian order', () => {
    expect(formatBirthDate('1995-06-01')).toBe('01/06/1995');
    expect(formatBirthDate('2000-12-31')).toBe('31/12/2000');
  });

  it('shows whose she is, her birth date and age, her document and when she signed the consent', () => {
    const row = pendingCoPerformerRow(marta, NOW);
    expect(row).toMatchObject({
      name: 'Marta Bianchi',
      performerName: 'Luna',
      birth: '01/06/1995 (31 anni)',
      minor: false,
      documentType: 'ID Fronte',
      documentUrl: marta.documentUrl,
    });
    expect(row.consent).toMatch(/^Consenso firmato il 29 novembre 2026/);
    expect(row.linkValidity).toMatch(/^Link valido fino a 30 novembre 2026/);
  });

  it('counts her age to the day, flags a minor, and names a deleted account', () => {
    expect(pendingCoPerformerRow({ ...marta, dateOfBirth: '2008-12-01' }, NOW)).toMatchObject({
      birth: '01/12/2008 (17 anni)',
      minor: true,
    });
    expect(pendingCoPerformerRow({ ...marta, dateOfBirth: '2008-11-30' }, NOW).minor).toBe(false);
    expect(pendingCoPerformerRow({ ...marta, performerName: null }, NOW).performerName).toBe('Account eliminato');
  });

  it('says where she appeared: a show or a photo', () => {
    expect(appearanceWhere({ showId: 'show-1', photoId: null })).toEqual({ kind: 'Show', ref: 'show-1' });
    expect(appearanceWhere({ showId: null, photoId: 'photo-1' })).toEqual({ kind: 'Foto', ref: 'photo-1' });
  });
});
