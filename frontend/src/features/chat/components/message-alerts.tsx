import { Badge, Box, IconButton, Switch } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ChatParty } from '@aura/contracts';
import { formatInteger } from '../../../lib/format';
import { MessageIcon } from '../../../components/ui/icons';
import { useUnreadCounts } from '../api/conversations';
import { setAlertsEnabled, useAlertsEnabled } from '../hooks/alert-settings';
import { useChatRealtime } from '../hooks/use-chat-realtime';
import { useMessageAlerts } from '../hooks/use-message-alerts';

/** The unread count, kept live, and the alerts of a new message for a party (docs/product.md#message-alerts). */
export function useUnreadTotal(partyId: string, party: ChatParty): number {
  const unread = useUnreadCounts(partyId);
  useChatRealtime(partyId);
  useMessageAlerts(partyId, party);
  return unread.data?.total ?? 0;
}

/** The header's envelope for a signed-in user, on every page: his unread messages and the way to /chat. */
export function MessageBadge({ userId }: { userId: string }) {
  const total = useUnreadTotal(userId, 'user');
  const label =
    total === 0 ? 'Messaggi' : `Messaggi, ${formatInteger(total)} ${total === 1 ? 'non letto' : 'non letti'}`;
  return (
    <Box position="relative" data-testid="message-badge">
      <IconButton asChild variant="ghost" size="sm" rounded="full" aria-label={label} title={label}>
        <RouterLink to="/chat">
          <MessageIcon />
        </RouterLink>
      </IconButton>
      {total > 0 ? (
        <Badge
          position="absolute"
          top="-1"
          right="-1"
          colorPalette="red"
          variant="solid"
          rounded="full"
          minW="5"
          justifyContent="center"
          pointerEvents="none"
          aria-hidden="true"
          data-testid="header-unread"
        >
          {total > 99 ? '99+' : formatInteger(total)}
        </Badge>
      ) : null}
    </Box>
  );
}

/** Her dashboard's Chat tab: her unread messages, live (her new messages alert her on every tab). */
export function UnreadTabBadge({ performerId }: { performerId: string }) {
  const total = useUnreadTotal(performerId, 'performer');
  if (total === 0) return null;
  return (
    <Badge colorPalette="red" variant="solid" rounded="full" size="sm" data-testid="chat-tab-unread">
      {formatInteger(total)}
      <Box as="span" srOnly>
        {total === 1 ? ' messaggio non letto' : ' messaggi non letti'}
      </Box>
    </Badge>
  );
}

/** 'Suono e notifiche per i nuovi messaggi': his choice; turning it on asks the browser's permission for notifications. */
export function AlertsToggle() {
  const enabled = useAlertsEnabled();
  return (
    <Switch.Root
      size="sm"
      colorPalette="brand"
      checked={enabled}
      onCheckedChange={(details) => {
        setAlertsEnabled(details.checked);
        if (details.checked && 'Notification' in window && Notification.permission === 'default')
          void Notification.requestPermission().catch(() => undefined);
      }}
      data-testid="alerts-toggle"
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label fontSize="sm">Suono e notifiche per i nuovi messaggi</Switch.Label>
    </Switch.Root>
  );
}
