import type { StoredEvent } from '../../platform/eventstore/port';
import { moneyAudits } from './money-audits';
import { auditSessions } from './sessions';

describe("the ledger's own audits", () => {
  it("check the private sessions' money over the log they are given", async () => {
    const events: StoredEvent[] = [];
    const reports = await Promise.all(moneyAudits().map((audit) => audit(events, { storedReadModels: false })));
    expect(reports).toEqual([auditSessions(events)]);
    expect(reports[0]!.lines[0]).toMatch(/^ {2}private sessions: 0, minutes billed: 0/);
  });
});
