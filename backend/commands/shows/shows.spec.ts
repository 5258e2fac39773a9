import { errorMessages } from '@aura/contracts';
import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import type { Principal } from '../../platform/http/session';
import { earningsCredited, tipSale } from '../../ledger';
import { mayGoLive, maySetTipMenu, mayTip, mayWriteIn, runsRoom, sendsThumbnail } from './policy';
import {
  decideAcceptTip,
  decideCloseRoom,
  decideCountTip,
  decideDeleteMessage,
  decideExpireGoals,
  decideMute,
  decidePostMessage,
  decideSetGoal,
  room,
  runningGoal,
} from './room';
import {
  assertOpenTo,
  assertShowingLive,
  decideBan,
  decideEndShow,
  decidePauseShow,
  decideResumeShow,
  decideRetitleShow,
  decideSetTipMenu,
  decideStartShow,
  decideTip,
  isBanned,
  stage,
} from './stage';

const now = new Date('2026-11-20T21:00:00.000Z');
const at = now.toISOString();
const later = new Date('2026-11-20T22:00:00.000Z');
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const showId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const sessionId = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const aliasId = '8b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const goalA = '9a7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const goalB = '9b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const tip1 = 'a17c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const tip2 = 'a27c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';

const started: DomainEvent = {
  type: 'ShowStarted',
  data: { showId, performerId, title: 'Serata jazz', startedAt: at },
};
const paused: DomainEvent = { type: 'ShowPaused', data: { showId, performerId, sessionId, pausedAt: at } };
const ended: DomainEvent = {
  type: 'ShowEnded',
  data: { showId, performerId, reason: 'performer', peakViewers: 3, endedAt: at },
};

