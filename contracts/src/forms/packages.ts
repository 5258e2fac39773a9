import { PACKAGE_CREDITS_MAX, PACKAGE_PRICE_MAX } from '../api/packages';

/** The package form's message for each field the server may refuse. */
export const PACKAGE_FIELD_MESSAGES = {
  credits: `Inserisci un numero intero di auracoin da 1 a ${PACKAGE_CREDITS_MAX}`,
  bonus: `Inserisci un bonus intero da 0 a ${PACKAGE_CREDITS_MAX}`,
  price: `Inserisci un prezzo intero in euro da 1 a ${PACKAGE_PRICE_MAX}`,
  popular: 'Valore non valido',
} as const;

/** What the package form says under a field before anything is sent. */
export const PACKAGE_FORM_MESSAGES = {
  creditsRange: 'Almeno 1',
  bonusRange: 'Valore troppo grande',
  priceWhole: 'Inserisci un prezzo intero in euro',
  priceRange: 'Almeno 1 €',
} as const;
