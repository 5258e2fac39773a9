import { describe, expect, it } from '@jest/globals';
import type { GalleryPage, PublicPerformerView } from '@aura/contracts';
import { applyPresenceToPage, applyPricesToPage, applyPrivateToPage } from './gallery';

function performer(id: string, isOnline: boolean): PublicPerformerView {
  return {
    id,
    name: id,
    username: null,
    age: 25,
    image: '/x.svg',
    isOnline,
    online: isOnline,
    rating: 4,
    ratingCount: 3,
    favouritesCount: 0,
    schedule: [],
    creditsPerMinute: 2,
    messagePrice: 1,
    languages: ['Italiano'],
    category: 'Standard',
    bio: null,
    hairColor: null,
    eyeColor: null,
    bodyType: null,
    ethnicity: null,
    height: null,
    specialFeatures: [],
    viewers: 0,
    inPrivate: false,
    verificationStatus: 'approved',
  };
}

const page: GalleryPage = {
  performers: [performer('a', false), performer('b', true)],
  counts: { all: 2, online: 1, offline: 1, new: 0 },
  ageVerificationRequired: false,
};

describe('live presence on a cached gallery page', () => {
  it('flips a card and moves the counts on the All tab', () => {
    const next = applyPresenceToPage(page, 'all', { performerId: 'a', isOnline: true, viewers: 3 });
    expect(next).not.toBe('refetch');
    const { performers, counts } = next as GalleryPage;
    expect(performers.map((p) => [p.id, p.isOnline, p.online, p.viewers])).toEqual([
      ['a', true, true, 3],
      ['b', true, true, 0],
    ]);
    expect(counts).toEqual({ all: 2, online: 2, offline: 0, new: 0 });
  });

  it('drops her from the Offline tab when she comes online', () => {
    const offlinePage: GalleryPage = {
      performers: [performer('a', false)],
      counts: { all: 2, online: 1, offline: 1, new: 0 },
      ageVerificationRequired: false,
    };
    const next = applyPresenceToPage(offlinePage, 'offline', {
      performerId: 'a',
      isOnline: true,
      viewers: 0,
    }) as GalleryPage;
    expect(next.performers).toEqual([]);
    expect(next.counts).toEqual({ all: 2, online: 2, offline: 0, new: 0 });
  });

  it('asks the server when someone not on the page comes online, and ignores an unknown going offline', () => {
    expect(applyPresenceToPage(page, 'online', { performerId: 'z', isOnline: true, viewers: 0 })).toBe('refetch');
    expect(applyPresenceToPage(page, 'all', { performerId: 'z', isOnline: false, viewers: 0 })).toBe(page);
  });

  it('updates only the viewer count when presence is unchanged', () => {
    const next = applyPresenceToPage(page, 'all', { performerId: 'b', isOnline: true, viewers: 7 }) as GalleryPage;
    expect(next.counts).toBe(page.counts);
    expect(next.performers[1]!.viewers).toBe(7);
  });
});

describe("'In privato' on a cached gallery page", () => {
  it('sets and clears her flag, leaving the others and the counts alone', () => {
    const inPrivate = applyPrivateToPage(page, { performerId: 'b', inPrivate: true });
    expect(inPrivate.performers.map((p) => [p.id, p.inPrivate])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(inPrivate.counts).toBe(page.counts);
    expect(applyPrivateToPage(inPrivate, { performerId: 'b', inPrivate: false }).performers[1]!.inPrivate).toBe(false);
  });

  it('returns the same page when she is not on it or nothing changes', () => {
    expect(applyPrivateToPage(page, { performerId: 'z', inPrivate: true })).toBe(page);
    expect(applyPrivateToPage(page, { performerId: 'b', inPrivate: false })).toBe(page);
  });
});

describe('her new prices on a cached gallery page (docs/product.md#price-seen)', () => {
  it('puts her rate and message price on her card, leaving the others and the counts alone', () => {
    const next = applyPricesToPage(page, { performerId: 'b', creditsPerMinute: 3.5, messagePrice: 2 });
    expect(next.performers.map((p) => [p.id, p.creditsPerMinute, p.messagePrice])).toEqual([
      ['a', 2, 1],
      ['b', 3.5, 2],
    ]);
    expect(next.counts).toBe(page.counts);
  });

  it('returns the same page when she is not on it or nothing changes', () => {
    expect(applyPricesToPage(page, { performerId: 'z', creditsPerMinute: 9, messagePrice: 9 })).toBe(page);
    expect(applyPricesToPage(page, { performerId: 'b', creditsPerMinute: 2, messagePrice: 1 })).toBe(page);
  });
});
