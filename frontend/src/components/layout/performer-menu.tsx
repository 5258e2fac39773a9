import { Avatar, Badge, Box, Button, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import { formatEuro2 } from '@aura/contracts';
import { useNavigate } from 'react-router-dom';
import { initialsOf } from '../../lib/format';

export interface PerformerMenuProps {
  name: string;
  email: string | null;
  isOnline: boolean;
  totalEarnings: number | null | undefined;
  onLogout: () => void;
}

/** The signed-in performer's avatar menu (spec §2). */
export function PerformerMenu({ name, email, isOnline, totalEarnings, onLogout }: PerformerMenuProps) {
  const navigate = useNavigate();
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end', gutter: 8 }}
      onSelect={({ value }) => {
        if (value === 'logout') {
          onLogout();
          void navigate('/');
        }
        else if (value !== 'earnings') void navigate('/performer/dashboard');
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" rounded="full" px="1" height="auto" minW="auto" aria-label={`Menu performer di ${name}`} data-testid="performer-menu-trigger">
          <Avatar.Root size="sm" colorPalette="purple" variant="solid">
            <Avatar.Fallback>{initialsOf(name)}</Avatar.Fallback>
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="64" maxW="calc(100vw - 24px)" py="2" bg="bg.panel" borderWidth="1px" borderColor="border">
            <Box px="3" py="2">
              <HStack justify="space-between" gap="2">
                <Text fontWeight="semibold" lineClamp={1}>
                  {name}
                </Text>
                <Badge colorPalette={isOnline ? 'green' : 'gray'} variant="solid" size="sm">
                  {isOnline ? 'Online' : 'Offline'}
                </Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                {email ?? ''}
              </Text>
            </Box>
            <Menu.Separator />
            <Menu.Item value="dashboard">Dashboard</Menu.Item>
            <Menu.Item value="profile">Profilo</Menu.Item>
            <Menu.Item value="gallery">Galleria</Menu.Item>
            <Menu.Item value="chat">Chat</Menu.Item>
            <Menu.Separator />
            <Menu.Item value="earnings" disabled>
              <Box as="span" color="gold.fg">
                € {formatEuro2(totalEarnings)} guadagnati
              </Box>
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" color="fg.error" _highlighted={{ bg: 'bg.error' }}>
              Esci
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
