import { chatStreams, type DomainEvent, type EventDataOf } from '@aura/contracts';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type EventStore,
  type StoredEvent,
} from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import { DomainError } from '../../platform/domain-error';
import { spendableFor, spendFromWallet, walletTotals } from '../../ledger';

type Message = EventDataOf<'MessageSent'>;

export interface MessageContext {
  /** the wallet that pays (the conversation's user) */
  walletId: string;
  /** the client's id or Idempotency-Key: a repeated one stores nothing new */
  key: string | undefined;
  metadata: Record<string, unknown>;
  now: () => Date;
}

/**
 * A message's event id, on either path (paid: in the wallet with its debit; unpaid: its own
 * stream): a store whose ids are unique in the whole log refuses it on the other path, so a retry
 * that crosses her switch between paid and free messages cannot store it twice (nor charge for one
 * stored free).
 */
export const messageEventId = (messageId: string) => deterministicId(`message-sent:${messageId}`);

/**
 * Stores a message once, and gives a position at or after it: a paid one and its debit are one
 * append to the payer's wallet (the one spend), an unpaid one gets its own stream, created once.
 * A repeated key stores nothing new, also when her price switched between free and paid in between:
 * on a store with unique event ids (the SQL stores) the other path's append is refused, and the
 * first attempt is the answer; on one without (EventStoreDB) a keyed paid message first claims the
 * stream an unpaid one is stored in, so of the two paths exactly one takes the message, and the
 * other follows it.
 */
export async function storeMessage(
  eventStore: EventStore,
  message: DomainEvent,
  context: MessageContext,
): Promise<number | undefined> {
  if (message.type !== 'MessageSent') throw new Error('not a message');
  try {
    if (message.data.priceUnits <= 0) return await storeUnpaid(eventStore, message.data, context);
    const unpaid =
      context.key && !eventStore.uniqueEventIds ? await claimToPay(eventStore, message.data, context) : undefined;
    return unpaid ?? (await pay(eventStore, message.data, context));
  } catch (error) {
    // the other path stored this message (a retry across a price change): that one is the answer
    if (!(error instanceof DuplicateEventIdError) || !context.key) throw error;
    return eventStore.headPosition();
  }
}

/**
 * A keyed paid message, on a store whose ids are unique per stream only, claims the stream its
 * unpaid path would create (PaidMessageClaimed, no_stream) before it is paid. When an earlier
 * attempt stored it unpaid there, that is the answer (its position) and nothing is charged; when
 * an earlier attempt claimed it, the spend gives that one back (or pays for it, if it never was).
 * A balance that cannot pay refuses it before claiming, so only a race leaves a claim unpaid; that
 * claim stays, and a retry of the key is paid once her balance affords it.
 */
async function claimToPay(
  eventStore: EventStore,
  message: Message,
  context: MessageContext,
): Promise<number | undefined> {
  const stream = chatStreams.message(message.messageId);
  if (spendableFor(await walletTotals(eventStore, context.walletId)) < message.priceUnits) {
    const [earlier] = await eventStore.readStream(stream);
    if (!earlier) throw new DomainError('insufficient_balance');
    return unpaidAt(earlier);
  }
  const claim = {
    id: deterministicId(`message-claimed:${message.messageId}`),
    type: 'PaidMessageClaimed',
    data: message,
    metadata: context.metadata,
  };
  try {
    await eventStore.appendToStream(stream, [claim], { expectedRevision: 'no_stream' });
    return undefined;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const [earlier] = await eventStore.readStream(stream);
    return unpaidAt(earlier!);
  }
}

/** The position of a message stored unpaid, or undefined when its stream starts with a paid one's claim. */
const unpaidAt = (first: StoredEvent) => (first.type === 'MessageSent' ? first.position : undefined);

async function pay(eventStore: EventStore, message: Message, context: MessageContext): Promise<number> {
  const spent = await spendFromWallet(eventStore, {
    walletId: context.walletId,
    amountUnits: message.priceUnits,
    purchase: { type: 'MessageSent', data: message },
    reason: 'message',
    reference: message.messageId,
    idempotencyKey: context.key ? `message:${message.messageId}` : undefined,
    purchaseId: messageEventId(message.messageId),
    metadata: context.metadata,
    now: context.now,
  });
  return spent.position;
}

/**
 * An unpaid message in its own stream, created once: a repeat finds it there. A paid attempt's
 * claim found there instead (a retry after her price went to zero) makes it paid, at the claimed
 * price: the spend with the key gives back the first attempt's if that went through.
 */
async function storeUnpaid(eventStore: EventStore, message: Message, context: MessageContext): Promise<number> {
  const stream = chatStreams.message(message.messageId);
  try {
    const result = await eventStore.appendToStream(
      stream,
      [{ id: messageEventId(message.messageId), type: 'MessageSent', data: message, metadata: context.metadata }],
      {
        expectedRevision: 'no_stream',
      },
    );
    return result.position;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const [first] = await eventStore.readStream(stream);
    if (first!.type !== 'PaidMessageClaimed') return first!.position;
    return pay(eventStore, { ...message, priceUnits: (first!.data as Message).priceUnits }, context);
  }
}
