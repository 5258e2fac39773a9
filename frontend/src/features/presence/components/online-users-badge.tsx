import { Badge, Box } from '@chakra-ui/react';
import { formatInteger } from '../../../lib/format';
import { usePresence } from '../api/presence';

/** The header's live online-users badge: real people connected, from presence. */
export function OnlineUsersBadge() {
  const presence = usePresence();
  const count = presence.data?.onlineUsers;
  if (count === undefined) return null;
  return (
    <Badge
      colorPalette="green"
      variant="subtle"
      rounded="full"
      px="2.5"
      py="1"
      aria-live="polite"
      title="Utenti online adesso"
      role="status"
      aria-label={`${formatInteger(count)} utenti online`}
      data-testid="online-users-badge"
    >
      <Box as="span" width="2" height="2" rounded="full" bg="green.400" aria-hidden="true" />
      <span>
        {formatInteger(count)}
        <Box as="span" display={{ base: 'none', sm: 'inline' }}>
          {' '}
          online
        </Box>
      </span>
    </Badge>
  );
}
