/**
 * Given events for API specs: the streams an account or a catalogue item has once it exists, as
 * the real commands append them (claims of its unique values included). Times are `SPEC_NOW`'s.
 */
import { createHash } from 'node:crypto';
import {
  auracoinToUnits,
  performerStreams,
  SENSITIVE_DATA_POLICY_VERSION,
  streams,
  type DomainEvent,
} from '@aura/contracts';
import { existingStream, SPEC_NOW, type EventsInStream } from './api-spec';

/**
 * The password of every fixture account, and its argon2id hash, at the tests' cost
 * (backend/test/test-passwords.ts: a sign-in verifies it in well under a millisecond).
 */
export const FIXTURE_PASSWORD = 'secret-pass';
export const FIXTURE_PASSWORD_HASH =
  '$argon2id$v=19$m=64,t=1,p=1$aURrWhDE1enAlwPCGhSlaw$BLg0jGDOWZBkoyRSxe5jZXhtJRH8LJ+8oCl/jeqqjms';

export const at = (offsetMs = 0) => new Date(SPEC_NOW.getTime() + offsetMs).toISOString();

const claim = (kind: Parameters<typeof streams.uniqueValue>[0], value: string, ownerId: string): EventsInStream =>
  existingStream(streams.uniqueValue(kind, value), [
    { type: 'UniqueValueClaimed', data: { kind, value: value.toLowerCase(), ownerId, claimedAt: at(-60_000) } },
  ]);

/** A registered user (username and email claimed) with `auracoin` in his wallet (promotional: a welcome credit). */
export function registeredUser(
  id: string,
  options: { username?: string; email?: string; auracoin?: number } = {},
): EventsInStream[] {
  const username = options.username ?? `user${id.slice(0, 8)}`;
  const email = options.email ?? `${username}@example.com`;
  const registered: DomainEvent = {
    type: 'UserRegistered',
    data: {
      userId: id,
      username,
      email,
      passwordHash: FIXTURE_PASSWORD_HASH,
      role: 'user',
      registeredAt: at(-60_000),
      sensitiveDataConsent: { policyVersion: SENSITIVE_DATA_POLICY_VERSION, givenAt: at(-60_000) },
    },
  };
  const auracoin = options.auracoin ?? 0;
  return [
    claim('username', username, id),
    claim('email', email, id),
    existingStream(streams.user(id), [registered]),
    ...(auracoin > 0
      ? [
          existingStream(streams.wallet(id), [
            {
              type: 'AuracoinCredited',
              data: { walletId: id, amount: auracoinToUnits(auracoin), reason: 'welcome', creditedAt: at(-60_000) },
            },
          ]),
        ]
      : []),
  ];
}

/** An active admin (or the superadmin), her username claimed among admins. */
export function existingAdmin(
  id: string,
  options: { username?: string; role?: 'admin' | 'superadmin'; createdBy?: string } = {},
): EventsInStream[] {
  const username = options.username ?? `adm${id.slice(0, 8)}`;
  return [
    claim('admin-username', username, id),
    existingStream(streams.admin(id), [
      {
        type: 'AdminCreated',
        data: {
          adminId: id,
          fullName: `Admin ${username}`,
          username,
          email: `${username}@aura.local`,
          passwordHash: FIXTURE_PASSWORD_HASH,
          role: options.role ?? 'admin',
          ...(options.createdBy && { createdBy: options.createdBy }),
          createdAt: at(-120_000),
        },
      },
    ]),
  ];
}

/** A mailed link's token for the account and the SHA-256 hash the stream keeps of it. */
export function accountToken(userId: string, secret = 'spec-token') {
  const token = `${userId}.${secret}`;
  return { token, tokenHash: createHash('sha256').update(token).digest('hex') };
}

/**
 * A performer an admin created (approved at once) with sign-in credentials, `rate` auracoin a
 * minute; `online`: she went online (by herself).
 */
export function existingPerformer(
  id: string,
  options: {
    username?: string;
    name?: string;
    rate?: number;
    online?: boolean;
    createdBy?: string;
    age?: number;
    languages?: string[];
    /** when the admin created her (default two minutes before `SPEC_NOW`) */
    createdAt?: string;
  } = {},
): EventsInStream[] {
  const username = options.username ?? `perf${id.slice(0, 8)}`;
  const email = `${username}@example.com`;
  const created: DomainEvent = {
    type: 'PerformerCreatedByAdmin',
    data: {
      performerId: id,
      adminId: options.createdBy ?? '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c',
      username,
      email,
      passwordHash: FIXTURE_PASSWORD_HASH,
      name: options.name ?? `Performer ${username}`,
      age: options.age ?? 27,
      image: '/demo/performers/1.svg',
      rating: null,
      rateUnits: auracoinToUnits(options.rate ?? 2),
      languages: options.languages ?? ['Italiano'],
      category: 'Standard',
      bio: null,
      createdAt: options.createdAt ?? at(-120_000),
    },
  };
  const online: DomainEvent[] = options.online
    ? [{ type: 'PerformerWentOnline', data: { performerId: id, by: 'performer', at: at(-60_000) } }]
    : [];
  return [
    claim('performer-username', username, id),
    claim('performer-email', email, id),
    existingStream(streams.performer(id), [created, ...online]),
  ];
}

