import type { DomainEvent } from '@aura/contracts';
import { recordedAs } from '../../test/doubles/recorded';
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import { PAYOUT_STATEMENTS, payoutStatementsProjection, type StatementDoc } from './projection';
import { toStatementView } from './queries';

const performerId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
const session = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
const otherSession = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e42';
// a Wednesday in Rome: one week's statement
const at = '2026-11-18T10:00:00.000Z';

const credit = (source: 'session' | 'message' | 'tip', sourceId: string, shareCents: number): DomainEvent => ({
  type: 'PerformerEarningsCredited',
  data: { performerId, source, sourceId, grossUnits: shareCents * 2, shareCents, creditedAt: at },
});

async function statementOf(events: DomainEvent[], batched: boolean) {
  const store = createMingoReadModelStore();
  const recorded = events.map((event, index) =>
    recordedAs(event, { id: `e${index}`, position: index + 1, createdAt: new Date(at) }),
  );
  if (batched) await payoutStatementsProjection.applyBatch!(recorded, store);
  else for (const event of recorded) await payoutStatementsProjection.apply(event, store);
  const [doc] = await store.collection<StatementDoc>(PAYOUT_STATEMENTS).find({});
  return toStatementView(doc!, new Date(at));
}

describe('weekly statement: sales counted', () => {
  const events = [
    // one session of three billed minutes and the rest of its minimum: one sale
    credit('session', `${session}:minute-1`, 165),
    credit('session', `${session}:minute-2`, 165),
    credit('session', `${session}:minute-3`, 165),
    credit('session', `${session}:minimum`, 330),
    credit('session', `${otherSession}:minute-1`, 165),
    credit('message', 'm1', 55),
    credit('message', 'm2', 55),
    credit('tip', 't1', 110),
  ];

  it.each([false, true])('counts a session once however many parts it was billed in (batched: %s)', async (batched) => {
    const statement = await statementOf(events, batched);
    expect(statement.sources.session).toMatchObject({ count: 2, shareCents: 990 });
    expect(statement.sources.message).toMatchObject({ count: 2, shareCents: 110 });
    expect(statement.sources.tip).toMatchObject({ count: 1, shareCents: 110 });
    expect(statement.sources.photo).toMatchObject({ count: 0, shareCents: 0 });
    // the sources add up to her share
    const sources = Object.values(statement.sources);
    expect(sources.reduce((sum, source) => sum + source.shareCents, 0)).toBe(statement.shareCents);
  });

  it('a crash that replays the batch counts nothing twice', async () => {
    const store = createMingoReadModelStore();
    const recorded = events.map((event, index) =>
      recordedAs(event, { id: `e${index}`, position: index + 1, createdAt: new Date(at) }),
    );
    for (const event of recorded) await payoutStatementsProjection.apply(event, store);
    for (const event of recorded.slice(2)) await payoutStatementsProjection.apply(event, store);
    const [doc] = await store.collection<StatementDoc>(PAYOUT_STATEMENTS).find({});
    expect(toStatementView(doc!, new Date(at)).sources.session.count).toBe(2);
  });
});
