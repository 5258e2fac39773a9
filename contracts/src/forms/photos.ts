import { formatAuracoin } from '../format';
import { PHOTO_DESCRIPTION_MAX, PHOTO_PRICE_MIN, PHOTO_PRICE_STEP, PHOTO_TITLE_MAX } from '../rules/performer';
import { priceCeilings } from '../rules/prices';
import { maxCharacters } from './common';

const priceMin = formatAuracoin(PHOTO_PRICE_MIN);
const priceStep = formatAuracoin(PHOTO_PRICE_STEP);
const priceMax = formatAuracoin(priceCeilings.photoPrice);

/** The hint under the price (docs/product.md#validation: minimum 0.5, step 0.5, the ceiling), in Italian numbers. */
export const PHOTO_PRICE_HINT = `Minimo ${priceMin}, massimo ${priceMax}, a passi di ${priceStep}`;

/** The photo form's message for each field the server may refuse (never the server's own text). */
export const PHOTO_FIELD_MESSAGES = {
  title: `Il titolo è obbligatorio (massimo ${PHOTO_TITLE_MAX} caratteri)`,
  description: `Descrizione troppo lunga (massimo ${PHOTO_DESCRIPTION_MAX} caratteri)`,
  price: `Prezzo tra ${priceMin} e ${priceMax} auracoin, a passi di ${priceStep}`,
  imageUrl: "Carica un'immagine o inserisci un URL valido",
  coPerformerIds: 'Scegli solo persone in camera approvate dallo staff',
} as const;

/** What the photo form says under a field before anything is sent. */
export const PHOTO_FORM_MESSAGES = {
  titleRequired: 'Il titolo è obbligatorio',
  titleTooLong: maxCharacters(PHOTO_TITLE_MAX),
  descriptionTooLong: maxCharacters(PHOTO_DESCRIPTION_MAX),
  priceRequired: 'Inserisci il prezzo',
  priceMin: `Prezzo minimo ${priceMin} auracoin`,
  priceStep: `Il prezzo va a passi di ${priceStep}`,
} as const;
