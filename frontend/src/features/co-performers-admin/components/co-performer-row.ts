import { ADULT_AGE, ageOn, type AdminCoPerformerView, type AppearanceRecordView } from '@aura/contracts';
import { formatDateTime } from '../../../lib/format';

/** A co-performer waiting for a decision, as the console's card shows her. */
export interface PendingCoPerformerRow {
  id: string;
  performerId: string;
  name: string;
  /** whose she is ('Account eliminato' once that account is gone) */
  performerName: string;
  /** "01/06/1995 (31 anni)" */
  birth: string;
  /** under 18 by her birth date: approval is held back (the server refused her already; a safety net) */
  minor: boolean;
  documentType: string;
  documentUrl: string;
  /** "Link valido fino a …" */
  linkValidity: string;
  /** "Consenso firmato il …" */
  consent: string;
  /** "Aggiunta il …" */
  added: string;
}

/** "1995-06-01" as "01/06/1995", read as written (no time zone moves a birth date). */
export function formatBirthDate(dateOfBirth: string): string {
  const [year, month, day] = dateOfBirth.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : dateOfBirth;
}

export function pendingCoPerformerRow(view: AdminCoPerformerView, now: Date): PendingCoPerformerRow {
  const age = ageOn(view.dateOfBirth, now);
  return {
    id: view.id,
    performerId: view.performerId,
    name: view.name,
    performerName: view.performerName ?? 'Account eliminato',
    birth: `${formatBirthDate(view.dateOfBirth)} (${age} anni)`,
    minor: age < ADULT_AGE,
    documentType: view.documentType,
    documentUrl: view.documentUrl,
    linkValidity: `Link valido fino a ${formatDateTime(view.linkExpiresAt)}`,
    consent: `Consenso firmato il ${formatDateTime(view.consentSignedAt)}`,
    added: `Aggiunta il ${formatDateTime(view.addedAt)}`,
  };
}

/** Where she appeared: "Show" or "Foto" and its id's first characters (the full id in `ref`). */
export function appearanceWhere(record: Pick<AppearanceRecordView, 'showId' | 'photoId'>): {
  kind: string;
  ref: string;
} {
  if (record.showId) return { kind: 'Show', ref: record.showId };
  if (record.photoId) return { kind: 'Foto', ref: record.photoId };
  return { kind: '—', ref: '' };
}
