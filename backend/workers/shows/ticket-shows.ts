import { jobProcessor, type ModulePorts } from '../../kernel/module';
import { startTicketShow, TICKET_SHOW_START_JOB, ticketSales } from '../../commands/shows';
export { ticketShowEndReaction } from '../../commands/shows';

/** The ticketed part starts at its time: viewers without a ticket lose the media. */
export const ticketShowStartJob = (ports: Pick<ModulePorts, 'eventStore' | 'clock' | 'realtime' | 'jobs'>) =>
  jobProcessor<{ showId: string }>(
    TICKET_SHOW_START_JOB,
    async ({ showId }) => void (await startTicketShow(ticketSales(ports), showId)),
  );
