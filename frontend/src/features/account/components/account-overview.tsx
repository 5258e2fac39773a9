import type { ReactNode } from 'react';
import { Avatar, Badge, Box, Button, Card, Flex, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { UserView } from '@aura/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { formatAuracoin, formatDate, initialsOf } from '../../../lib/format';
import { CoinIcon, SearchIcon } from '../../../components/ui/icons';
import { LevelBadge } from './level-panel';

export interface AccountOverviewProps {
  user: UserView;
  /** the rest of the user area (level, offer, aliases, packages), above the link to the performers */
  children?: ReactNode;
  /** the server has not answered yet: the figures come from the local cache */
  isRefreshing?: boolean;
}

/** Profile and wallet summary of the signed-in user (/user). */
export function AccountOverview({ user, isRefreshing = false, children }: AccountOverviewProps) {
  return (
    <Stack gap="6">
      <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap="6">
        <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
          <Card.Body>
            <Flex
              gap={{ base: '4', sm: '5' }}
              align="center"
              direction={{ base: 'column', sm: 'row' }}
              textAlign={{ base: 'center', sm: 'start' }}
            >
              <Avatar.Root
                size="2xl"
                colorPalette="brand"
                variant="solid"
                flexShrink={0}
                boxShadow="0 0 0 4px rgba(255, 92, 147, 0.18)"
              >
                <Avatar.Fallback data-testid="avatar-initials">{initialsOf(user.username)}</Avatar.Fallback>
              </Avatar.Root>
              <Stack gap="1.5" minW="0" align={{ base: 'center', sm: 'flex-start' }}>
                <Heading as="h1" size="2xl" letterSpacing="-0.02em" wordBreak="break-word" data-testid="username">
                  {user.username}
                </Heading>
                <Text color="fg.muted" wordBreak="break-all" data-testid="email">
                  {user.email}
                </Text>
                <HStack gap="2" mt="1" flexWrap="wrap" justify={{ base: 'center', sm: 'flex-start' }}>
                  <Badge colorPalette="green" variant="subtle" size="md" data-testid="account-status">
                    <Box as="span" width="2" height="2" rounded="full" bg="green.400" aria-hidden="true" />
                    Attivo
                  </Badge>
                  <LevelBadge totalSpent={user.totalAuracoinSpent} />
                  <Text as="span" fontSize="sm" color="fg.subtle">
                    Membro dal {formatDate(user.createdAt)}
                  </Text>
                </HStack>
              </Stack>
            </Flex>
          </Card.Body>
        </Card.Root>

        <Card.Root
          rounded="2xl"
          borderColor="gold.muted"
          // a solid gold tint, not a gradient: axe computes the contrast of the text on it
          bg="panel.gold"
        >
          <Card.Body gap="2" justifyContent="center">
            <HStack gap="2" color="gold.fg" fontWeight="medium">
              <CoinIcon />
              <Text as="h2" id="saldo-label">
                Saldo auracoin
              </Text>
            </HStack>
            <HStack gap="2" align="baseline" aria-labelledby="saldo-label" aria-busy={isRefreshing}>
              <Text
                fontSize={{ base: '4xl', md: '5xl' }}
                fontWeight="800"
                lineHeight="1"
                color="gold.fg"
                fontVariantNumeric="tabular-nums"
                data-testid="balance"
                aria-live="polite"
              >
                {formatAuracoin(user.auracoinBalance)}
              </Text>
              <Text color="fg.muted" fontWeight="medium">
                auracoin
              </Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              Ogni performer ha la sua tariffa al minuto: la vedi sul suo profilo prima di iniziare
            </Text>
          </Card.Body>
        </Card.Root>
      </Grid>

      {children}

      <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
        <Card.Body>
          <Flex
            gap="4"
            align={{ base: 'stretch', sm: 'center' }}
            justify="space-between"
            direction={{ base: 'column', sm: 'row' }}
          >
            <Stack gap="1">
              <Heading as="h2" size="md">
                Scopri le performer
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                Guarda chi è online adesso e inizia una videochat privata.
              </Text>
            </Stack>
            <Button asChild colorPalette="brand">
              <RouterLink to="/#performers">
                <SearchIcon />
                Esplora le Performer
              </RouterLink>
            </Button>
          </Flex>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
