import { euroToCents, streams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import { decideCreatePackage, handlePackage } from './package';

/** The demo price list (whole euro), seeded once on an empty store. */
export const demoPackages = [
  { credits: 50, bonus: 0, price: 50, popular: false },
  { credits: 100, bonus: 10, price: 95, popular: false },
  { credits: 250, bonus: 35, price: 225, popular: true },
  { credits: 500, bonus: 100, price: 440, popular: false },
  { credits: 1000, bonus: 250, price: 850, popular: false },
  { credits: 2500, bonus: 750, price: 2000, popular: false },
];

/** Fixed ids: a seed cut short resumes where it stopped. */
export async function seedDemoPackages(eventStore: EventStore, now: () => Date) {
  for (const [index, pkg] of demoPackages.entries()) {
    const packageId = deterministicId(`demo-package:${index}`);
    await handlePackage(
      eventStore,
      streams.package(packageId),
      (state) =>
        state.status === 'none'
          ? decideCreatePackage(
              {
                packageId,
                credits: pkg.credits,
                bonus: pkg.bonus,
                priceCents: euroToCents(pkg.price),
                popular: pkg.popular,
              },
              state,
              now(),
            )
          : [],
      { metadata: { source: 'seed' } },
    );
  }
}
