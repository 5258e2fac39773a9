import type { ModulePorts } from '../kernel/module';
import type { ReadSides } from './read-sides';
import { ledgerWorkers } from '../ledger';
import { accountsWorkers } from '../workers/accounts';
import { payoutsWorkers } from '../workers/payouts';
import { performersWorkers } from '../workers/performers';
import { sessionsWorkers } from '../workers/sessions';
import { showsWorkers } from '../workers/shows';

/** The ledger's and every module's worker side, one line each: jobs, reactions and process managers (and the few queries of read sides one declares). */
export function workerSides(ports: ModulePorts, reads: ReadSides) {
  return {
    ledger: ledgerWorkers(ports),
    accounts: accountsWorkers(ports),
    performers: performersWorkers(ports),
    payouts: payoutsWorkers(ports, { payouts: reads.payouts.queries }),
    sessions: sessionsWorkers(ports),
    shows: showsWorkers(ports),
  };
}

export type WorkerSides = ReturnType<typeof workerSides>;
