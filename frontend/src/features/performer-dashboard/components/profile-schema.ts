import * as yup from 'yup';
import {
  categoryOptions,
  FORM_MESSAGES,
  isHalfStep,
  isImageUrlInput,
  isSpyPrice,
  MESSAGE_PRICE_MIN,
  PERFORMER_AGE_MAX,
  PERFORMER_AGE_MIN,
  PERFORMER_LANGUAGES_MIN,
  priceCeilingMessages,
  priceCeilings,
  PROFILE_FIELD_MESSAGES,
  PROFILE_FORM_MESSAGES,
  RATE_MIN,
  spyPriceMessage,
} from '@aura/contracts';

const MESSAGES = PROFILE_FORM_MESSAGES;

/** The own-profile form's rules (docs/product.md#validation): the server checks the same (`PerformerPatchBody`). */
export const profileSchema = yup.object({
  name: yup.string().trim().required(MESSAGES.nameRequired),
  age: yup
    .number()
    .typeError(MESSAGES.ageRequired)
    .required(MESSAGES.ageRequired)
    .integer(MESSAGES.ageWhole)
    .min(PERFORMER_AGE_MIN, MESSAGES.ageMin)
    .max(PERFORMER_AGE_MAX, MESSAGES.ageMax),
  creditsPerMinute: yup
    .number()
    .typeError(MESSAGES.rateRequired)
    .required(MESSAGES.rateRequired)
    .min(RATE_MIN, MESSAGES.rateMin)
    .max(priceCeilings.ratePerMinute, priceCeilingMessages.ratePerMinute)
    .test('half-step', MESSAGES.rateStep, (value) => value === undefined || isHalfStep(value, RATE_MIN)),
  messagePrice: yup
    .number()
    .typeError(MESSAGES.messagePriceRequired)
    .required(MESSAGES.messagePriceRequired)
    .min(MESSAGE_PRICE_MIN, MESSAGES.messagePriceMin)
    .max(priceCeilings.messagePrice, priceCeilingMessages.messagePrice)
    .test(
      'half-step',
      MESSAGES.messagePriceStep,
      (value) => value === undefined || value < MESSAGE_PRICE_MIN || isHalfStep(value, MESSAGE_PRICE_MIN),
    ),
  /** auracoin a spy minute on her privates; 0 or empty: no spies; at most half her rate (the server's rule) */
  spyPrice: yup
    .number()
    .transform((value: number) => (Number.isNaN(value) ? 0 : value))
    .test('spy-price', function check(value) {
      const rate = Number(this.parent.creditsPerMinute);
      return isSpyPrice(value ?? 0, rate) || this.createError({ message: spyPriceMessage(rate) });
    }),
  image: yup
    .string()
    .trim()
    .required(MESSAGES.imageRequired)
    .test('url', FORM_MESSAGES.url, (value) => !value || isImageUrlInput(value)),
  category: yup.string().oneOf([...categoryOptions, ''], FORM_MESSAGES.category),
  languages: yup.array(yup.string().required()).min(PERFORMER_LANGUAGES_MIN, PROFILE_FIELD_MESSAGES.languages),
});

export type ProfileValues = yup.InferType<typeof profileSchema>;
