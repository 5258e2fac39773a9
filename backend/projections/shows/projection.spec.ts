import type { DomainEvent } from '@aura/contracts';
import { evolveShow, evolveShowMessage, evolveShowTipper, evolveStage, type ShowDoc } from './projection';
import { toGoalView } from './queries';

const at = '2026-11-20T21:00:00.000Z';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const showId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const goalA = '9a7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const goalB = '9b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const tipId = 'a17c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';

const replay = (events: DomainEvent[]) => events.reduce<ShowDoc | null>(evolveShow, null);
const started: DomainEvent = {
  type: 'ShowStarted',
  data: { showId, performerId, title: 'Serata jazz', startedAt: at },
};
const tipped = (amountUnits: number, purchasedUnits: number): DomainEvent => ({
  type: 'ShowTipped',
  data: {
    tipId,
    walletId: userId,
    showId,
    performerId,
    identityId: userId,
    displayName: 'mario',
    amountUnits,
    message: null,
    menuItemId: null,
    menuItemLabel: null,
    purchasedUnits,
    promotionalUnits: amountUnits - purchasedUnits,
    tippedAt: at,
  },
});

describe('shows read model', () => {
  it('follows the status: live, paused, live, ended with its peak', () => {
    expect(replay([started])?.status).toBe('live');
    expect(
      replay([started, { type: 'ShowPaused', data: { showId, performerId, sessionId: null, pausedAt: at } }])?.status,
    ).toBe('paused');
    const ended = replay([
      started,
      { type: 'ShowEnded', data: { showId, performerId, reason: 'performer', peakViewers: 7, endedAt: at } },
    ]);
    expect(ended).toMatchObject({ status: 'ended', endedAt: at, peakViewers: 7 });
    // a resume after the end changes nothing
    expect(evolveShow(ended, { type: 'ShowResumed', data: { showId, performerId, resumedAt: at } })?.status).toBe(
      'ended',
    );
  });

  it('takes her new title while the show is on', () => {
    const retitled: DomainEvent = {
      type: 'ShowRetitled',
      data: { showId, performerId, title: 'Jazz e blues', retitledAt: at },
    };
    expect(replay([started, retitled])?.title).toBe('Jazz e blues');
  });

  it('sums the tips and her share of their purchased part', () => {
    const doc = replay([started, tipped(1000, 1000), tipped(1000, 0), tipped(150, 150)]);
    expect(doc).toMatchObject({ tipsCount: 3, tipsUnits: 2150, earningsCents: 550 + 0 + 82 });
  });

  it("sums a name's tips in one show for its leaderboard line, keeping when its total last grew", () => {
    const later = (event: DomainEvent, tippedAt: string): DomainEvent =>
      ({ ...event, data: { ...event.data, tippedAt } }) as DomainEvent;
    const line = [tipped(1000, 1000), later(tipped(250, 0), '2026-11-20T21:05:00.000Z')].reduce(evolveShowTipper, null);
    expect(line).toEqual({
      _id: `${showId}:${userId}`,
      showId,
      identityId: userId,
      walletId: userId,
      displayName: 'mario',
      totalUnits: 1250,
      tips: 2,
      lastTippedAt: '2026-11-20T21:05:00.000Z',
    });
    expect(evolveShowTipper(line, started)).toBe(line);
  });

  it('shows the running goal, and after it is reached the next with the surplus', () => {
    const goal = (goalId: string, targetUnits: number): DomainEvent => ({
      type: 'ShowGoalSet',
      data: {
        showId,
        goalId,
        description: goalId === goalA ? 'Ballo' : 'Canzone',
        targetUnits,
        deadline: null,
        setAt: at,
      },
    });
    const doc = replay([
      started,
      goal(goalA, 3000),
      goal(goalB, 2000),
      { type: 'ShowTipCounted', data: { showId, tipId, amountUnits: 3500, countedAt: at } },
      { type: 'ShowGoalReached', data: { showId, goalId: goalA, surplusUnits: 500, reachedAt: at } },
    ])!;
    expect(doc.goalsReached).toBe(1);
    expect(toGoalView(doc)).toEqual({ id: goalB, description: 'Canzone', target: 20, progress: 5, deadline: null });
  });

  it('keeps her stage: the show on now, her menu, the bans', () => {
    const items = [{ id: tipId, label: 'Balla una canzone', priceUnits: 2500 }];
    const events: DomainEvent[] = [
      started,
      { type: 'TipMenuSet', data: { performerId, items, setAt: at } },
      { type: 'ShowRoomBanned', data: { performerId, identityId: userId, userId, bannedBy: performerId, at } },
    ];
    const stage = events.reduce<ReturnType<typeof evolveStage>>(evolveStage, null);
    expect(stage).toEqual({
      _id: performerId,
      currentShowId: showId,
      menu: items,
      bans: [{ identityId: userId, userId }],
    });
    expect(
      evolveStage(stage, {
        type: 'ShowEnded',
        data: { showId, performerId, reason: 'performer', peakViewers: 0, endedAt: at },
      })?.currentShowId,
    ).toBeNull();
  });

  it('hides a deleted line, whatever order the events come in after a crash', () => {
    const posted: DomainEvent = {
      type: 'ShowMessagePosted',
      data: {
        messageId: tipId,
        showId,
        performerId,
        identityId: userId,
        userId,
        displayName: 'mario',
        senderType: 'user',
        content: 'ciao',
        postedAt: at,
      },
    };
    const deleted: DomainEvent = {
      type: 'ShowMessageDeleted',
      data: { showId, messageId: tipId, deletedBy: performerId, at },
    };
    expect([posted, deleted].reduce(evolveShowMessage, null)?.deleted).toBe(true);
    expect(evolveShowMessage(null, deleted)).toBeNull();
  });
});
