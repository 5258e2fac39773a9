import type { DisputeView, DomainEvent } from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';

/** Every card dispute with its trace and outcome, as the admins' 'Contestazioni' tab lists them. */
export const DISPUTES = 'disputes';

export type DisputeDoc = Omit<DisputeView, 'id'> & { _id: string };

const blank = (disputeId: string): DisputeDoc => ({
  _id: disputeId,
  provider: '',
  providerDisputeId: '',
  purchaseId: disputeId,
  userId: disputeId,
  amountCents: 0,
  status: 'open',
  lockedAuracoin: 0,
  trace: [],
  heldCents: 0,
  openedAt: '',
  closedAt: null,
});

/** Pure: the dispute's opening and close (its stream) and what it froze (the wallet's). */
export function evolveDispute(doc: DisputeDoc | null, event: DomainEvent): DisputeDoc | null {
  switch (event.type) {
    case 'DisputeOpened': {
      const d = event.data;
      return {
        ...(doc ?? blank(d.disputeId)),
        provider: d.provider,
        providerDisputeId: d.providerDisputeId,
        purchaseId: d.purchaseId,
        userId: d.walletId,
        amountCents: d.amountCents,
        openedAt: d.openedAt,
      };
    }
    case 'WalletFrozen': {
      const d = event.data;
      return {
        ...(doc ?? blank(d.disputeId)),
        lockedAuracoin: d.lockedUnits / 100,
        trace: d.trace,
        heldCents: d.trace.reduce((sum, line) => sum + line.shareCents, 0),
      };
    }
    case 'DisputeClosed':
      return { ...(doc ?? blank(event.data.disputeId)), status: event.data.outcome, closedAt: event.data.closedAt };
    default:
      return doc;
  }
}

export const disputesProjection = docProjection<DisputeDoc>({
  name: DISPUTES,
  collection: DISPUTES,
  eventTypes: ['DisputeOpened', 'WalletFrozen', 'DisputeClosed'],
  documentId: (event) => (event.data as { disputeId?: string }).disputeId,
  evolve: evolveDispute,
  indexes: [{ keys: { openedAt: -1 } }],
});

export const toDisputeView = ({ _id, ...doc }: DisputeDoc): DisputeView => ({ id: _id, ...doc });
