import type { DomainEvent } from '@aura/contracts';
import { evolveHidden, hiddenKeysOf, type HiddenDoc } from './projection';
import { toReportView } from './queries';

const at = '2026-11-20T10:00:00.000Z';
const filed = (reportId: string, category: 'minori' | 'spam'): DomainEvent => ({
  type: 'ReportFiled',
  data: {
    reportId,
    targetKind: 'photo',
    targetId: 'p1',
    subjectKind: 'performer',
    subjectId: 'luna',
    category,
    description: 'x',
    reporterKind: 'visitor',
    reporterId: null,
    email: 'a@example.com',
    hides: category === 'minori',
    receivedAt: at,
  },
});
const decided = (reportId: string, action: 'none' | 'remove_content' | 'suspend_performer'): DomainEvent => ({
  type: 'ReportDecided',
  data: {
    reportId,
    targetKind: 'photo',
    targetId: 'p1',
    subjectKind: 'performer',
    subjectId: 'luna',
    action,
    statementId: '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f',
    adminId: 'a',
    decidedAt: at,
  },
});

/** the hidden documents after these events, by key */
function replay(events: DomainEvent[]): Map<string, HiddenDoc> {
  const docs = new Map<string, HiddenDoc>();
  for (const event of events)
    for (const key of hiddenKeysOf(event)) {
      const next = evolveHidden(docs.get(key) ?? null, event, key);
      if (next) docs.set(key, next);
    }
  return docs;
}
const hidden = (doc: HiddenDoc | undefined) => !!doc && (doc.removed || doc.openReports.length > 0);

describe('what moderation hides', () => {
  it('a hiding report hides until decided; a plain one never', () => {
    expect(hidden(replay([filed('r1', 'spam')]).get('photo:p1'))).toBe(false);
    expect(hidden(replay([filed('r1', 'minori')]).get('photo:p1'))).toBe(true);
    expect(hidden(replay([filed('r1', 'minori'), decided('r1', 'none')]).get('photo:p1'))).toBe(false);
  });

  it('stays hidden while another hiding report is open, and for good once removed; replays change nothing', () => {
    const two = [filed('r1', 'minori'), filed('r2', 'minori'), decided('r1', 'none')];
    expect(hidden(replay(two).get('photo:p1'))).toBe(true);
    const removed = [filed('r1', 'minori'), decided('r1', 'remove_content'), decided('r1', 'remove_content')];
    expect(replay(removed).get('photo:p1')).toMatchObject({ removed: true, openReports: [] });
  });

  it('a suspension hides her profile and refuses her sessions', () => {
    const docs = replay([filed('r1', 'spam'), decided('r1', 'suspend_performer')]);
    expect(docs.get('account:luna')).toMatchObject({ removed: true });
    expect(docs.get('performer:luna')).toMatchObject({ removed: true });
  });

  it('a report open past 7 days is overdue, by the clock', () => {
    const doc = { _id: 'r1', ...(filed('r1', 'spam').data as object), status: 'open', action: null } as never;
    expect(toReportView(doc, false, new Date('2026-11-27T09:00:00.000Z'))).toMatchObject({
      ageHours: 167,
      overdue: false,
    });
    expect(toReportView(doc, false, new Date('2026-11-27T10:00:00.000Z'))).toMatchObject({
      ageHours: 168,
      overdue: true,
    });
  });
});
