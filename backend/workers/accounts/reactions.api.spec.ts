/**
 * The accounts worker's reactions on an API spec's world, as a worker process runs them beside the
 * API: a deletion cut short between UserDeleted and the releases still frees the name. Was in
 * backend/test/users-admin.int.ts (a whole app on the embedded stack).
 */
import { streams } from '@aura/contracts';
import { createProjectionRunner } from '../../kernel/projections/runner';
import { newId } from '../../platform/ids';
import { apiSpec, type SpecWorld } from '../../test/api-spec';
import { worldClient } from '../../test/world-client';
import { accountsWorkers } from '.';

const spec = apiSpec({ covers: [] });

let world: SpecWorld;
beforeEach(async () => {
  world = await spec.world();
});
afterEach(() => world.close());
const anonymous = () => worldClient(world);

describe('accounts reactions', () => {
  it('frees the name of a user whose deletion stopped before releasing it (reaction heals)', async () => {
    // the accounts worker's reactions, as a worker process runs them, on this world's log
    const reactions = createProjectionRunner({
      eventStore: world.ports.eventStore,
      readModels: world.ports.readModels,
      projections: accountsWorkers(world.ports).reactions,
      logger: world.ports.logger,
    });
    await reactions.start();
    const body = { username: 'cut', email: 'cut@example.com', password: 'secret-pass', sensitiveDataConsent: true };
    const registered = await anonymous().post('/api/register', body);
    const id = registered.json.id as string;
    // what a crash right after the UserDeleted append leaves: the claims still held
    await world.ports.eventStore.appendToStream(
      streams.user(id),
      [
        {
          id: newId(),
          type: 'UserDeleted',
          data: { userId: id, deletedBy: 'admin', deletedAt: world.ports.clock.now().toISOString() },
        },
      ],
      { expectedRevision: 0 },
    );
    await reactions.caughtUp();
    await reactions.stop();
    await world.settled();
    expect((await anonymous().post('/api/register', body)).status).toBe(201);
  });
});
