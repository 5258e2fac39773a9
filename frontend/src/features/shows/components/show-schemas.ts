import * as yup from 'yup';
import {
  formatAuracoin,
  isTipAmount,
  SHOW_GOAL_DESCRIPTION_MAX,
  SHOW_GOAL_TARGET_MAX,
  SHOW_TITLE_MAX,
  TIP_MENU_LABEL_MAX,
  TIP_MESSAGE_MAX,
  tipAmountMessage,
} from '@aura/contracts';
import { parseAuracoin } from '../../../lib/format';

const auracoin = () =>
  yup
    .mixed<string | number>()
    .transform((value: unknown) => (typeof value === 'string' || typeof value === 'number' ? value : ''));
const tipAmount = () =>
  auracoin().test('tip', tipAmountMessage, (value) => value !== undefined && isTipAmount(parseAuracoin(value)));
const halfSteps = (value: string | number | undefined) =>
  value === undefined || Number.isInteger(parseAuracoin(value) * 2);

// the same rules as the server's bodies (contracts/src/api/shows.ts), in Italian before anything is sent
export const goLiveSchema = yup.object({
  title: yup.string().trim().required('Titolo obbligatorio').max(SHOW_TITLE_MAX, `Massimo ${SHOW_TITLE_MAX} caratteri`),
});

export const goalSchema = yup.object({
  description: yup
    .string()
    .trim()
    .required('Descrizione obbligatoria')
    .max(SHOW_GOAL_DESCRIPTION_MAX, `Massimo ${SHOW_GOAL_DESCRIPTION_MAX} caratteri`),
  target: auracoin()
    .test(
      'present',
      "Indica l'obiettivo in auracoin",
      (value) => value !== undefined && String(value).trim() !== '' && Number.isFinite(parseAuracoin(value)),
    )
    .test(
      'positive',
      "L'obiettivo deve essere maggiore di zero",
      (value) => value === undefined || !(parseAuracoin(value) <= 0),
    )
    .test(
      'max',
      `Al massimo ${formatAuracoin(SHOW_GOAL_TARGET_MAX)} auracoin`,
      (value) => value === undefined || !(parseAuracoin(value) > SHOW_GOAL_TARGET_MAX),
    )
    .test('steps', 'A passi di 0,5', halfSteps),
  /** datetime-local (her time), empty for none; it must be in the future */
  deadline: yup
    .string()
    .test('future', 'La scadenza deve essere nel futuro', (value) => !value || new Date(value).getTime() > Date.now()),
});

export const tipMenuItemSchema = yup.object({
  label: yup
    .string()
    .trim()
    .required('Descrizione obbligatoria')
    .max(TIP_MENU_LABEL_MAX, `Massimo ${TIP_MENU_LABEL_MAX} caratteri`),
  price: tipAmount(),
});

export const tipSchema = yup.object({
  amount: tipAmount(),
  message: yup.string().trim().max(TIP_MESSAGE_MAX, `Massimo ${TIP_MESSAGE_MAX} caratteri`),
});
