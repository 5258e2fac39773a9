import * as yup from 'yup';
import {
  ADMIN_PERFORMER_FORM_MESSAGES,
  categoryOptions,
  FORM_MESSAGES,
  isHalfStep,
  isImageUrlInput,
  isRatingStep,
  PERFORMER_AGE_MAX,
  PERFORMER_AGE_MIN,
  priceCeilingMessages,
  priceCeilings,
  RATE_MIN,
  RATING_MAX,
  RATING_MIN,
} from '@aura/contracts';

const REQUIRED = FORM_MESSAGES.required;
const MESSAGES = ADMIN_PERFORMER_FORM_MESSAGES;

/** The admin performer form (docs/product.md#validation): name, age, image (URL), rate and languages required; rating 0–5 step 0.1. */
export const adminPerformerSchema = yup.object({
  name: yup.string().trim().required(REQUIRED),
  age: yup
    .number()
    .typeError(REQUIRED)
    .required(REQUIRED)
    .integer(MESSAGES.whole)
    .min(PERFORMER_AGE_MIN, MESSAGES.ageMin)
    .max(PERFORMER_AGE_MAX, MESSAGES.ageMax),
  image: yup
    .string()
    .trim()
    .required(REQUIRED)
    .test('url', FORM_MESSAGES.url, (v) => !v || isImageUrlInput(v)),
  creditsPerMinute: yup
    .number()
    .typeError(REQUIRED)
    .required(REQUIRED)
    .test('step', MESSAGES.rateRule, (v) => v === undefined || isHalfStep(v, RATE_MIN))
    .max(priceCeilings.ratePerMinute, priceCeilingMessages.ratePerMinute),
  languages: yup
    .string()
    .required(REQUIRED)
    .test('some', REQUIRED, (v) => (v ?? '').split(',').some((part) => part.trim() !== '')),
  rating: yup
    .number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(MESSAGES.ratingRange)
    .min(RATING_MIN, MESSAGES.ratingRange)
    .max(RATING_MAX, MESSAGES.ratingRange)
    .test('step', MESSAGES.ratingStep, (v) => v === undefined || isRatingStep(v)),
  category: yup.string().oneOf([...categoryOptions, '']),
  bio: yup.string(),
});

/** Languages typed as 'Italiano, English' → ['Italiano', 'English']. */
export function splitLanguages(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