describe('stage decider', () => {
  const spec = deciderSpec(stage);
  it('goes live once: a second show while one is on is a conflict', () => {
    spec
      .given([])
      .when((s) => decideStartShow({ showId, performerId, title: 'Serata jazz' }, s, now))
      .then([started]);
    spec
      .given([started])
      .when((s) => decideStartShow({ showId: sessionId, performerId, title: 'Ancora' }, s, now))
      .thenThrows('show_already_live');
    spec
      .given([started, paused])
      .when((s) => decideStartShow({ showId: sessionId, performerId, title: 'Ancora' }, s, now))
      .thenThrows('show_already_live');
  });
  it('goes live again after the end', () => {
    spec
      .given([started, ended])
      .when((s) => decideStartShow({ showId: sessionId, performerId, title: 'Di nuovo' }, s, later))
      .then([
        {
          type: 'ShowStarted',
          data: { showId: sessionId, performerId, title: 'Di nuovo', startedAt: later.toISOString() },
        },
      ]);
  });
  it('retitles the show on now (live or paused); the same title changes nothing; an ended show is a conflict', () => {
    const retitled: DomainEvent = {
      type: 'ShowRetitled',
      data: { showId, performerId, title: 'Jazz e blues', retitledAt: at },
    };
    const retitle = (title: string) => (s: Parameters<typeof decideRetitleShow>[1]) =>
      decideRetitleShow({ showId, performerId, title }, s, now);
    spec.given([started]).when(retitle('Jazz e blues')).then([retitled]);
    spec.given([started, paused]).when(retitle('Jazz e blues')).then([retitled]);
    spec.given([started, retitled]).when(retitle('Jazz e blues')).then([]);
    spec.given([started]).when(retitle('Serata jazz')).then([]);
    spec.given([started, ended]).when(retitle('Jazz e blues')).thenThrows('show_ended');
    spec.given([]).when(retitle('Jazz e blues')).thenThrows('not_found');
    // her next show from OBS takes the title she gave last
    const state = [started, retitled, ended].reduce(stage.evolve, stage.initialState());
    expect(state.shows.get(showId)?.title).toBe('Jazz e blues');
  });
  it('ends the show on once; an ended show is a conflict, an unknown one not found', () => {
    spec
      .given([started])
      .when((s) => decideEndShow({ showId, performerId, reason: 'performer', peakViewers: 3 }, s, now))
      .then([ended]);
    spec
      .given([started, ended])
      .when((s) => decideEndShow({ showId, performerId, reason: 'performer', peakViewers: 3 }, s, now))
      .thenThrows('show_ended');
    spec
      .given([])
      .when((s) => decideEndShow({ showId, performerId, reason: 'performer', peakViewers: 0 }, s, now))
      .thenThrows('not_found');
  });
  it('pauses a live show for a private session and resumes it after; nothing otherwise', () => {
    spec
      .given([started])
      .when((s) => decidePauseShow({ performerId, sessionId }, s, now))
      .then([paused]);
    spec
      .given([started, paused])
      .when((s) => decidePauseShow({ performerId, sessionId }, s, now))
      .then([]);
    spec
      .given([])
      .when((s) => decidePauseShow({ performerId, sessionId }, s, now))
      .then([]);
    spec
      .given([started, paused])
      .when((s) => decideResumeShow({ performerId }, s, now))
      .then([{ type: 'ShowResumed', data: { showId, performerId, resumedAt: at } }]);
    spec
      .given([started])
      .when((s) => decideResumeShow({ performerId }, s, now))
      .then([]);
    spec
      .given([started, paused, ended])
      .when((s) => decideResumeShow({ performerId }, s, now))
      .then([]);
  });
  it('keeps at most 25 menu items', () => {
    const items = Array.from({ length: 26 }, (_, index) => ({ id: tip1, label: `Voce ${index}`, priceUnits: 100 }));
    spec
      .given([])
      .when((s) => decideSetTipMenu({ performerId, items: items.slice(0, 25) }, s, now))
      .then([{ type: 'TipMenuSet', data: { performerId, items: items.slice(0, 25), setAt: at } }]);
    spec
      .given([])
      .when((s) => decideSetTipMenu({ performerId, items }, s, now))
      .thenThrows('tip_menu_too_long');
  });
  it('bans an identity and the account behind it, once', () => {
    const banned: DomainEvent = {
      type: 'ShowRoomBanned',
      data: { performerId, identityId: aliasId, userId, bannedBy: performerId, at },
    };
    spec
      .given([])
      .when((s) => decideBan({ performerId, identityId: aliasId, userId, bannedBy: performerId }, s, now))
      .then([banned]);
    spec
      .given([banned])
      .when((s) => decideBan({ performerId, identityId: aliasId, userId, bannedBy: performerId }, s, now))
      .then([]);
    const state = [banned].reduce(stage.evolve, stage.initialState());
    expect(isBanned(state, { userId })).toBe(true);
    expect(isBanned(state, { identityId: aliasId })).toBe(true);
    expect(isBanned(state, { userId: performerId })).toBe(false);
  });
});

const goal = (goalId: string, targetUnits: number, deadline: string | null = null): DomainEvent => ({
  type: 'ShowGoalSet',
  data: { showId, goalId, description: `Obiettivo ${goalId.slice(0, 2)}`, targetUnits, deadline, setAt: at },
});
const counted = (tipId: string, amountUnits: number, when = at): DomainEvent => ({
  type: 'ShowTipCounted',
  data: { showId, tipId, amountUnits, countedAt: when },
});

