import { rooms, type ChatParty } from '@aura/contracts';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import type { chatRateLimits } from './rate-limits';
import type { AuraSocket } from '../../platform/realtime/realtime';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** typing pings closer than this are dropped (a stop always passes) */
const TYPING_EVERY_MS = 1000;

/**
 * A connection's chat handlers: it joins a conversation's room only when its session is one of the
 * two parties, and relays 'sta scrivendo…' to the other party in that room only. Typing past its
 * rate limit (per account and conversation, every connection of the account together) is dropped
 * silently: it is a hint, and the sender's box has nothing to show (docs/architecture.md#rate-limits).
 */
export function chatSockets(
  /** the conversation's two parties (null: no such conversation) */
  partiesOf: (conversationId: string) => Promise<{ userId: string; performerId: string } | null>,
  limits: Pick<RateLimiter<keyof typeof chatRateLimits | DoorLimit>, 'take'>,
) {
  return (socket: AuraSocket) => {
    const principal = socket.data.principal;
    const party: ChatParty | undefined =
      principal?.kind === 'user' ? 'user' : principal?.kind === 'performer' ? 'performer' : undefined;
    const lastTyping = new Map<string, number>();

    socket.on('conversation:join', async (conversationId, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      if (
        !principal ||
        !party ||
        socket.data.ageVerified === false ||
        typeof conversationId !== 'string' ||
        !UUID.test(conversationId)
      )
        return answer(false);
      const doc = await partiesOf(conversationId).catch(() => null);
      const isParty =
        doc !== null && (party === 'user' ? doc.userId === principal.sub : doc.performerId === principal.sub);
      if (isParty) await socket.join(rooms.conversation(conversationId));
      answer(isParty);
    });

    socket.on('conversation:leave', (conversationId) => {
      if (typeof conversationId === 'string') void socket.leave(rooms.conversation(conversationId));
    });

    socket.on('chat:typing', async (conversationId, typing) => {
      if (!principal || !party || socket.data.ageVerified === false || typeof conversationId !== 'string') return;
      const room = rooms.conversation(conversationId);
      if (!socket.rooms.has(room)) return;
      const now = Date.now();
      if (typing === true && now - (lastTyping.get(conversationId) ?? 0) < TYPING_EVERY_MS) return;
      lastTyping.set(conversationId, typing === true ? now : 0);
      const wait = await limits.take(['typing', `${principal.sub}|${conversationId}`]).catch(() => 1);
      if (wait > 0) return;
      socket.to(room).emit('chat:typing', { conversationId, senderType: party, typing: typing === true });
    });
  };
}
