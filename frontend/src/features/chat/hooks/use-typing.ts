import { useCallback, useEffect, useRef, useState } from 'react';
import { TYPING_TIMEOUT_MS, type ChatParty, type ServerToClientEvents } from '@aura/contracts';
import { withSocket, type AuraSocket } from '../../../lib/socket';

/** How often a keystroke may say 'still typing'. */
const TYPING_EVERY_MS = 1500;

/**
 * 'sta scrivendo…' both ways for the open conversation: this connection joins the conversation's
 * room (again after every reconnect), says when its party types or stops, and hears the other's.
 */
export function useTyping(conversationId: string, party: ChatParty) {
  const socketRef = useRef<AuraSocket | null>(null);
  const lastSent = useRef(0);
  const [otherTyping, setOtherTyping] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const undo = withSocket((socket) => {
      socketRef.current = socket;
      const join = () => socket.emit('conversation:join', conversationId, () => undefined);
      const onTyping: ServerToClientEvents['chat:typing'] = (payload) => {
        if (payload.conversationId !== conversationId || payload.senderType === party) return;
        clearTimeout(timer);
        setOtherTyping(payload.typing);
        if (payload.typing) timer = setTimeout(() => setOtherTyping(false), TYPING_TIMEOUT_MS);
      };
      const onMessage: ServerToClientEvents['chat:message'] = ({ message }) => {
        if (message.conversationId === conversationId && message.senderType !== party) setOtherTyping(false);
      };
      if (socket.connected) join();
      socket.on('connect', join);
      socket.on('chat:typing', onTyping);
      socket.on('chat:message', onMessage);
      return () => {
        socket.emit('conversation:leave', conversationId);
        socket.off('connect', join);
        socket.off('chat:typing', onTyping);
        socket.off('chat:message', onMessage);
      };
    });
    return () => {
      clearTimeout(timer);
      undo();
      socketRef.current = null;
      setOtherTyping(false);
    };
  }, [conversationId, party]);

  const typing = useCallback(
    (isTyping: boolean) => {
      const now = Date.now();
      if (isTyping && now - lastSent.current < TYPING_EVERY_MS) return;
      if (!isTyping && lastSent.current === 0) return;
      lastSent.current = isTyping ? now : 0;
      socketRef.current?.emit('chat:typing', conversationId, isTyping);
    },
    [conversationId],
  );

  return { otherTyping, typing };
}
