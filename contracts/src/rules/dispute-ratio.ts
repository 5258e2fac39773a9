/**
 * Dispute ratio in sight (issue 38 item 10): card disputes ÷ card payments over the last 30 days,
 * against the card networks' monitoring thresholds: a warning from 0.9%, an alarm from 1.5% (above
 * them a merchant enters the networks' dispute programmes, with fines, and may lose card acceptance).
 */
export const DISPUTE_RATIO_DAYS = 30;
export const DISPUTE_RATIO_WARNING_PERCENT = 0.9;
export const DISPUTE_RATIO_ALARM_PERCENT = 1.5;

export const disputeRatioLevels = ['ok', 'warning', 'alarm'] as const;
export type DisputeRatioLevel = (typeof disputeRatioLevels)[number];

/** What the console's statistics say of each level, in Italian. */
export const DISPUTE_RATIO_LEVEL_LABELS: Record<DisputeRatioLevel, string> = {
  ok: 'Nella norma',
  warning: 'Attenzione: soglia di avviso dei circuiti superata',
  alarm: 'Allarme: soglia critica dei circuiti superata',
};

/**
 * The ratio, percent (two decimals; null with no card payment), and its level, decided on the exact
 * ratio: 9 disputes in 1,000 payments is a warning, 8 is not. Disputes with no payment in the window
 * (on older payments) are an alarm: nothing dilutes them.
 */
export function disputeRatio(disputes: number, cardPayments: number) {
  if (cardPayments <= 0)
    return { disputes, cardPayments, percent: null, level: (disputes > 0 ? 'alarm' : 'ok') as DisputeRatioLevel };
  const exact = (disputes * 100) / cardPayments;
  const level: DisputeRatioLevel =
    exact >= DISPUTE_RATIO_ALARM_PERCENT ? 'alarm' : exact >= DISPUTE_RATIO_WARNING_PERCENT ? 'warning' : 'ok';
  return { disputes, cardPayments, percent: Math.round(exact * 100) / 100, level };
}
