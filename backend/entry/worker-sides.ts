import type { ModulePorts } from '../kernel/module';
import { accountsWorkers } from '../workers/accounts';
import { chatWorkers } from '../workers/chat';
import { payoutsWorkers } from '../workers/payouts';
import { performersWorkers } from '../workers/performers';
import { photosWorkers } from '../workers/photos';
import { refundsWorkers } from '../workers/refunds';
import { sessionsWorkers } from '../workers/sessions';
import { showsWorkers } from '../workers/shows';

/** Every module's worker side, one line each: jobs, reactions and process managers. */
export function workerSides(ports: ModulePorts) {
  return {
    accounts: accountsWorkers(ports),
    performers: performersWorkers(ports),
    photos: photosWorkers(ports),
    payouts: payoutsWorkers(ports),
    chat: chatWorkers(ports),
    sessions: sessionsWorkers(ports),
    shows: showsWorkers(ports),
    refunds: refundsWorkers(ports),
  };
}

export type WorkerSides = ReturnType<typeof workerSides>;
