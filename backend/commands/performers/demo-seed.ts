import { auracoinToUnits, streams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import type { Passwords } from '../../platform/http/password';
import { deterministicId } from '../../platform/ids';
import { claimAll } from '../../kernel/unique-values';
import { DEMO_PERFORMER_PASSWORD, demoPerformers } from './demo-data';
import { decideRegisterPerformer, handlePerformer } from './performer';

const metadata = { source: 'seed' };

/** The demo performers' ids and portraits (photos are sold of them). */
export const demoPortraits = () =>
  demoPerformers.map((demo, index) => ({
    performerId: deterministicId(`demo-performer:${demo.username}`),
    username: demo.username,
    image: `/demo/performers/${index + 1}.svg`,
  }));

/** Twelve approved performers with fixed ids: a seed cut short resumes where it stopped. */
export async function seedDemoPerformers(eventStore: EventStore, now: () => Date, passwords: Passwords) {
  const passwordHash = await passwords.hash(DEMO_PERFORMER_PASSWORD);
  const portraits = demoPortraits();
  for (const [index, demo] of demoPerformers.entries()) {
    const { performerId, image } = portraits[index]!;
    const email = `${demo.username}@aura.demo`;
    await claimAll(
      eventStore,
      [
        { kind: 'performer-username', value: demo.username, ownerId: performerId },
        { kind: 'performer-email', value: email, ownerId: performerId },
      ],
      now,
      metadata,
    );
    await handlePerformer(
      eventStore,
      streams.performer(performerId),
      (state) => {
        if (state.status !== 'none') return [];
        const { rate, ...profile } = demo;
        const registered = decideRegisterPerformer(
          {
            ...profile,
            performerId,
            email,
            passwordHash,
            rateUnits: auracoinToUnits(rate),
            image,
            signedContractAt: now().toISOString(),
            digitalSignature: null,
            sensitiveDataConsent: true,
          },
          state,
          now(),
        );
        // demo performers are approved as seeded: no documents, no admin
        return [...registered, { type: 'PerformerVerified', data: { performerId, verifiedAt: now().toISOString() } }];
      },
      { metadata },
    );
  }
}
