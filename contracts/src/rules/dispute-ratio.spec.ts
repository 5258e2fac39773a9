import { describe, expect, it } from '@jest/globals';
import * as ratio from './dispute-ratio';

const { disputeRatio } = ratio;

describe('the dispute ratio', () => {
  it('uses the card networks’ thresholds over 30 days', () => {
    expect([ratio.DISPUTE_RATIO_DAYS, ratio.DISPUTE_RATIO_WARNING_PERCENT, ratio.DISPUTE_RATIO_ALARM_PERCENT]).toEqual([
      30, 0.9, 1.5,
    ]);
  });

  it('is disputes over card payments, percent with two decimals', () => {
    expect(disputeRatio(1, 300)).toEqual({ disputes: 1, cardPayments: 300, percent: 0.33, level: 'ok' });
    expect(disputeRatio(0, 50)).toEqual({ disputes: 0, cardPayments: 50, percent: 0, level: 'ok' });
  });

  it('warns from 0.9%, alarms from 1.5%, decided on the exact ratio', () => {
    expect(disputeRatio(8, 1000).level).toBe('ok');
    expect(disputeRatio(9, 1000)).toMatchObject({ percent: 0.9, level: 'warning' });
    expect(disputeRatio(14, 1000)).toMatchObject({ percent: 1.4, level: 'warning' });
    expect(disputeRatio(15, 1000)).toMatchObject({ percent: 1.5, level: 'alarm' });
    // 0.8996% shows as 0.9 but stays under the warning
    expect(disputeRatio(8996, 1_000_000)).toMatchObject({ percent: 0.9, level: 'ok' });
    expect(disputeRatio(3, 2)).toMatchObject({ percent: 150, level: 'alarm' });
  });

  it('no card payment: no ratio; disputes on older payments alone are an alarm', () => {
    expect(disputeRatio(0, 0)).toEqual({ disputes: 0, cardPayments: 0, percent: null, level: 'ok' });
    expect(disputeRatio(2, 0)).toEqual({ disputes: 2, cardPayments: 0, percent: null, level: 'alarm' });
  });

  it('says each level in Italian', () => {
    expect(ratio.DISPUTE_RATIO_LEVEL_LABELS).toEqual({
      ok: 'Nella norma',
      warning: 'Attenzione: soglia di avviso dei circuiti superata',
      alarm: 'Allarme: soglia critica dei circuiti superata',
    });
  });
});
