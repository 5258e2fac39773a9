import { performerStreams, type DomainEvent } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import type { ProjectionDefinition } from '../../kernel/projections/runner';
import type { RecordedEvent } from '../../platform/recorded-event';
import { appendOnce } from '../append-once';

/** The clawback a refund makes on her earnings (undefined: the refunded part earned her nothing). */
export function clawbackOf(event: DomainEvent): DomainEvent | undefined {
  if (event.type !== 'SaleRefunded' || event.data.clawbackCents <= 0) return undefined;
  const d = event.data;
  return {
    type: 'PerformerEarningsClawedBack',
    data: {
      performerId: d.performerId,
      cause: 'refund',
      causeId: d.refundId,
      source: d.kind,
      sourceId: d.saleId,
      shareCents: d.clawbackCents,
      reason: d.reason,
      clawedBackAt: d.refundedAt,
    },
  };
}

/** Fixed id of a refund's (or a lost dispute's) clawback: taking it back twice is a no-op. */
export const clawbackEventId = (causeId: string, performerId: string) =>
  deterministicId(`clawback:${causeId}:${performerId}`);

/**
 * Every SaleRefunded takes her share of the refunded part back on `earnings-<performerId>`,
 * exactly once (a fixed id per refund), whatever replays or retries (docs/architecture.md#refunds).
 */
export function clawbackReaction(eventStore: EventStore): ProjectionDefinition {
  const apply = async (event: RecordedEvent) => {
    const clawback = clawbackOf(event);
    if (!clawback || clawback.type !== 'PerformerEarningsClawedBack') return;
    await appendOnce(eventStore, performerStreams.earnings(clawback.data.performerId), [
      {
        id: clawbackEventId(clawback.data.causeId, clawback.data.performerId),
        type: clawback.type,
        data: clawback.data,
        metadata: { causationId: event.id },
      },
    ]);
  };
  return { name: 'reaction:refund-clawbacks', collections: [], eventTypes: ['SaleRefunded'], apply };
}
