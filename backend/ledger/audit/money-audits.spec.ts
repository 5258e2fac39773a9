import { performerStreams } from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import { earningsCredited } from '../earnings/credit';
import { moneyAudits } from './money-audits';
import { auditPayouts } from './payouts';
import { auditSessions } from './sessions';
import { auditTicketShows } from './tickets';

const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const creditedAt = new Date('2026-11-18T10:00:00.000Z');
const sale = { performerId, source: 'photo' as const, sourceId: 'p1', grossUnits: 1000, purchasedUnits: 1000 };

describe("the ledger's own audits", () => {
  it('check payouts as of the clock and with the reserve given, then the private sessions, then the ticket shows, over the log', async () => {
    // given her share of a sale credited two days before now, inside the 7-day reserve
    const credit = earningsCredited(sale, creditedAt);
    const events: StoredEvent[] = [
      {
        id: 'e1',
        streamId: performerStreams.earnings(performerId),
        revision: 0,
        position: 1,
        type: credit.type,
        data: credit.data,
        metadata: {},
        createdAt: creditedAt,
      },
    ];
    const now = new Date('2026-11-20T10:00:00.000Z');
    const audits = moneyAudits({ now: () => now, reserveDays: 7 });
    const reports = await Promise.all(audits.map((audit) => audit(events, { storedReadModels: false })));
    expect(reports).toEqual([
      auditPayouts(events, { now, reserveDays: 7 }),
      auditSessions(events),
      auditTicketShows(events),
    ]);
    // then the payouts audit holds it in reserve as of that clock, and the sessions and ticket shows audits come after
    expect(reports.map((report) => report.lines[0])).toEqual([
      expect.stringMatching(/^ {2}payouts: 1 performer\(s\) earned 5\.50 € .* \+ held in reserve 5\.50 €$/),
      expect.stringMatching(/^ {2}private sessions: 0, minutes billed: 0/),
      expect.stringMatching(/^ {2}ticket shows: 0, 0 tickets charged/),
    ]);
  });
});
