import { Badge, Box, Menu } from '@chakra-ui/react';
import { formatEuro } from '@aura/contracts';
import { useNavigate } from 'react-router-dom';
import { AccountMenu } from './account-menu';

export interface PerformerMenuProps {
  name: string;
  email: string | null;
  isOnline: boolean;
  totalEarnings: number | null | undefined;
  onLogout: () => void;
}

/** The signed-in performer's avatar menu (docs/product.md#frame). */
export function PerformerMenu({ name, email, isOnline, totalEarnings, onLogout }: PerformerMenuProps) {
  const navigate = useNavigate();
  return (
    <AccountMenu
      name={name}
      email={email ?? ''}
      label={`Menu performer di ${name}`}
      testId="performer-menu-trigger"
      palette="purple"
      badge={
        <Badge colorPalette={isOnline ? 'green' : 'gray'} variant="solid" size="sm">
          {isOnline ? 'Online' : 'Offline'}
        </Badge>
      }
      onSelect={(value) => {
        if (value === 'logout') {
          onLogout();
          void navigate('/');
        } else if (value !== 'earnings')
          void navigate(value === 'dashboard' ? '/performer/dashboard' : `/performer/dashboard?tab=${value}`);
      }}
    >
      <Menu.Item value="dashboard">Dashboard</Menu.Item>
      <Menu.Item value="profile">Profilo</Menu.Item>
      <Menu.Item value="gallery">Galleria</Menu.Item>
      <Menu.Item value="chat">Chat</Menu.Item>
      <Menu.Separator />
      <Menu.Item value="earnings" disabled>
        <Box as="span" color="gold.fg">
          {formatEuro(totalEarnings ?? 0)} guadagnati
        </Box>
      </Menu.Item>
      <Menu.Separator />
      <Menu.Item value="logout" color="fg.error" _highlighted={{ bg: 'bg.error' }}>
        Esci
      </Menu.Item>
    </AccountMenu>
  );
}
