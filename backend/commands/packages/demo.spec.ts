import { euroToCents } from '@aura/contracts';
import { createInMemoryEventStore } from '../../test/doubles/in-memory-event-store';
import { demoPackages, seedDemoPackages, STARTER_PACKAGE_MAX_EUR } from './demo';

describe('the demo price list', () => {
  it('has a starter package of at most 10 €, cheaper than any other, seeded once', async () => {
    const store = createInMemoryEventStore();
    const now = () => new Date('2026-11-20T10:00:00.000Z');
    await seedDemoPackages(store, now);
    await seedDemoPackages(store, now);
    const created = (await store.readAll()).filter((event) => event.type === 'PackageCreated');
    expect(created).toHaveLength(demoPackages.length + 1);
    const prices = created.map((event) => (event.data as { priceCents: number }).priceCents).sort((a, b) => a - b);
    expect(prices[0]).toBeLessThanOrEqual(euroToCents(STARTER_PACKAGE_MAX_EUR));
    expect(prices[1]).toBeGreaterThan(euroToCents(STARTER_PACKAGE_MAX_EUR));
  });
});
