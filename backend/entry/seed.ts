import { randomBytes } from 'node:crypto';
import { auracoinToUnits, performerStreams, streams } from '@aura/contracts';
import { createAdmin } from '../commands/admins/create-admin';
import { decideCreateOffer, offer } from '../commands/offers/offer';
import { auracoinPackage, decideCreatePackage } from '../commands/packages/package';
import { decideRegisterPerformer, decideVerifyPerformer, performer } from '../commands/performers/performer';
import { decideAddPhoto, photo } from '../commands/photos/photo';
import { handleCommand } from '../platform/eventstore/handle-command';
import { WrongExpectedRevisionError, type EventStore } from '../platform/eventstore/port';
import { hashPassword } from '../platform/http/password';
import { deterministicId } from '../platform/ids';
import { claimAll } from '../platform/unique-values';
import { DEMO_PERFORMER_PASSWORD, demoPackages, demoPerformers } from './demo-data';

const metadata = { source: 'seed' };

/**
 * Creates the superadmin on first start. Its id is fixed, so a second start finds it and leaves it.
 * Returns the generated password when one was made (to print once), else undefined.
 */
export async function ensureSuperadmin(eventStore: EventStore, options: { username: string; password?: string; now: () => Date }) {
  const adminId = deterministicId(`superadmin:${options.username.toLowerCase()}`);
  if ((await eventStore.readStream(streams.admin(adminId))).length > 0) return { created: false as const, username: options.username };
  const password = options.password ?? randomBytes(12).toString('base64url');
  await createAdmin(
    eventStore,
    {
      adminId,
      fullName: 'Super Admin',
      username: options.username,
      email: `${options.username.toLowerCase()}@aura.local`,
      passwordHash: await hashPassword(password),
      role: 'superadmin',
    },
    options.now,
    metadata,
  );
  return { created: true as const, username: options.username, generatedPassword: options.password ? undefined : password };
}

/** Seeds the demo catalogue once. Every step has a fixed id, so a seed cut short resumes where it stopped. */
export async function seedDemoData(eventStore: EventStore, now: () => Date): Promise<boolean> {
  if ((await eventStore.readStream(streams.demoSeed())).length > 0) return false;
  for (const [index, pkg] of demoPackages.entries()) {
    const packageId = deterministicId(`demo-package:${index}`);
    await handleCommand(eventStore, streams.package(packageId), auracoinPackage, (state) =>
      state.status === 'none'
        ? decideCreatePackage({ packageId, credits: pkg.credits, bonus: pkg.bonus, priceCents: pkg.price * 100, popular: pkg.popular }, state, now())
        : [],
    { metadata });
  }
  const passwordHash = await hashPassword(DEMO_PERFORMER_PASSWORD);
  for (const [index, demo] of demoPerformers.entries()) {
    const performerId = deterministicId(`demo-performer:${demo.username}`);
    const email = `${demo.username}@aura.demo`;
    await claimAll(eventStore, [
      { kind: 'performer-username', value: demo.username, ownerId: performerId },
      { kind: 'performer-email', value: email, ownerId: performerId },
    ], now, metadata);
    await handleCommand(eventStore, streams.performer(performerId), performer, (state) => {
      if (state.status !== 'none') return [];
      const registered = decideRegisterPerformer(
        {
          performerId,
          username: demo.username,
          email,
          passwordHash,
          name: demo.name,
          dateOfBirth: demo.dateOfBirth,
          bio: demo.bio,
          rateUnits: auracoinToUnits(demo.rate),
          languages: demo.languages,
          category: demo.category,
          hairColor: demo.hairColor,
          eyeColor: demo.eyeColor,
          bodyType: demo.bodyType,
          ethnicity: demo.ethnicity,
          height: demo.height,
          specialFeatures: demo.specialFeatures,
          image: `/demo/performers/${index + 1}.svg`,
          rating: demo.rating,
          signedContractAt: now().toISOString(),
          digitalSignature: null,
        },
        state,
        now(),
      );
      const pending = registered.reduce(performer.evolve, state);
      return [...registered, ...decideVerifyPerformer({}, pending, now())];
    }, { metadata });
    // two demo photos for sale per performer (her portrait), fixed ids so a resumed seed adds nothing twice
    for (const [photoIndex, price] of [5, 12.5].entries()) {
      const photoId = deterministicId(`demo-photo:${demo.username}:${photoIndex}`);
      await handleCommand(eventStore, performerStreams.photo(photoId), photo, (state) =>
        state.status === 'none'
          ? decideAddPhoto({ photoId, performerId, imageUrl: `/demo/performers/${index + 1}.svg`, title: photoIndex === 0 ? 'Ritratto' : 'Backstage', description: null, priceUnits: auracoinToUnits(price) }, state, now())
          : [],
      { metadata });
    }
  }
  // one limited offer, as an admin would define it: +20% auracoin for a week from the first start
  const demoOfferId = deterministicId('demo-offer');
  await handleCommand(eventStore, streams.offer(demoOfferId), offer, (state) =>
    state.status === 'none' ? decideCreateOffer({ offerId: demoOfferId, bonusPercent: 20, durationMinutes: 7 * 24 * 60, createdBy: 'seed' }, state, now()) : [],
  { metadata });
  try {
    await eventStore.appendToStream(
      streams.demoSeed(),
      [{ id: deterministicId('demo-seed'), type: 'DemoDataSeeded', data: { seededAt: now().toISOString(), performers: demoPerformers.length, packages: demoPackages.length }, metadata }],
      { expectedRevision: 'no_stream' },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  return true;
}
