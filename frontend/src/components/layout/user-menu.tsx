import { Box, Menu } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { formatAuracoinLabel } from '../../lib/format';
import { ChatIcon, CoinIcon, DashboardIcon, LogoutIcon, SettingsIcon } from '../ui/icons';
import { AccountMenu } from './account-menu';

export interface UserMenuProps {
  username: string;
  email: string;
  /** live auracoin balance */
  balance: number;
  onLogout: () => void;
  isLoggingOut?: boolean;
}

/** The signed-in user's avatar menu (docs/product.md#frame). Keyboard: Enter/Space/↓ opens, arrows move, Esc closes. */
export function UserMenu({ username, email, balance, onLogout, isLoggingOut = false }: UserMenuProps) {
  const navigate = useNavigate();
  return (
    <AccountMenu
      name={username}
      email={email}
      label={`Menu account di ${username}`}
      testId="user-menu-trigger"
      palette="brand"
      onSelect={(value) => {
        if (value === 'dashboard') void navigate('/user');
        else if (value === 'chat') void navigate('/chat');
        else if (value === 'settings') void navigate('/impostazioni');
        else if (value === 'logout') onLogout();
      }}
    >
      <Menu.Item value="dashboard">
        <DashboardIcon />
        Dashboard
      </Menu.Item>
      <Menu.Item value="chat">
        <ChatIcon />
        Chat
      </Menu.Item>
      <Menu.Item value="settings">
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
    </AccountMenu>
  );
}
