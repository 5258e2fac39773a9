import type { ModulePorts, ReadSide } from '../../platform/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { payoutsProjections } from './projection';

/** Payouts as read: her account, payouts, weekly statements, the runs; pushes to her and the admins. */
export function payoutsReadSide(ports: ModulePorts) {
  return {
    name: 'payouts',
    projections: payoutsProjections,
    /** her dashboard refetches her money; the admins' console its runs */
    async pushes(events: RecordedEvent[]) {
      const performers = new Set<string>();
      let runsChanged = false;
      for (const event of events) {
        switch (event.type) {
          case 'PerformerEarningsCredited':
          case 'PayoutScheduled':
          case 'PayoutPaid':
          case 'PayoutFailed':
          case 'PayoutRetried':
          case 'PayoutCarriedOver':
          case 'PayoutDetailsChanged':
            performers.add(event.data.performerId);
            runsChanged ||= event.type !== 'PerformerEarningsCredited' && event.type !== 'PayoutDetailsChanged';
            break;
          case 'PayoutRunRequested':
          case 'PayoutRunCompleted':
            runsChanged = true;
            break;
          default:
        }
      }
      for (const performerId of performers) ports.realtime.toPerformer(performerId, 'readmodel:changed', { model: 'payouts', id: performerId });
      if (runsChanged) ports.realtime.toAdmins('readmodel:changed', { model: 'payout-runs' });
    },
  } satisfies ReadSide;
}
