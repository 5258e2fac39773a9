import type { DomainEvent } from '@aura/contracts';
import type { RealtimeEmitter } from '../../kernel/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { evolveSessionTalk, sessionTalkPushes, toSessionTalkView, type SessionTalkDoc } from './talk';
import type { ViewedSession } from './queries';

const sessionId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const aliasId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const line = (messageId: string, party: 'user' | 'performer', text: string, postedAt: string): DomainEvent => ({
  type: 'SessionMessagePosted',
  data: { sessionId, messageId, party, displayName: party === 'user' ? 'Zorro' : 'Luna', text, postedAt },
});
const tip = (tipId: string, amountUnits: number, tippedAt: string): DomainEvent => ({
  type: 'SessionTipped',
  data: {
    sessionId,
    tipId,
    walletId: userId,
    performerId,
    identityId: aliasId,
    displayName: 'Zorro',
    amountUnits,
    purchasedUnits: amountUnits,
    promotionalUnits: 0,
    tippedAt,
  },
});

const docsOf = (events: DomainEvent[]) => events.map((event) => evolveSessionTalk(null, event)!);

describe('a private session’s lines and tips as read', () => {
  it('keeps each line and tip under the name the session shows, never an account id', () => {
    const docs = docsOf([
      line('5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f', 'user', 'Ciao', '2026-11-20T10:01:00.000Z'),
      tip('6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f', 500, '2026-11-20T10:02:00.000Z'),
      line('7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f', 'performer', 'Grazie!', '2026-11-20T10:03:00.000Z'),
      tip('8b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f', 250, '2026-11-20T10:04:00.000Z'),
    ]);
    const view = toSessionTalkView(sessionId, docs);
    expect(view).toMatchObject({
      sessionId,
      messages: [
        { from: 'user', displayName: 'Zorro', text: 'Ciao' },
        { from: 'performer', displayName: 'Luna', text: 'Grazie!' },
      ],
      tips: [
        { displayName: 'Zorro', amount: 5 },
        { displayName: 'Zorro', amount: 2.5 },
      ],
      tipsTotal: 7.5,
    });
    expect(JSON.stringify(view)).not.toContain(userId);
  });

  it('leaves a document alone for any other event', () => {
    const doc = docsOf([tip('6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f', 500, '2026-11-20T10:02:00.000Z')])[0]!;
    const other: DomainEvent = { type: 'SessionExpired', data: { sessionId, expiredAt: '2026-11-20T10:05:00.000Z' } };
    expect(evolveSessionTalk(doc, other)).toBe(doc);
    expect(evolveSessionTalk(null, other)).toBeNull();
    expect(toSessionTalkView(sessionId, [] as SessionTalkDoc[])).toEqual({
      sessionId,
      messages: [],
      tips: [],
      tipsTotal: 0,
    });
  });
});

describe('a private session’s lines and tips, pushed', () => {
  it('tells both its parties of each new line and tip, with the tips’ total', async () => {
    const heard: [string, string, string, unknown][] = [];
    const realtime = {
      toUser: (room: string, event: string, payload: unknown) => void heard.push(['user', room, event, payload]),
      toPerformer: (room: string, event: string, payload: unknown) =>
        void heard.push(['performer', room, event, payload]),
    } as unknown as RealtimeEmitter;
    const push = sessionTalkPushes({
      realtime,
      talk: { of: async () => ({ sessionId, messages: [], tips: [], tipsTotal: 7.5 }) },
      byId: async () => ({ _id: sessionId, userId, performerId }) as ViewedSession,
    });
    const recordedAs = (event: DomainEvent, position: number) => ({ ...event, position }) as unknown as RecordedEvent;
    await push([
      recordedAs(line('5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f', 'user', 'Ciao', '2026-11-20T10:01:00.000Z'), 1),
      recordedAs({ type: 'SessionExpired', data: { sessionId, expiredAt: '2026-11-20T10:05:00.000Z' } }, 2),
      recordedAs(tip('6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f', 500, '2026-11-20T10:02:00.000Z'), 3),
    ]);
    expect(heard).toMatchObject([
      ['user', userId, 'session:message', { sessionId, message: { from: 'user', displayName: 'Zorro', text: 'Ciao' } }],
      ['performer', performerId, 'session:message', { sessionId, message: { text: 'Ciao' } }],
      ['user', userId, 'session:tip', { sessionId, tip: { amount: 5, displayName: 'Zorro' }, tipsTotal: 7.5 }],
      ['performer', performerId, 'session:tip', { sessionId, tip: { amount: 5 }, tipsTotal: 7.5 }],
    ]);
  });
});
