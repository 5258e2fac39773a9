/**
 * The auditor's check of paid chat messages: every paid MessageSent sits on the payer's wallet
 * right before the AuracoinDebited (reason 'message') that pays exactly its price, no unpaid stream
 * holds a paid message, and the performer is credited 55% of it (the share rule) exactly once.
 */
import { performerShareCents } from '@aura/contracts';
import type { StoredEvent } from '../eventstore/port';
import type { AuditProblem } from './audit';

export interface MessageSalesAudit {
  /** paid messages found */
  paid: number;
  /** what users paid for them, minor units */
  grossUnits: number;
  /** what performers were credited for them, euro cents */
  shareCents: number;
  problems: AuditProblem[];
}

type Data = Record<string, unknown>;
const dataOf = (event: StoredEvent) => (event.data ?? {}) as Data;
const at = (event: StoredEvent, problem: string): AuditProblem => ({ stream: event.streamId, revision: event.revision, problem });
/** a paid message on a wallet, waiting for the debit that must follow it */
const awaitsDebit = (event: StoredEvent | undefined) => event?.type === 'MessageSent' && event.streamId.startsWith('wallet-') && Number(dataOf(event).priceUnits) > 0;

export function auditMessageSales(events: readonly StoredEvent[]): MessageSalesAudit {
  const problems: AuditProblem[] = [];
  /** paid message id → its price and performer, until its credit is found */
  const paid = new Map<string, { event: StoredEvent; priceUnits: number; performerId: unknown; credited: number }>();
  const previousInStream = new Map<string, StoredEvent>();
  let grossUnits = 0;
  let shareCents = 0;
  const credits: StoredEvent[] = [];

  for (const event of events) {
    const data = dataOf(event);
    const previous = previousInStream.get(event.streamId);
    previousInStream.set(event.streamId, event);
    if (awaitsDebit(previous) && event.type !== 'AuracoinDebited') problems.push(at(previous!, `paid message ${String(dataOf(previous!).messageId)} not followed by its debit`));
    if (event.type === 'MessageSent' && Number(data.priceUnits) > 0) {
      if (!event.streamId.startsWith('wallet-')) problems.push(at(event, `paid message ${String(data.messageId)} outside a wallet: nobody paid for it`));
      paid.set(String(data.messageId), { event, priceUnits: Number(data.priceUnits), performerId: data.performerId, credited: 0 });
      grossUnits += Number(data.priceUnits);
    }
    if (event.type === 'AuracoinDebited' && data.reason === 'message') {
      const message = previous?.type === 'MessageSent' ? dataOf(previous) : undefined;
      if (!message || message.messageId !== data.reference || message.priceUnits !== data.amount) {
        problems.push(at(event, `message debit ${String(data.reference)} without the message it pays, at that price, right before it`));
      }
    }
    if (event.type === 'PerformerEarningsCredited' && data.source === 'message') credits.push(event);
  }
  for (const last of previousInStream.values()) {
    if (awaitsDebit(last)) problems.push(at(last, `paid message ${String(dataOf(last).messageId)} not followed by its debit`));
  }

  for (const credit of credits) {
    const data = dataOf(credit);
    shareCents += Number(data.shareCents);
    const sale = paid.get(String(data.sourceId));
    if (!sale) {
      problems.push(at(credit, `earnings for message ${String(data.sourceId)}, which nobody paid for`));
      continue;
    }
    sale.credited += 1;
    if (data.grossUnits !== sale.priceUnits || data.performerId !== sale.performerId) problems.push(at(credit, `earnings for message ${String(data.sourceId)} name another price or performer`));
    if (data.shareCents !== performerShareCents(sale.priceUnits)) problems.push(at(credit, `earnings for message ${String(data.sourceId)}: ${String(data.shareCents)} cents, the share rule gives ${performerShareCents(sale.priceUnits)}`));
  }
  for (const [messageId, sale] of paid) {
    if (sale.credited !== 1) problems.push(at(sale.event, `paid message ${messageId} credited to the performer ${sale.credited} times`));
  }
  return { paid: paid.size, grossUnits, shareCents, problems };
}