describe('show room decider', () => {
  const spec = deciderSpec(room);
  const accept = { showId, tipId: tip1, walletId: userId, amountUnits: 500 };
  const accepted = (tipId: string, tippedAt: string): DomainEvent => ({
    type: 'ShowTipAccepted',
    data: { ...accept, tipId, tippedAt },
  });
  const closed = (closedAt: string): DomainEvent => ({ type: 'ShowRoomClosed', data: { showId, closedAt } });
  it('accepts a tip while the room is open, once, at its first time', () => {
    spec
      .given([])
      .when((s) => decideAcceptTip(accept, s, now))
      .then([accepted(tip1, at)]);
    spec
      .given([accepted(tip1, at)])
      .when((s) => decideAcceptTip(accept, s, later))
      .then([]);
    expect([accepted(tip1, at)].reduce(room.evolve, room.initialState()).accepted.get(tip1)).toBe(at);
  });
  it('an ended show refuses a tip: none is accepted once its room closed (409, the show ended)', () => {
    spec
      .given([accepted(tip2, at), closed(at)])
      .when((s) => decideAcceptTip(accept, s, now))
      .thenThrows('show_ended');
    // an acceptance the stream holds after the close (it raced the end) is void: the tip is refused
    const raced = [accepted(tip2, at), closed(at), accepted(tip1, at)].reduce(room.evolve, room.initialState());
    expect([...raced.accepted.keys()]).toEqual([tip2]);
    spec
      .given([closed(at), accepted(tip1, at)])
      .when((s) => decideAcceptTip(accept, s, now))
      .thenThrows('show_ended');
    // a tip accepted before the close stays accepted (its key repeated), at its time
    spec
      .given([accepted(tip1, at), closed(later.toISOString())])
      .when((s) => decideAcceptTip(accept, s, later))
      .then([]);
  });
  it('closes the room once, never before a tip it accepted', () => {
    spec
      .given([accepted(tip1, at)])
      .when((s) => decideCloseRoom({ showId }, s, later))
      .then([closed(later.toISOString())]);
    spec
      .given([closed(at)])
      .when((s) => decideCloseRoom({ showId }, s, later))
      .then([]);
    const fold = (events: DomainEvent[]) => events.reduce(room.evolve, room.initialState());
    expect(fold([accepted(tip1, at), closed(later.toISOString())]).closedAt).toBe(later.toISOString());
    // a tip accepted on a node whose clock ran ahead: the close is not earlier than it
    expect(fold([accepted(tip1, later.toISOString()), accepted(tip2, at), closed(at)]).closedAt).toBe(
      later.toISOString(),
    );
    // closed once: a second close changes nothing
    expect(fold([closed(at), closed(later.toISOString())]).closedAt).toBe(at);
  });
  it('refuses a goal of zero or less, or a deadline gone', () => {
    spec
      .given([])
      .when((s) => decideSetGoal({ showId, goalId: goalA, description: 'x', targetUnits: 0, deadline: null }, s, now))
      .thenThrows('validation_failed');
    spec
      .given([])
      .when((s) =>
        decideSetGoal({ showId, goalId: goalA, description: 'x', targetUnits: -100, deadline: null }, s, now),
      )
      .thenThrows('validation_failed');
    spec
      .given([])
      .when((s) => decideSetGoal({ showId, goalId: goalA, description: 'x', targetUnits: 100, deadline: at }, s, now))
      .thenThrows('validation_failed');
  });
  it('fills the running goal with every tip, once per tip', () => {
    spec
      .given([goal(goalA, 1000)])
      .when((s) => decideCountTip({ showId, tipId: tip1, amountUnits: 300 }, s, now))
      .then([counted(tip1, 300)]);
    spec
      .given([goal(goalA, 1000), counted(tip1, 300)])
      .when((s) => decideCountTip({ showId, tipId: tip1, amountUnits: 300 }, s, now))
      .then([]);
    const state = [goal(goalA, 1000), counted(tip1, 300), counted(tip2, 200)].reduce(room.evolve, room.initialState());
    expect(runningGoal(state)?.progressUnits).toBe(500);
  });
  it('reaches a goal and starts the next queued one with the surplus carried over', () => {
    spec
      .given([goal(goalA, 1000), goal(goalB, 500), counted(tip1, 800)])
      .when((s) => decideCountTip({ showId, tipId: tip2, amountUnits: 400 }, s, now))
      .then([
        counted(tip2, 400),
        { type: 'ShowGoalReached', data: { showId, goalId: goalA, surplusUnits: 200, reachedAt: at } },
      ]);
    const state = [
      goal(goalA, 1000),
      goal(goalB, 500),
      counted(tip1, 800),
      counted(tip2, 400),
      { type: 'ShowGoalReached', data: { showId, goalId: goalA, surplusUnits: 200, reachedAt: at } } as DomainEvent,
    ].reduce(room.evolve, room.initialState());
    expect(runningGoal(state)).toMatchObject({ goalId: goalB, progressUnits: 200, status: 'running' });
  });
  it('a big tip reaches the next goal too when its surplus covers it', () => {
    spec
      .given([goal(goalA, 100), goal(goalB, 100)])
      .when((s) => decideCountTip({ showId, tipId: tip1, amountUnits: 250 }, s, now))
      .then([
        counted(tip1, 250),
        { type: 'ShowGoalReached', data: { showId, goalId: goalA, surplusUnits: 150, reachedAt: at } },
        { type: 'ShowGoalReached', data: { showId, goalId: goalB, surplusUnits: 50, reachedAt: at } },
      ]);
  });
  it('a goal past its deadline ends unmet, and a tip after it goes to the next', () => {
    const deadline = new Date(now.getTime() + 60_000).toISOString();
    const afterDeadline = new Date(now.getTime() + 120_000);
    const when = afterDeadline.toISOString();
    spec
      .given([goal(goalA, 1000, deadline), counted(tip1, 300)])
      .when((s) => decideExpireGoals({ showId }, s, now))
      .then([]);
    spec
      .given([goal(goalA, 1000, deadline), counted(tip1, 300)])
      .when((s) => decideExpireGoals({ showId }, s, afterDeadline))
      .then([{ type: 'ShowGoalExpired', data: { showId, goalId: goalA, progressUnits: 300, expiredAt: when } }]);
    spec
      .given([goal(goalA, 1000, deadline), goal(goalB, 500), counted(tip1, 300)])
      .when((s) => decideCountTip({ showId, tipId: tip2, amountUnits: 100 }, s, afterDeadline))
      .then([
        { type: 'ShowGoalExpired', data: { showId, goalId: goalA, progressUnits: 300, expiredAt: when } },
        counted(tip2, 100, when),
      ]);
  });
  it('mutes an identity and deletes a line once each', () => {
    const muted: DomainEvent = {
      type: 'ShowIdentityMuted',
      data: { showId, identityId: aliasId, mutedBy: performerId, at },
    };
    spec
      .given([])
      .when((s) => decideMute({ showId, identityId: aliasId, mutedBy: performerId }, s, now))
      .then([muted]);
    spec
      .given([muted])
      .when((s) => decideMute({ showId, identityId: aliasId, mutedBy: performerId }, s, now))
      .then([]);
    const deleted: DomainEvent = {
      type: 'ShowMessageDeleted',
      data: { showId, messageId: tip1, deletedBy: performerId, at },
    };
    spec
      .given([])
      .when((s) => decideDeleteMessage({ showId, messageId: tip1, deletedBy: performerId }, s, now))
      .then([deleted]);
    spec
      .given([deleted])
      .when((s) => decideDeleteMessage({ showId, messageId: tip1, deletedBy: performerId }, s, now))
      .then([]);
  });
  it('a tip earns her 55% of its purchased part', () => {
    const tip = {
      tipId: tip1,
      walletId: userId,
      showId,
      performerId,
      identityId: userId,
      displayName: 'mario',
      amountUnits: 1000,
      message: null,
      menuItemId: null,
      menuItemLabel: null,
      purchasedUnits: 600,
      promotionalUnits: 400,
      tippedAt: at,
    };
    expect(earningsCredited(tipSale(tip), now).data).toMatchObject({
      source: 'tip',
      sourceId: tip1,
      grossUnits: 1000,
      purchasedUnits: 600,
      shareCents: 330,
    });
  });
});

