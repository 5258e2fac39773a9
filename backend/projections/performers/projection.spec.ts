import type { DomainEvent } from '@aura/contracts';
import { evolvePerformer, type PerformerDoc } from './projection';
import { matchesGallery, onlineMinutes, toPerformerView, toPublicPerformerView } from './queries';

const performerId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const adminId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const t0 = '2026-11-20T10:00:00.000Z';
const registered: DomainEvent = {
  type: 'PerformerRegistered',
  data: {
    performerId,
    username: 'Anna.B',
    email: 'anna@example.com',
    passwordHash: 'h',
    name: 'Anna',
    dateOfBirth: '2000-05-01',
    bio: null,
    rateUnits: 250,
    languages: ['Italiano', 'English'],
    category: 'Premium',
    hairColor: 'Rossa',
    eyeColor: 'Verdi',
    bodyType: 'Snella',
    ethnicity: 'Caucasica',
    height: 170,
    specialFeatures: ['Tatuaggi'],
    image: '/x.png',
    rating: 4.6,
    signedContractAt: t0,
    digitalSignature: 'data:image/png;base64,AAAA',
    registeredAt: t0,
  },
};
const replay = (events: DomainEvent[]) => events.reduce<PerformerDoc | null>(evolvePerformer, null);
const live = (viewers = 0, now = '2026-11-20T12:00:00.000Z') => ({
  viewersOf: () => viewers,
  viewersVersion: () => 0,
  now: () => new Date(now),
});

