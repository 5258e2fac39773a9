import * as yup from 'yup';
import { CHAT_MESSAGE_MAX, isTipAmount, messageProblem, tipAmountMessage } from '@aura/contracts';
import { parseAuracoin } from '../../../lib/format';

// the same rules as the server's bodies (contracts/src/api/session-talk.ts), in Italian before anything is sent
export const sessionLineSchema = yup.object({
  text: yup
    .string()
    .default('')
    .test('empty', 'Scrivi un messaggio', (value) => messageProblem(value ?? '') !== 'empty')
    .test('long', `Massimo ${CHAT_MESSAGE_MAX} caratteri`, (value) => messageProblem(value ?? '') !== 'too_long'),
});

export const sessionTipSchema = yup.object({
  amount: yup
    .mixed<string | number>()
    .test('tip', tipAmountMessage, (value) => value !== undefined && isTipAmount(parseAuracoin(value))),
});