// the rules the routes held inline: a tip, room entry, mutes, bans, and who may do what
const otherShow = sessionId;
const otherIdentity = goalB;
const otherPerformer = tip2;
const itemId = '9c7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const missingItem = '9d7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const messageId = tip2;
const tipId = tip1;

const menu: DomainEvent = {
  type: 'TipMenuSet',
  data: { performerId, items: [{ id: itemId, label: 'Balla una canzone', priceUnits: 2500 }], setAt: at },
};
const banned: DomainEvent = {
  type: 'ShowRoomBanned',
  data: { performerId, identityId: otherIdentity, userId, bannedBy: performerId, at },
};

describe('tip decider', () => {
  const spec = deciderSpec(stage);
  const tip = {
    tipId,
    walletId: userId,
    showId,
    performerId,
    amountUnits: 1000,
    message: 'Bravissima',
    menuItemId: null,
    expectedPrice: undefined,
    identity: { identityId: aliasId, displayName: 'Zorro' },
    chosenIdentity: null,
  };
  const { identity, chosenIdentity: _chosen, expectedPrice: _seen, ...paid } = tip;
  const tipped = (data: Record<string, unknown> = {}) =>
    ({ type: 'ShowTipped', data: { ...paid, ...identity, menuItemLabel: null, tippedAt: at, ...data } }) as DomainEvent;

  it('tips a live show under his identity, the one he chose in the room or a first one', () => {
    spec
      .given([started])
      .when((s) => decideTip(tip, s, now))
      .then([tipped()]);
    spec
      .given([started])
      .when((s) => decideTip({ ...tip, chosenIdentity: aliasId }, s, now))
      .then([tipped()]);
  });
  it('tips a menu item at the price he saw, the item named in the tip', () => {
    spec
      .given([started, menu])
      .when((s) => decideTip({ ...tip, menuItemId: itemId, amountUnits: 2500, expectedPrice: 25 }, s, now))
      .then([tipped({ amountUnits: 2500, menuItemId: itemId, menuItemLabel: 'Balla una canzone' })]);
  });
  it('refuses an ended show (conflict) and an unknown one (not found)', () => {
    spec
      .given([started, ended])
      .when((s) => decideTip(tip, s, now))
      .thenThrows('show_ended');
    spec
      .given([started])
      .when((s) => decideTip({ ...tip, showId: otherShow }, s, now))
      .thenThrows('not_found');
  });
  it('refuses an account banned from her room, under any identity', () => {
    spec
      .given([started, banned])
      .when((s) => decideTip(tip, s, now))
      .thenThrows('show_banned');
  });
  it('refuses a menu item she does not offer', () => {
    spec
      .given([started, menu])
      .when((s) => decideTip({ ...tip, menuItemId: missingItem }, s, now))
      .thenThrows('not_found');
  });
  it('refuses an item whose price changed since he saw it', () => {
    spec
      .given([started, menu])
      .when((s) => decideTip({ ...tip, menuItemId: itemId, amountUnits: 2500, expectedPrice: 20 }, s, now))
      .thenThrows('price_changed');
  });
  it('refuses an amount that is not the item price', () => {
    spec
      .given([started, menu])
      .when((s) => decideTip({ ...tip, menuItemId: itemId, amountUnits: 1000, expectedPrice: 25 }, s, now))
      .thenThrows('tip_price_mismatch');
  });
  it('refuses another identity once he chose one in the room', () => {
    spec
      .given([started])
      .when((s) => decideTip({ ...tip, chosenIdentity: otherIdentity }, s, now))
      .thenThrows('room_identity_taken');
  });
});

