import { useCallback, useState } from 'react';

/** The 18+ answer and the cookie notice, kept in localStorage (not a cookie: docs/product.md#age-gate). */
export const AGE_CONFIRMED_KEY = 'aura.ageConfirmed';
export const COOKIE_NOTICE_KEY = 'aura.cookieNotice';

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'yes';
  } catch {
    return false;
  }
}

/** A yes remembered on this browser, and the way to give it. */
export function useRemembered(key: string): [boolean, () => void] {
  const [given, setGiven] = useState(() => read(key));
  const give = useCallback(() => {
    try {
      window.localStorage.setItem(key, 'yes');
    } catch {
      // storage refused (private mode): the answer holds for this page only
    }
    setGiven(true);
  }, [key]);
  return [given, give];
}
