import type { ModulePorts } from '../../kernel/module';
import type { ProjectionDefinition } from '../../kernel/projections/runner';
import type { RecordedEvent } from '../../platform/recorded-event';
import { closeTicketShow, settleTickets, TICKET_SHOW_START_JOB, type TicketSalesDeps } from './ticket-sales';

export { TICKET_SHOW_START_JOB } from './ticket-sales';
export { closeTicketShow, settleTickets, startTicketShow } from './ticket-sales';

/**
 * What ticket shows need of the process: the store, business time, the room's live updates, and the
 * start job at the ticketed part's time (a delayed job with a fixed id: announced once, started once).
 */
export function ticketSales(ports: Pick<ModulePorts, 'eventStore' | 'clock' | 'realtime' | 'jobs'>) {
  return {
    eventStore: ports.eventStore,
    now: ports.clock.now,
    announce: (showId, status) => ports.realtime.toShow(showId, 'show:ticket-show', { showId, status }),
    scheduleStart: (showId: string, startsAt: Date) =>
      ports.jobs.enqueue(
        TICKET_SHOW_START_JOB,
        { showId },
        {
          jobId: `${TICKET_SHOW_START_JOB}:${showId}`,
          delayMs: Math.max(0, startsAt.getTime() - ports.clock.now().getTime()),
        },
      ),
  } satisfies TicketSalesDeps & Record<string, unknown>;
}

/**
 * A show's end closes its ticketed part at the end's time (completed after its minimum, refunded
 * sooner), and every close has its tickets settled: the cancel route settles them at once, this
 * catches a stop in between (each ticket settles once).
 */
export function ticketShowEndReaction(ports: Parameters<typeof ticketSales>[0]): ProjectionDefinition {
  const sales = ticketSales(ports);
  return {
    name: 'reaction:ticket-show-end',
    collections: [],
    eventTypes: ['ShowEnded', 'TicketShowClosed'],
    async apply(event: RecordedEvent) {
      if (event.type === 'ShowEnded')
        await closeTicketShow(sales, event.data.showId, 'show_ended', new Date(event.data.endedAt), {
          causationId: event.id,
        });
      if (event.type === 'TicketShowClosed') await settleTickets(sales, event.data.showId);
    },
  };
}