/** A package on sale: `credits` auracoin (+ `bonus`) for `priceCents`. */
export function packageOnSale(
  id: string,
  options: { credits?: number; bonus?: number; priceCents?: number; popular?: boolean } = {},
): EventsInStream {
  return existingStream(streams.package(id), [
    {
      type: 'PackageCreated',
      data: {
        packageId: id,
        credits: options.credits ?? 100,
        bonus: options.bonus ?? 0,
        priceCents: options.priceCents ?? 999,
        popular: options.popular ?? false,
        createdAt: at(-300_000),
      },
    },
  ]);
}

/** A performer who registered herself (pending verification), with `documents` identity documents attached. */
export function registeredPerformer(
  id: string,
  options: { username?: string; documents?: number } = {},
): EventsInStream[] {
  const username = options.username ?? `perf${id.slice(0, 8)}`;
  const email = `${username}@example.com`;
  const documents: DomainEvent[] = Array.from({ length: options.documents ?? 1 }, (_, index) => ({
    type: 'PerformerDocumentAdded',
    data: {
      documentId: `d0c00000-0000-4000-8000-00000000000${index}`,
      performerId: id,
      documentType: 'ID Fronte',
      fileId: `f11e0000-0000-4000-8000-00000000000${index}`,
      fileName: `documento-${index}.png`,
      fileSize: 68,
      contentType: 'image/png',
      addedAt: at(-100_000),
    },
  }));
  return [
    claim('performer-username', username, id),
    claim('performer-email', email, id),
    existingStream(streams.performer(id), [
      {
        type: 'PerformerRegistered',
        data: {
          performerId: id,
          username,
          email,
          passwordHash: FIXTURE_PASSWORD_HASH,
          name: `Performer ${username}`,
          dateOfBirth: '1998-04-02',
          bio: null,
          rateUnits: 200,
          languages: ['Italiano'],
          category: 'Standard',
          hairColor: null,
          eyeColor: null,
          bodyType: null,
          ethnicity: null,
          height: null,
          specialFeatures: [],
          image: '/demo/performers/1.svg',
          rating: null,
          signedContractAt: at(-100_000),
          digitalSignature: 'data:image/png;base64,AAAA',
          registeredAt: at(-100_000),
        },
      },
      ...documents,
    ]),
  ];
}

/** `auracoin` he bought (a card purchase's credit: purchased units, which earn performers their share). */
export function boughtAuracoin(userId: string, auracoin: number, purchaseId: string): EventsInStream {
  return existingStream(streams.wallet(userId), [
    {
      type: 'AuracoinCredited',
      data: {
        walletId: userId,
        amount: auracoinToUnits(auracoin),
        reason: 'purchase',
        purchaseId,
        creditedAt: at(-60_000),
      },
    },
  ]);
}

/** A photo of hers on sale for `price` auracoin (approved: no review pending, unless `inReview`). */
export function photoOnSale(
  id: string,
  performerId: string,
  options: { price?: number; title?: string; addedAt?: string; inReview?: boolean } = {},
): EventsInStream {
  return existingStream(performerStreams.photo(id), [
    {
      type: 'PhotoAdded',
      data: {
        photoId: id,
        performerId,
        imageUrl: '/demo/performers/1.svg',
        title: options.title ?? 'Tramonto',
        description: null,
        priceUnits: auracoinToUnits(options.price ?? 5),
        addedAt: options.addedAt ?? at(-60_000),
        ...(options.inReview !== undefined && { inReview: options.inReview }),
      },
    },
  ]);
}

/** Luna online at `rate` auracoin a minute, and two users each holding `auracoin` they bought: the parties of private-session specs */
export function lunaAndTwoBuyers(ids: { luna: string; bob: string; alice: string }, rate: number, auracoin: number) {
  return [
    ...existingPerformer(ids.luna, { username: 'luna', rate, online: true }),
    ...registeredUser(ids.bob, { username: 'bob' }),
    boughtAuracoin(ids.bob, auracoin, '6b7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f51'),
    ...registeredUser(ids.alice, { username: 'alice' }),
    boughtAuracoin(ids.alice, auracoin, '6b7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f52'),
  ];
}

let admins = 0;
/** The body of a new admin (`POST /api/admins`), her username and email unique. */
export function freshAdmin(role: 'admin' | 'superadmin' = 'admin') {
  admins += 1;
  const suffix = `${Date.now().toString(36)}${admins}`;
  return {
    fullName: `Admin ${suffix}`,
    username: `adm${suffix}`,
    email: `adm${suffix}@example.com`,
    password: 'admin-pass-1',
    role,
  };
}

let performers = 0;
/** The body of a performer registering herself (`POST /api/performers` without a session), her username and email unique. */
export function freshPerformerRegistration() {
  performers += 1;
  const username = `reg${Date.now().toString(36)}${performers}`;
  return {
    username,
    password: FIXTURE_PASSWORD,
    email: `${username}@example.com`,
    name: 'Nuova',
    dateOfBirth: '1999-03-10',
    digitalSignature: 'data:image/png;base64,iVBORw0KGgo=',
    acceptedTerms: true,
    sensitiveDataConsent: true,
  };
}
