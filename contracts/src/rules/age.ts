export const ADULT_AGE = 18;

/** Age in whole years on `now`, counting month and day (a birthday not yet reached this year does not count). */
export function ageOn(dateOfBirth: string, now: Date): number {
  const birth = new Date(`${dateOfBirth.slice(0, 10)}T00:00:00Z`);
  let age = now.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < birth.getUTCMonth() ||
    (now.getUTCMonth() === birth.getUTCMonth() && now.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

export const birthDateMessages = {
  invalid: 'Inserisci una data di nascita valida (gg/mm/aaaa)',
  future: 'La data di nascita non può essere nel futuro',
} as const;

/** Whether `iso` (YYYY-MM-DD, or a timestamp starting so) names a real calendar day. */
export function isCalendarDate(iso: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Why a birth date cannot be anyone's, or null: it must be a real day, and not after `now`'s day
 * (UTC, as `ageOn` counts). Under-age is a separate check (`ageOn` < `ADULT_AGE`).
 */
export function birthDateProblem(dateOfBirth: string, now: Date): string | null {
  if (!isCalendarDate(dateOfBirth)) return birthDateMessages.invalid;
  if (dateOfBirth.slice(0, 10) > now.toISOString().slice(0, 10)) return birthDateMessages.future;
  return null;
}
