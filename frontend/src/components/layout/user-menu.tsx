import { Avatar, Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { formatAuracoinLabel, initialsOf } from '../../lib/format';
import { ChatIcon, CoinIcon, DashboardIcon, LogoutIcon, SettingsIcon } from '../ui/icons';

export interface UserMenuProps {
  username: string;
  email: string;
  /** live auracoin balance */
  balance: number;
  onLogout: () => void;
  isLoggingOut?: boolean;
}

/** The signed-in user's avatar menu (spec §2). Keyboard: Enter/Space/↓ opens, arrows move, Esc closes. */
export function UserMenu({ username, email, balance, onLogout, isLoggingOut = false }: UserMenuProps) {
  const navigate = useNavigate();
  const initials = initialsOf(username);

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end', gutter: 8 }}
      onSelect={({ value }) => {
        if (value === 'dashboard') void navigate('/user');
        else if (value === 'chat') void navigate('/chat');
        else if (value === 'logout') onLogout();
      }}
    >
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          rounded="full"
          px="1"
          height="auto"
          minW="auto"
          aria-label={`Menu account di ${username}`}
          data-testid="user-menu-trigger"
        >
          <Avatar.Root size="sm" colorPalette="brand" variant="solid">
            <Avatar.Fallback>{initials}</Avatar.Fallback>
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="64" maxW="calc(100vw - 24px)" py="2" bg="bg.panel" borderWidth="1px" borderColor="border">
            <Box px="3" py="2">
              <Text fontWeight="semibold" lineClamp={1}>
                {username}
              </Text>
              <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                {email}
              </Text>
            </Box>
            <Menu.Separator />
            <Menu.Item value="dashboard">
              <DashboardIcon />
              Dashboard
            </Menu.Item>
            <Menu.Item value="chat">
              <ChatIcon />
              Chat
            </Menu.Item>
            <Menu.Item value="settings" disabled>
              <SettingsIcon />
              Impostazioni
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="balance" disabled data-testid="header-balance">
              <Box as="span" color="gold.fg" display="inline-flex">
                <CoinIcon />
              </Box>
              {formatAuracoinLabel(balance)}
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" color="fg.error" disabled={isLoggingOut} _highlighted={{ bg: 'bg.error' }}>
              <LogoutIcon />
              Esci
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
