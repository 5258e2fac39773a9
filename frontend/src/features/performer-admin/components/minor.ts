import { ADULT_AGE, ageOn } from '@aura/contracts';

/** Age for the verification card: from the birth date when known (month and day counted), else the stated age. */
export function verificationAge(
  performer: { dateOfBirth: string | null; age: number | null },
  now: Date,
): number | null {
  return performer.dateOfBirth ? ageOn(performer.dateOfBirth, now) : performer.age;
}

/** 'Minorenne' badge and approval disabled: under 18 by the birth date. */
export function isMinor(age: number | null): boolean {
  return age !== null && age < ADULT_AGE;
}