describe('room entry, mutes and bans', () => {
  it('lets an account in while the show is on and he is not banned', () => {
    const state = [started, banned].reduce(stage.evolve, stage.initialState());
    expect(() => assertOpenTo(state, showId, performerId)).not.toThrow();
    expect(() => assertOpenTo(state, showId, userId)).toThrow(errorMessages.show_banned);
    expect(() => assertOpenTo(state, otherShow, performerId)).toThrow(errorMessages.not_found);
  });

  const roomSpec = deciderSpec(room);
  const muted: DomainEvent = {
    type: 'ShowIdentityMuted',
    data: { showId, identityId: aliasId, mutedBy: performerId, at },
  };
  it('mutes an identity in her room, never herself', () => {
    roomSpec
      .given([])
      .when((s) => decideMute({ showId, identityId: aliasId, mutedBy: performerId, performerId }, s, now))
      .then([muted]);
    roomSpec
      .given([])
      .when((s) => decideMute({ showId, identityId: performerId, mutedBy: performerId, performerId }, s, now))
      .thenThrows('mute_self');
  });

  const line = {
    messageId,
    showId,
    performerId,
    identityId: aliasId,
    userId,
    displayName: 'Zorro',
    senderType: 'user' as const,
    content: 'Ciao',
  };
  it('posts a line from whoever is not muted in the room', () => {
    roomSpec
      .given([])
      .when((s) => decidePostMessage(line, s, now))
      .then([{ type: 'ShowMessagePosted', data: { ...line, postedAt: at } }]);
    roomSpec
      .given([muted])
      .when((s) => decidePostMessage(line, s, now))
      .thenThrows('show_muted');
  });

  it('bans only an identity known in her rooms', () => {
    deciderSpec(stage)
      .given([])
      .when((s) => decideBan({ performerId, identityId: otherIdentity, userId, bannedBy: performerId }, s, now))
      .then([banned]);
    deciderSpec(stage)
      .given([])
      .when((s) => decideBan({ performerId, identityId: aliasId, userId: null, bannedBy: performerId }, s, now))
      .thenThrows('not_found');
  });
});

