import { streams } from '@aura/contracts';
import { WrongExpectedRevisionError, type EventStore } from '../platform/eventstore/port';
import { deterministicId } from '../platform/ids';
import type { CommandSide } from './module';

/**
 * Seeds every module's demo catalogue once (`SEED_DEMO`), then marks it done; answers whether it
 * seeded now. Each module's seed has fixed ids, so a seed cut short resumes on the next start.
 */
export async function seedDemoOnce(eventStore: EventStore, now: () => Date, modules: CommandSide[]): Promise<boolean> {
  if ((await eventStore.readStream(streams.demoSeed())).length > 0) return false;
  const seeded = modules.filter((module) => module.seedDemo);
  for (const module of seeded) await module.seedDemo!();
  try {
    const data = { seededAt: now().toISOString(), modules: seeded.map((module) => module.name) };
    await eventStore.appendToStream(
      streams.demoSeed(),
      [{ id: deterministicId('demo-seed'), type: 'DemoDataSeeded', data, metadata: { source: 'seed' } }],
      { expectedRevision: 'no_stream' },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  return true;
}
