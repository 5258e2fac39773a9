import type { DomainEvent } from '@aura/contracts';
import type { RealtimeEmitter } from '../../kernel/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { showPushes } from './pushes';
import type { ShowQueries } from './queries';

const showId = '1c7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2c7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '3c7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const messageId = '4c7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';

const posted: DomainEvent = {
  type: 'ShowMessagePosted',
  data: {
    messageId,
    showId,
    performerId,
    identityId: userId,
    userId,
    displayName: 'bob',
    senderType: 'user',
    content: 'Ciao Luna!',
    postedAt: '2026-11-20T10:01:00.000Z',
  },
};

/** what each audience heard: [to, room, event, payload] */
function pushesOf(events: DomainEvent[]) {
  const heard: { to: string; room?: string; event: string; payload: unknown }[] = [];
  const to =
    (kind: string) =>
    (room: string, event: string, payload: unknown): void =>
      void heard.push({ to: kind, room, event, payload });
  const realtime = {
    toUser: to('user'),
    toPerformer: to('performer'),
    toConversation: to('conversation'),
    toShow: to('show'),
    toEveryone: (event: string, payload: unknown) => void heard.push({ to: 'everyone', event, payload }),
    toAdmins: (event: string, payload: unknown) => void heard.push({ to: 'admins', event, payload }),
  } as unknown as RealtimeEmitter;
  const shows = {
    stage: async () => ({ currentShowId: showId }),
    byId: async () => null,
  } as unknown as ShowQueries;
  const recorded = events.map((event, position) => ({ ...event, position }) as unknown as RecordedEvent);
  return showPushes({ shows, realtime })(recorded).then(() => heard);
}

describe("a show room's pushes (issue 39 item 8: no account ids to viewers)", () => {
  it('the room hears a line without who wrote it; she and the admins hear it with', async () => {
    const heard = await pushesOf([posted]);
    const line = { id: messageId, showId, displayName: 'bob', senderType: 'user', content: 'Ciao Luna!' };
    expect(heard).toEqual([
      { to: 'show', room: showId, event: 'show:message', payload: { showId, message: expect.objectContaining(line) } },
      {
        to: 'performer',
        room: performerId,
        event: 'show:message',
        payload: { showId, message: { ...line, identityId: userId, postedAt: '2026-11-20T10:01:00.000Z' } },
      },
      {
        to: 'admins',
        event: 'show:message',
        payload: { showId, message: expect.objectContaining({ identityId: userId }) },
      },
    ]);
    expect(JSON.stringify(heard[0])).not.toContain(userId);
  });

  it('a ban tells the room to ask again, without whose identity was banned', async () => {
    const banned: DomainEvent = {
      type: 'ShowRoomBanned',
      data: { performerId, identityId: userId, userId, bannedBy: performerId, at: '2026-11-20T10:02:00.000Z' },
    };
    const heard = await pushesOf([banned]);
    expect(heard).toEqual([{ to: 'show', room: showId, event: 'show:banned', payload: { showId } }]);
  });
});
