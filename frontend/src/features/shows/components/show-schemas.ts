import * as yup from 'yup';
import {
  isTicketPrice,
  isTipAmount,
  SHOW_FORM_MESSAGES,
  SHOW_GOAL_DESCRIPTION_MAX,
  SHOW_GOAL_TARGET_MAX,
  SHOW_TITLE_MAX,
  TIP_MENU_LABEL_MAX,
  TIP_MESSAGE_MAX,
  tipAmountMessage,
  TICKET_SHOW_DESCRIPTION_MAX,
  TICKET_SHOW_FORM_MESSAGES,
  TICKET_SHOW_STARTS_IN_MAX,
  TICKET_SHOW_STARTS_IN_MIN,
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
  title: yup
    .string()
    .trim()
    .required(SHOW_FORM_MESSAGES.titleRequired)
    .max(SHOW_TITLE_MAX, SHOW_FORM_MESSAGES.titleTooLong),
});

export const goalSchema = yup.object({
  description: yup
    .string()
    .trim()
    .required(SHOW_FORM_MESSAGES.descriptionRequired)
    .max(SHOW_GOAL_DESCRIPTION_MAX, SHOW_FORM_MESSAGES.goalDescriptionTooLong),
  target: auracoin()
    .test(
      'present',
      SHOW_FORM_MESSAGES.targetRequired,
      (value) => value !== undefined && String(value).trim() !== '' && Number.isFinite(parseAuracoin(value)),
    )
    .test('positive', SHOW_FORM_MESSAGES.targetPositive, (value) => value === undefined || !(parseAuracoin(value) <= 0))
    .test(
      'max',
      SHOW_FORM_MESSAGES.targetMax,
      (value) => value === undefined || !(parseAuracoin(value) > SHOW_GOAL_TARGET_MAX),
    )
    .test('steps', SHOW_FORM_MESSAGES.targetSteps, halfSteps),
  /** datetime-local (her time), empty for none; it must be in the future */
  deadline: yup
    .string()
    .test('future', SHOW_FORM_MESSAGES.deadlineFuture, (value) => !value || new Date(value).getTime() > Date.now()),
});

export const tipMenuItemSchema = yup.object({
  label: yup
    .string()
    .trim()
    .required(SHOW_FORM_MESSAGES.descriptionRequired)
    .max(TIP_MENU_LABEL_MAX, SHOW_FORM_MESSAGES.tipMenuLabelTooLong),
  price: tipAmount(),
});

export const tipSchema = yup.object({
  amount: tipAmount(),
  message: yup.string().trim().max(TIP_MESSAGE_MAX, SHOW_FORM_MESSAGES.tipMessageTooLong),
});

// the ticket show's form: the rules of AnnounceTicketShowBody (contracts/src/api/ticket-shows.ts)
export const ticketShowSchema = yup.object({
  price: auracoin().test(
    'price',
    TICKET_SHOW_FORM_MESSAGES.price,
    (value) => value !== undefined && isTicketPrice(parseAuracoin(value)),
  ),
  startsInMinutes: auracoin().test('minutes', TICKET_SHOW_FORM_MESSAGES.startsInMinutes, (value) => {
    const minutes = Number(value);
    return Number.isInteger(minutes) && minutes >= TICKET_SHOW_STARTS_IN_MIN && minutes <= TICKET_SHOW_STARTS_IN_MAX;
  }),
  description: yup
    .string()
    .trim()
    .required(TICKET_SHOW_FORM_MESSAGES.descriptionRequired)
    .max(TICKET_SHOW_DESCRIPTION_MAX, TICKET_SHOW_FORM_MESSAGES.descriptionTooLong),
});