describe('shows policy', () => {
  const performer: Principal = { kind: 'performer', sub: performerId } as Principal;
  const other: Principal = { kind: 'performer', sub: otherPerformer } as Principal;
  const user: Principal = { kind: 'user', sub: userId } as Principal;
  const admin: Principal = { kind: 'admin', sub: aliasId } as Principal;
  const approved = async (id: string) => id === performerId;

  it('only an approved performer goes live', async () => {
    await expect(mayGoLive(performer, approved)).resolves.toBeUndefined();
    await expect(mayGoLive(user, approved)).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    await expect(mayGoLive(other, approved)).rejects.toMatchObject({ status: 403, code: 'show_not_approved' });
  });
  it('she or an admin runs her room and her menu; an unapproved menu is not found', async () => {
    expect(() => runsRoom(performer, performerId)).not.toThrow();
    expect(() => runsRoom(admin, performerId)).not.toThrow();
    expect(() => runsRoom(other, performerId)).toThrow();
    await expect(maySetTipMenu(admin, performerId, approved)).resolves.toBeUndefined();
    await expect(maySetTipMenu(other, otherPerformer, approved)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });
  it('only users tip; a performer writes in her own room only', () => {
    expect(() => mayTip(user)).not.toThrow();
    expect(() => mayTip(admin)).toThrow(errorMessages.forbidden);
    expect(() => mayWriteIn(performer, performerId)).not.toThrow();
    expect(() => mayWriteIn(user, performerId)).not.toThrow();
    expect(() => mayWriteIn(other, performerId)).toThrow(errorMessages.forbidden);
  });
});

describe("a live show's thumbnail", () => {
  const spec = deciderSpec(stage);
  const resumed: DomainEvent = { type: 'ShowResumed', data: { showId, performerId, resumedAt: at } };
  const thumbnail = (s: Parameters<typeof assertShowingLive>[0]) => {
    assertShowingLive(s, showId);
    return [];
  };

  it('shows her show while it is live only: not while it waits for her private, not once it ended', () => {
    spec.given([started]).when(thumbnail).then([]);
    spec.given([started, paused, resumed]).when(thumbnail).then([]);
    spec.given([started, paused]).when(thumbnail).thenThrows('show_paused');
    spec.given([started, ended]).when(thumbnail).thenThrows('show_ended');
    spec.given([]).when(thumbnail).thenThrows('not_found');
  });

  it('comes from her own browser only', () => {
    const as = (kind: Principal['kind'], sub: string) => ({ kind, sub }) as Principal;
    expect(() => sendsThumbnail(as('performer', performerId), performerId)).not.toThrow();
    expect(() => sendsThumbnail(as('performer', userId), performerId)).toThrow();
    expect(() => sendsThumbnail(as('admin', performerId), performerId)).toThrow();
    expect(() => sendsThumbnail(as('user', performerId), performerId)).toThrow();
  });
});
