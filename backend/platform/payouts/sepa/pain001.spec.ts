import { sepaFileOf } from './provider';
import { endToEndIdOf, renderPain001, sepaAmount, sepaText } from './pain001';

const debtor = { name: 'Aura S.r.l.', iban: 'IT60X0542811101000000123456', bic: 'BPPIITRRXXX' };
const run = { runId: '7b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d', periodEnd: '2026-11-15T22:59:59.999Z' };
const request = (payoutId: string, amountCents: number, method: 'iban' | 'card' = 'iban', runId = run.runId) => ({
  payoutId,
  performerId: '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f',
  runId,
  periodEnd: run.periodEnd,
  attempt: 1,
  amountCents,
  currency: 'eur' as const,
  destination:
    method === 'iban'
      ? { method, holderName: 'Zoë Müller & Co <x>', iban: 'GB82WEST12345698765432' }
      : { method, holderName: 'Camila', cardReference: 'card_1N4x9Q2eZvKYlo2C' },
});

describe('pain.001.001.03', () => {
  it('writes amounts in euro with two decimals, never through floating point', () => {
    expect([sepaAmount(5), sepaAmount(100), sepaAmount(123456), sepaAmount(1999)]).toEqual([
      '0.05',
      '1.00',
      '1234.56',
      '19.99',
    ]);
  });

  it('keeps names to the SEPA character set and length', () => {
    expect(sepaText('Zoë Müller & Co <x>', 70)).toBe('Zoe Muller Co x');
    expect(sepaText('Ж', 70)).toBe('N/A');
    expect(sepaText('a'.repeat(80), 70)).toHaveLength(70);
  });

  it('the end-to-end id is the payout id in 32 hex digits (Max35Text)', () => {
    expect(endToEndIdOf('7b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d')).toBe('7b1c2d3e4f504a6b8c7d9e0f1a2b3c4d');
  });

  it("a run's file: its IBAN payouts once each, with their sum and count; cards and other runs' payouts left out", () => {
    const now = new Date('2026-11-18T10:00:00.000Z');
    const a = 'aaaaaaaa-0000-4000-8000-000000000001';
    const b = 'bbbbbbbb-0000-4000-8000-000000000002';
    const file = sepaFileOf(
      run,
      [
        request(b, 5500),
        request(a, 12001),
        request(a, 12001),
        request('cccccccc-0000-4000-8000-000000000003', 700, 'card'),
        request('dddddddd-0000-4000-8000-000000000004', 900, 'iban', 'eeeeeeee-0000-4000-8000-000000000005'),
      ],
      debtor,
      now,
    )!;
    expect(file.transactions.map((t) => [t.payoutId, t.amountCents])).toEqual([
      [a, 12001],
      [b, 5500],
    ]);
    expect(file).toMatchObject({
      numberOfTransactions: 2,
      controlSumCents: 17501,
      messageId: '7b1c2d3e4f504a6b8c7d9e0f1a2b3c4d',
      requestedExecutionDate: '2026-11-18',
      debtor,
    });
    // a run made before its Tuesday asks for its Tuesday
    expect(
      sepaFileOf(run, [request(a, 100)], debtor, new Date('2026-11-16T08:00:00.000Z'))!.requestedExecutionDate,
    ).toBe('2026-11-17');
    expect(sepaFileOf(run, [request('cccccccc-0000-4000-8000-000000000003', 700, 'card')], debtor, now)).toBeNull();

    const xml = renderPain001(file, () => 'Aura compensi settimana 2026-11-09');
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
    expect(xml.match(/<CtrlSum>175\.01<\/CtrlSum>/g)).toHaveLength(2);
    expect(xml).toContain('<EndToEndId>aaaaaaaa000040008000000000000001</EndToEndId>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">120.01</InstdAmt>');
    expect(xml).toContain('<Nm>Zoe Muller Co x</Nm>');
    expect(xml).toContain('<ReqdExctnDt>2026-11-18</ReqdExctnDt>');
    expect(xml).toContain('<BIC>BPPIITRRXXX</BIC>');
    expect(renderPain001(file, () => 'x')).toBe(renderPain001(file, () => 'x'));
  });
});
