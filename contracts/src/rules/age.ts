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
