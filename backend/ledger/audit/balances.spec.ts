/**
 * The audit of shown balances (docs/architecture.md#money): given a log and what each read model
 * shows of the wallets, then the differences it names (stream, read model, figures).
 */
import type { StoredEvent } from '../../platform/eventstore/port';
import { auditBalances, type ShownBalance } from './balances';

const mario = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e43';
const luigi = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e44';
const at = '2026-11-20T10:00:00.000Z';

/** mario: 1000 credited, 300 spent, so a balance of 700 */
const log: StoredEvent[] = [
  { type: 'AuracoinCredited', data: { walletId: mario, amount: 1000, reason: 'welcome', creditedAt: at } },
  { type: 'AuracoinDebited', data: { walletId: mario, amount: 300, reason: 'alias', reference: 'a1', debitedAt: at } },
].map((event, revision) => ({
  ...event,
  id: `e${revision}`,
  streamId: `wallet-${mario}`,
  revision,
  position: revision + 1,
  metadata: {},
  createdAt: new Date(at),
}));

const shown = (id: string, balanceUnits: number, totalSpentUnits: number): ShownBalance => ({
  _id: id,
  balanceUnits,
  totalSpentUnits,
});
const audit = (...models: ShownBalance[][]) =>
  auditBalances(
    log,
    models.map((accounts, index) => ({ label: `model ${index + 1}`, accounts })),
  );

describe('the audit of the balances read models show', () => {
  it('a read model showing the replayed balance and total spent has no problem', () => {
    expect(audit([shown(mario, 700, 300)])).toEqual([]);
  });

  it('a balance other than the replayed one is named, with both figures', () => {
    expect(audit([shown(mario, 800, 300)])).toEqual([
      { stream: `wallet-${mario}`, problem: 'model 1: balance 800 but the log gives 700' },
    ]);
  });

  it('a total spent other than the replayed one is named, with both figures', () => {
    expect(audit([shown(mario, 700, 200)])).toEqual([
      { stream: `wallet-${mario}`, problem: 'model 1: total spent 200 but the log gives 300' },
    ]);
  });

  it('a wallet of the log that a read model does not show is named', () => {
    expect(audit([shown(luigi, 0, 0)])).toEqual([
      { stream: `wallet-${mario}`, problem: 'model 1: no user for this wallet' },
    ]);
  });

  it('a shown balance for a wallet with no events is named; an empty account is not', () => {
    // given luigi shown with coins, or with spending, though his wallet has no events
    expect(audit([shown(mario, 700, 300), shown(luigi, 50, 0)])).toEqual([
      { stream: `wallet-${luigi}`, problem: 'model 1: balance 50 for a wallet with no events' },
    ]);
    expect(audit([shown(mario, 700, 300), shown(luigi, 0, 20)])).toEqual([
      { stream: `wallet-${luigi}`, problem: 'model 1: balance 0 for a wallet with no events' },
    ]);
    // then an account with nothing shown is fine
    expect(audit([shown(mario, 700, 300), shown(luigi, 0, 0)])).toEqual([]);
  });

  it('each read model is compared on its own, under its own name', () => {
    expect(audit([shown(mario, 700, 300)], [shown(mario, 700, 301)])).toEqual([
      { stream: `wallet-${mario}`, problem: 'model 2: total spent 301 but the log gives 300' },
    ]);
  });
});
