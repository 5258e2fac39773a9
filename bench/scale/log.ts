/**
 * Writes the scale benchmark's log through the event store port (PGlite under `dataDir`, or the
 * PostgreSQL database at `databaseUrl`): per user a
 * registration (UserRegistered on `user-<id>`) and three wallet credits (the welcome credit with its
 * fixed event id, then two purchases) appended to `wallet-<id>` with exact expected revisions.
 */
import { streams } from '@aura/contracts';
import path from 'node:path';
import { createPgliteEventStore } from '../../backend/platform/eventstore/pglite';
import type { EventStore } from '../../backend/platform/eventstore/port';
import { createPostgresEventStore } from '../../backend/platform/eventstore/postgres';
import { deterministicId } from '../../backend/platform/ids';

/** What the welcome-credit job would append, so its recovery finds nothing to do. */
const welcomeEventId = (userId: string) => deterministicId(`welcome-credit:${userId}`);

/** The id of the `index`th user the log holds. */
export const scaleUserId = (index: number) => deterministicId(`bench-scale-user:${index}`);

async function writeUser(eventStore: EventStore, index: number, at: string): Promise<void> {
  const userId = scaleUserId(index);
  await eventStore.appendToStream(
    streams.user(userId),
    [
      {
        id: deterministicId(`bench-scale-registered:${index}`),
        type: 'UserRegistered',
        data: {
          userId,
          username: `scale${index}`,
          email: `scale${index}@bench.local`,
          role: 'user',
          registeredAt: at,
          // an argon2id hash's length, so documents weigh what real ones do
          passwordHash: `$argon2id$v=19$m=19456,t=2,p=1$${'s'.repeat(22)}$${'h'.repeat(43)}`,
        },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  const purchase = (n: number) => deterministicId(`bench-scale-purchase:${index}:${n}`);
  await eventStore.appendToStream(
    streams.wallet(userId),
    [
      {
        id: welcomeEventId(userId),
        type: 'AuracoinCredited',
        data: { walletId: userId, amount: 1000, reason: 'welcome', creditedAt: at },
      },
      ...[1, 2].map((n) => ({
        id: deterministicId(`bench-scale-credit:${index}:${n}`),
        type: 'AuracoinCredited',
        data: { walletId: userId, amount: 5000 * n, reason: 'purchase', purchaseId: purchase(n), creditedAt: at },
      })),
    ],
    { expectedRevision: 'no_stream' },
  );
}

/** Appends `users` users (4 events each) with `writers` concurrent writers; returns the log's head. */
export async function writeScaleLog(
  dataDir: string,
  users: number,
  writers = 32,
  onProgress?: (done: number) => void,
  databaseUrl?: string,
): Promise<number> {
  const eventStore = databaseUrl
    ? await createPostgresEventStore({ connectionString: databaseUrl })
    : await createPgliteEventStore({
        dataDir: path.join(dataDir, 'eventstore'),
        // a test's initdb result (test/setup/pglite-initdb-cache.ts), when it runs in one
        initdbCache: process.env.PGLITE_INITDB_CACHE,
      });
  try {
    const at = new Date().toISOString();
    let next = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        for (let index = next++; index < users; index = next++) {
          await writeUser(eventStore, index, at);
          if (++done % 5000 === 0) onProgress?.(done);
        }
      }),
    );
    return (await eventStore.headPosition()) ?? 0;
  } finally {
    await eventStore.close();
  }
}
