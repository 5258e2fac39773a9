import * as yup from 'yup';
import {
  formatAuracoin,
  isHalfStep,
  PHOTO_PRICE_MIN,
  PHOTO_PRICE_STEP,
  priceCeilingMessages,
  priceCeilings,
} from '@aura/contracts';

const priceMin = formatAuracoin(PHOTO_PRICE_MIN);
const priceStep = formatAuracoin(PHOTO_PRICE_STEP);
const priceMax = formatAuracoin(priceCeilings.photoPrice);

/** The hint under the price (docs/product.md#validation: minimum 0.5, step 0.5, the ceiling), in Italian numbers. */
export const PHOTO_PRICE_HINT = `Minimo ${priceMin}, massimo ${priceMax}, a passi di ${priceStep}`;

/** The form's message for each field the server may refuse (never the server's own text). */
export const PHOTO_FIELD_MESSAGES = {
  title: 'Il titolo è obbligatorio (massimo 120 caratteri)',
  description: 'Descrizione troppo lunga (massimo 1000 caratteri)',
  price: `Prezzo tra ${priceMin} e ${priceMax} auracoin, a passi di ${priceStep}`,
  imageUrl: "Carica un'immagine o inserisci un URL valido",
} as const;

/** The photo form's rules, checked in the browser before anything is sent; the server checks the same. */
export const photoSchema = yup.object({
  title: yup.string().trim().required('Il titolo è obbligatorio').max(120, 'Massimo 120 caratteri'),
  description: yup.string().max(1000, 'Massimo 1000 caratteri'),
  price: yup
    .number()
    .typeError('Inserisci il prezzo')
    .required('Inserisci il prezzo')
    .min(PHOTO_PRICE_MIN, `Prezzo minimo ${priceMin} auracoin`)
    .max(priceCeilings.photoPrice, priceCeilingMessages.photoPrice)
    .test(
      'half-step',
      `Il prezzo va a passi di ${priceStep}`,
      (value) => value === undefined || value < PHOTO_PRICE_MIN || isHalfStep(value, PHOTO_PRICE_MIN),
    ),
});
