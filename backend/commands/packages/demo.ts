import { euroToCents, streams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import { decideCreatePackage, handlePackage } from './package';

/**
 * The demo price list (euro), seeded once on an empty store: a starter package of at most 10 € (a
 * first purchase within reach; admins change or delete it as any package), then the larger ones.
 */
export const STARTER_PACKAGE_MAX_EUR = 10;
export const starterPackage = { credits: 10, bonus: 0, price: 10, popular: false };
export const demoPackages = [
  { credits: 50, bonus: 0, price: 50, popular: false },
  { credits: 100, bonus: 10, price: 95, popular: false },
  { credits: 250, bonus: 35, price: 225, popular: true },
  { credits: 500, bonus: 100, price: 440, popular: false },
  { credits: 1000, bonus: 250, price: 850, popular: false },
  { credits: 2500, bonus: 750, price: 2000, popular: false },
];

/** Fixed ids: a seed cut short resumes where it stopped (the starter's id is its own, the others' their place). */
export async function seedDemoPackages(eventStore: EventStore, now: () => Date) {
  const seeded = [
    ...demoPackages.map((pkg, index) => ({ pkg, name: `demo-package:${index}` })),
    { pkg: starterPackage, name: 'demo-package:starter' },
  ];
  for (const { pkg, name } of seeded) {
    const packageId = deterministicId(name);
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
