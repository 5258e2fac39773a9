import { Box, Button, Card, Container, Grid, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import {
  formatAuracoin,
  priceCeilings,
  RATE_MIN,
  savingPercent,
  WELCOME_BONUS_AURACOIN,
  type PackageView,
} from '@aura/contracts';
import { packagesQueryOptions } from '../../../lib/shared-queries';
import { useStoredUser } from '../../../lib/session-storage';
import { CoinIcon, GiftIcon, LockIcon } from '../../../components/ui/icons';
import { BuyPackages } from './buy-packages';

/** The claims of 'Come Funziona', from the rules and the packages on sale (docs/product.md#pricing): no invented figure. */
export function howItWorks(packages: readonly PackageView[] | undefined): string[] {
  const best = Math.max(
    0,
    ...(packages ?? []).map(
      (pkg) => savingPercent({ credits: pkg.credits, bonus: pkg.bonus, priceCents: Math.round(pkg.price * 100) }) ?? 0,
    ),
  );
  return [
    'Registrati gratis, senza carta di credito',
    'Acquista un pacchetto di auracoin',
    'Gli auracoin non scadono mai',
    ...(best > 0 ? [`Fino al ${best}% di risparmio sui pacchetti più grandi`] : []),
  ];
}

/** What a minute of private videochat costs: each performer sets her rate, within the rules' bounds. */
export const RATE_CLAIM =
  `Ogni performer sceglie la sua tariffa, da ${formatAuracoin(RATE_MIN)} a ${formatAuracoin(priceCeilings.ratePerMinute)} ` +
  'auracoin al minuto di videochat privata: la vedi sul suo profilo prima di iniziare.';

/**
 * The home page's pricing section (anchor #pricing, docs/product.md#buying): for a signed-in user the
 * packages with a working Acquista (the checkout, as on /user), otherwise a card inviting to sign
 * in; then 'Come Funziona'.
 */
export function PricingSection({ offerBonusPercent = 0 }: { offerBonusPercent?: number }) {
  const user = useStoredUser();
  const packages = useQuery(packagesQueryOptions());
  const HOW_IT_WORKS = howItWorks(packages.data);
  return (
    <Box as="section" id="pricing" aria-labelledby="pricing-title" py={{ base: '14', md: '20' }} scrollMarginTop="20">
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Stack gap="3" textAlign="center" mb="10">
          <Heading id="pricing-title" as="h2" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            Pacchetti Auracoin
          </Heading>
          <Text color="fg.muted" data-testid="rate-claim">
            {RATE_CLAIM}
          </Text>
        </Stack>

        {user ? (
          <BuyPackages totalSpent={user.totalAuracoinSpent} offerBonusPercent={offerBonusPercent} titled={false} />
        ) : (
          <Card.Root
            maxW="xl"
            mx="auto"
            rounded="2xl"
            bg="bg.panel"
            borderColor="border"
            data-testid="pricing-login-card"
          >
            <Card.Body gap="4" textAlign="center" alignItems="center">
              <Box color="brand.fg" fontSize="3xl" aria-hidden="true">
                <LockIcon />
              </Box>
              <Heading as="h3" size="lg">
                Accedi per Vedere i Pacchetti
              </Heading>
              <Text color="fg.muted">Registrati o accedi per scoprire i pacchetti auracoin e i loro prezzi.</Text>
              <HStack gap="3" flexWrap="wrap" justify="center">
                <Button asChild colorPalette="brand">
                  <RouterLink to="/register">Registrati Gratis</RouterLink>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to="/login">Accedi</RouterLink>
                </Button>
              </HStack>
              <HStack gap="2" color="gold.fg" fontSize="sm">
                <GiftIcon />
                <Text>Ricevi {WELCOME_BONUS_AURACOIN} auracoin gratis di benvenuto alla registrazione!</Text>
              </HStack>
            </Card.Body>
          </Card.Root>
        )}

        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6" mt="12" alignItems="start">
          <Card.Root rounded="2xl" bg="bg.panel" borderColor="border">
            <Card.Body gap="3">
              <Heading as="h3" size="md">
                Come Funziona
              </Heading>
              <List.Root gap="2" variant="plain">
                {HOW_IT_WORKS.map((step) => (
                  <List.Item key={step} alignItems="center" gap="2">
                    <List.Indicator asChild color="gold.fg">
                      <CoinIcon />
                    </List.Indicator>
                    {step}
                  </List.Item>
                ))}
              </List.Root>
            </Card.Body>
          </Card.Root>
          <Card.Root rounded="2xl" bg="bg.panel" borderColor="border">
            <Card.Body gap="2">
              <HStack gap="2">
                <LockIcon />
                <Heading as="h3" size="md">
                  Pagamenti sicuri
                </Heading>
              </HStack>
              <Text color="fg.muted">
                I pagamenti sono gestiti da un fornitore di pagamenti con carta: i dati della tua carta non passano mai
                dai nostri server.
              </Text>
            </Card.Body>
          </Card.Root>
        </Grid>
      </Container>
    </Box>
  );
}
