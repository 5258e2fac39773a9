import { useCurrentUser } from '../../features/account/hooks/use-current-user';
import { ChatLoginNotice, ChatPage } from '../../features/chat/components/chat-page';

/** /chat: the signed-in user's conversations; without one, the login message (docs/product.md#chat, #errors). */
export default function ChatRoute() {
  const { user } = useCurrentUser();
  if (!user) return <ChatLoginNotice />;
  return <ChatPage user={user} />;
}
