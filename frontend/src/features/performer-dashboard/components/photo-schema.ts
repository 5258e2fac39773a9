import * as yup from 'yup';
import {
  isHalfStep,
  PHOTO_DESCRIPTION_MAX,
  PHOTO_FORM_MESSAGES,
  PHOTO_PRICE_MIN,
  PHOTO_TITLE_MAX,
  priceCeilingMessages,
  priceCeilings,
} from '@aura/contracts';

/** The photo form's rules, checked in the browser before anything is sent; the server checks the same limits (`PhotoBody`). */
export const photoSchema = yup.object({
  title: yup
    .string()
    .trim()
    .required(PHOTO_FORM_MESSAGES.titleRequired)
    .max(PHOTO_TITLE_MAX, PHOTO_FORM_MESSAGES.titleTooLong),
  description: yup.string().max(PHOTO_DESCRIPTION_MAX, PHOTO_FORM_MESSAGES.descriptionTooLong),
  price: yup
    .number()
    .typeError(PHOTO_FORM_MESSAGES.priceRequired)
    .required(PHOTO_FORM_MESSAGES.priceRequired)
    .min(PHOTO_PRICE_MIN, PHOTO_FORM_MESSAGES.priceMin)
    .max(priceCeilings.photoPrice, priceCeilingMessages.photoPrice)
    .test(
      'half-step',
      PHOTO_FORM_MESSAGES.priceStep,
      (value) => value === undefined || value < PHOTO_PRICE_MIN || isHalfStep(value, PHOTO_PRICE_MIN),
    ),
});
