import { REFUND_BODY_MESSAGES, type RefundableSaleView } from '@aura/contracts';

/** What is left to give back of a sale, auracoin (two decimals). */
export function refundLeft(sale: Pick<RefundableSaleView, 'amount' | 'refunded'>): number {
  return Math.max(0, Math.round((sale.amount - sale.refunded) * 100) / 100);
}

/**
 * An amount typed the Italian way ('6', '6,5', '1.234,50') or with a decimal point ('6.5'), or null
 * when it is not a number.
 */
export function parseItalianAmount(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  const plain = trimmed.includes(',')
    ? trimmed.replace(/\./g, '').replace(',', '.')
    : /^\d{1,3}(\.\d{3})+$/.test(trimmed)
      ? trimmed.replace(/\./g, '')
      : trimmed;
  if (!/^\d+(\.\d+)?$/.test(plain)) return null;
  return Number(plain);
}

/** Why this amount cannot be refunded of what is left (null: it can). */
export function refundAmountError(amount: number | null, left: number): string | null {
  if (amount === null || amount <= 0 || Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6)
    return REFUND_BODY_MESSAGES.amount;
  if (amount > left + 1e-9) return `Al massimo quanto resta da rimborsare: ${String(left).replace('.', ',')} auracoin`;
  return null;
}
