/**
 * The auditor's check of ticket shows (`npm run ledger:audit`), pure over the log, per show: every
 * ticket was bought at the price she announced; it was settled at most once; a charge (her share's
 * sale) only once the ticketed part closed `completed`, of exactly the ticket's price; a refund of
 * money only once it closed `refunded` or `cancelled`, of exactly the price (a ticket never held is
 * refunded of nothing); so each show's charged total is its price times its charged tickets, and
 * nothing is both charged and refunded. That each charge is paid from his wallet and credited to
 * her once by the share rule is the sales audit's (./sales.ts).
 */
import type { EventDataOf } from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import type { AuditProblem } from '../../kernel/module';
import { formatAuditUnits } from './format';

interface AuditedShow {
  priceUnits?: number;
  outcome?: EventDataOf<'TicketShowClosed'>['outcome'];
  bought: Map<string, EventDataOf<'ShowTicketBought'>>;
  settled: Set<string>;
  chargedUnits: number;
  charged: number;
  refundedUnits: number;
  refunded: number;
}

const at = (event: StoredEvent, problem: string): AuditProblem => ({
  stream: event.streamId,
  revision: event.revision,
  problem,
});

export function auditTicketShows(events: readonly StoredEvent[]) {
  const problems: AuditProblem[] = [];
  const shows = new Map<string, AuditedShow>();
  const of = (showId: string): AuditedShow => {
    let found = shows.get(showId);
    if (!found)
      shows.set(
        showId,
        (found = {
          bought: new Map(),
          settled: new Set(),
          chargedUnits: 0,
          charged: 0,
          refundedUnits: 0,
          refunded: 0,
        }),
      );
    return found;
  };

  /** the ticket's one settlement: a second one, or one without its purchase, is a problem */
  function settle(event: StoredEvent, show: AuditedShow, ticketId: string, amountUnits: number, what: string) {
    if (show.settled.has(ticketId)) problems.push(at(event, `ticket ${ticketId} settled twice (${what} again)`));
    show.settled.add(ticketId);
    const bought = show.bought.get(ticketId);
    if (amountUnits > 0 && !bought) problems.push(at(event, `ticket ${ticketId} ${what} but never bought`));
    if (bought && amountUnits > 0 && amountUnits !== bought.priceUnits)
      problems.push(
        at(
          event,
          `ticket ${ticketId} ${what} ${formatAuditUnits(amountUnits)}, bought at ${formatAuditUnits(bought.priceUnits)}`,
        ),
      );
  }

  for (const event of events) {
    switch (event.type) {
      case 'TicketShowAnnounced': {
        const data = event.data as EventDataOf<'TicketShowAnnounced'>;
        of(data.showId).priceUnits = data.priceUnits;
        break;
      }
      case 'TicketShowClosed': {
        const data = event.data as EventDataOf<'TicketShowClosed'>;
        of(data.showId).outcome = data.outcome;
        break;
      }
      case 'ShowTicketBought': {
        const data = event.data as EventDataOf<'ShowTicketBought'>;
        const show = of(data.showId);
        if (show.priceUnits !== undefined && data.priceUnits !== show.priceUnits)
          problems.push(
            at(
              event,
              `ticket ${data.ticketId} bought at ${formatAuditUnits(data.priceUnits)}, the show's price is ${formatAuditUnits(show.priceUnits)}`,
            ),
          );
        show.bought.set(data.ticketId, data);
        break;
      }
      case 'ShowTicketCharged': {
        const data = event.data as EventDataOf<'ShowTicketCharged'>;
        const show = of(data.showId);
        if (show.outcome !== 'completed')
          problems.push(
            at(event, `ticket ${data.ticketId} charged while its ticket show is ${show.outcome ?? 'not closed'}`),
          );
        settle(event, show, data.ticketId, data.amountUnits, 'charged');
        show.charged += 1;
        show.chargedUnits += data.amountUnits;
        break;
      }
      case 'ShowTicketRefunded': {
        const data = event.data as EventDataOf<'ShowTicketRefunded'>;
        const show = of(data.showId);
        if (data.amountUnits > 0 && (show.outcome === undefined || show.outcome === 'completed'))
          problems.push(
            at(event, `ticket ${data.ticketId} refunded while its ticket show is ${show.outcome ?? 'not closed'}`),
          );
        settle(event, show, data.ticketId, data.amountUnits, 'refunded');
        if (data.amountUnits > 0) show.refunded += 1;
        show.refundedUnits += data.amountUnits;
        break;
      }
      default:
        break;
    }
  }

  const all = [...shows.values()];
  const sum = (pick: (show: AuditedShow) => number) => all.reduce((total, show) => total + pick(show), 0);
  const lines = [
    `  ticket shows: ${shows.size}, ${sum((show) => show.charged)} tickets charged` +
      ` (${formatAuditUnits(sum((show) => show.chargedUnits))} auracoin),` +
      ` ${sum((show) => show.refunded)} refunded (${formatAuditUnits(sum((show) => show.refundedUnits))} auracoin)`,
  ];
  return { shows: shows.size, problems, lines };
}