describe('performers read model', () => {
  it('records a pending registration with search text and no secrets in its views', () => {
    const doc = replay([registered])!;
    expect(doc).toMatchObject({
      _id: performerId,
      usernameLower: 'anna.b',
      verificationStatus: 'pending',
      isOnline: false,
      searchText: 'anna premium italiano english',
      hasSignature: true,
    });
    const view = toPerformerView(doc, live());
    expect(view).toMatchObject({
      age: 26,
      creditsPerMinute: 2.5,
      totalEarnings: 0,
      rejectionReason: null,
      email: 'anna@example.com',
    });
    expect(view).not.toHaveProperty('passwordHash');
    expect(toPublicPerformerView(doc, live())).not.toHaveProperty('email');
  });

  it("counts her sessions and shows 'In privato' while one runs (a withdrawn request of someone else changes nothing)", () => {
    const a = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
    const b = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e42';
    const ended = (sessionId: string, reason: 'user_ended' | 'cancelled'): DomainEvent => ({
      type: 'SessionEnded',
      data: { sessionId, performerId, endedBy: 'user', reason, endedAt: t0, minutesBilled: 0, costUnits: 0 },
    });
    const running = replay([
      registered,
      { type: 'SessionStarted', data: { sessionId: a, performerId, startedAt: t0 } },
      ended(b, 'cancelled'),
    ])!;
    expect(toPublicPerformerView(running, live()).inPrivate).toBe(true);
    expect(toPerformerView(running, live()).totalSessions).toBe(1);
    const over = evolvePerformer(running, ended(a, 'user_ended'))!;
    expect(toPublicPerformerView(over, live()).inPrivate).toBe(false);
    expect(over.totalSessions).toBe(1);
  });

  it('follows verification, rejection reason and profile updates', () => {
    const rejected = replay([
      registered,
      { type: 'PerformerRejected', data: { performerId, adminId, reason: 'Foto sfocata', rejectedAt: t0 } },
    ]);
    expect(rejected).toMatchObject({ verificationStatus: 'rejected', rejectionReason: 'Foto sfocata' });
    const updated = replay([
      registered,
      { type: 'PerformerVerified', data: { performerId, adminId, verifiedAt: t0 } },
      {
        type: 'PerformerProfileUpdated',
        data: {
          performerId,
          changes: { name: 'Annie', rateUnits: 400, category: 'VIP', age: 30 },
          by: 'performer',
          byId: performerId,
          updatedAt: t0,
        },
      },
    ])!;
    expect(updated).toMatchObject({
      verificationStatus: 'approved',
      name: 'Annie',
      rateUnits: 400,
      category: 'VIP',
      searchText: 'annie vip italiano english',
      bio: null,
    });
    expect(toPerformerView(updated, live()).age).toBe(30);
  });

  it('prices a chat message at 1 auracoin until she sets it (0 makes messages free)', () => {
    expect(toPerformerView(replay([registered])!, live()).messagePrice).toBe(1);
    const priced = replay([
      registered,
      {
        type: 'PerformerProfileUpdated',
        data: { performerId, changes: { messagePriceUnits: 250 }, by: 'performer', byId: performerId, updatedAt: t0 },
      },
    ])!;
    expect(toPerformerView(priced, live())).toMatchObject({ messagePrice: 2.5, creditsPerMinute: 2.5 });
    const free = replay([
      registered,
      {
        type: 'PerformerProfileUpdated',
        data: { performerId, changes: { messagePriceUnits: 0 }, by: 'performer', byId: performerId, updatedAt: t0 },
      },
    ])!;
    expect(toPerformerView(free, live()).messagePrice).toBe(0);
  });

  it('accrues online minutes from the online and offline times, counting the running period', () => {
    const doc = replay([
      registered,
      { type: 'PerformerWentOnline', data: { performerId, by: 'performer', at: '2026-11-20T10:00:00.000Z' } },
      { type: 'PerformerWentOffline', data: { performerId, by: 'disconnected', at: '2026-11-20T10:30:30.000Z' } },
      { type: 'PerformerWentOnline', data: { performerId, by: 'admin', at: '2026-11-20T11:00:00.000Z' } },
    ])!;
    expect(doc).toMatchObject({ isOnline: true, onlineSince: '2026-11-20T11:00:00.000Z', onlineMs: 1_830_000 });
    expect(onlineMinutes(doc, new Date('2026-11-20T11:10:00.000Z'))).toBe(40);
    expect(toPublicPerformerView(doc, live(3)).viewers).toBe(3);
  });

  it('adds earnings, documents, geoblock and blocks; deletion removes the document', () => {
    const doc = replay([
      registered,
      {
        type: 'PerformerEarningsCredited',
        data: { performerId, source: 'photo', sourceId: 'p', grossUnits: 5000, shareCents: 2750, creditedAt: t0 },
      },
      {
        type: 'PerformerDocumentAdded',
        data: {
          documentId: adminId,
          performerId,
          documentType: 'ID Fronte',
          fileId: userId,
          fileName: 'a.png',
          fileSize: 3,
          contentType: 'image/png',
          addedAt: t0,
        },
      },
      { type: 'PerformerGeoblockSet', data: { performerId, countries: ['IT'], at: t0 } },
      { type: 'PerformerBlockedUser', data: { performerId, userId, at: t0 } },
    ])!;
    expect(toPerformerView(doc, live())).toMatchObject({
      totalEarnings: 27.5,
      geoblockedCountries: ['IT'],
      blockedUserIds: [userId],
    });
    expect(doc.documents).toHaveLength(1);
    expect(
      evolvePerformer(doc, { type: 'PerformerDeleted', data: { performerId, adminId, deletedAt: t0 } }),
    ).toBeNull();
    expect(
      evolvePerformer(null, { type: 'PerformerWentOnline', data: { performerId, by: 'admin', at: t0 } }),
    ).toBeNull();
  });

  it('matches the gallery: approved only, exact attributes, every special feature, search, geoblock', () => {
    const pending = replay([registered])!;
    const approved = replay([
      registered,
      { type: 'PerformerVerified', data: { performerId, adminId, verifiedAt: t0 } },
    ])!;
    expect(matchesGallery(pending, {}, undefined)).toBe(false);
    expect(matchesGallery(approved, {}, undefined)).toBe(true);
    expect(matchesGallery(approved, { hairColor: 'Rossa', eyeColor: 'Verdi', category: 'Premium' }, undefined)).toBe(
      true,
    );
    expect(matchesGallery(approved, { hairColor: 'Bionda' }, undefined)).toBe(false);
    expect(matchesGallery(approved, { specialFeatures: ['Tatuaggi'] }, undefined)).toBe(true);
    expect(matchesGallery(approved, { specialFeatures: ['Tatuaggi', 'Piercing'] }, undefined)).toBe(false);
    expect(matchesGallery(approved, { q: 'ENGLISH' }, undefined)).toBe(true);
    expect(matchesGallery(approved, { q: 'vip' }, undefined)).toBe(false);
    const blocked = evolvePerformer(approved, {
      type: 'PerformerGeoblockSet',
      data: { performerId, countries: ['IT'], at: t0 },
    })!;
    expect(matchesGallery(blocked, {}, 'IT')).toBe(false);
    expect(matchesGallery(blocked, {}, 'FR')).toBe(true);
  });
});
