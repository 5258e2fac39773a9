import type { StoredEvent } from '../../platform/eventstore/port';
import { moneyAudits } from './money-audits';
import { auditPayouts } from './payouts';
import { auditSessions } from './sessions';

describe("the ledger's own audits", () => {
  it('check payouts as of the clock, then the private sessions, over the log they are given', async () => {
    const events: StoredEvent[] = [];
    const now = new Date('2026-11-20T10:00:00.000Z');
    const audits = moneyAudits({ now: () => now, reserveDays: 7 });
    const reports = await Promise.all(audits.map((audit) => audit(events, { storedReadModels: false })));
    expect(reports).toEqual([auditPayouts(events, { now, reserveDays: 7 }), auditSessions(events)]);
    expect(reports.map((report) => report.lines[0])).toEqual([
      expect.stringMatching(/^ {2}payouts: 0 performer\(s\)/),
      expect.stringMatching(/^ {2}private sessions: 0, minutes billed: 0/),
    ]);
  });
});
